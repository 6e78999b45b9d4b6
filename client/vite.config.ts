import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import pkg from '../package.json';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The text files of a build that the server sends compressed. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|wasm)$/;

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) beside every text file of the
 * build, when smaller: the server sends them by Accept-Encoding (server/src/static-files.ts), so no
 * request pays for compressing a static file. Dot folders (.vite/manifest.json) are not served.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'hemoterapia:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = fs
        .readdirSync(outDir, { recursive: true, encoding: 'utf8' })
        .filter((f) => COMPRESSIBLE.test(f) && !f.split(path.sep).some((part) => part.startsWith('.')));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const data = fs.readFileSync(full);
          const variants = [
            ['.br', await brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })],
            ['.gz', await gzip(data, { level: 9 })],
          ] as const;
          for (const [suffix, compressed] of variants) {
            if (compressed.length < data.length) fs.writeFileSync(full + suffix, compressed);
          }
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    alias: {
      '@': path.resolve(__dirname, 'src'),
      '@domain': path.resolve(__dirname, '../server/src/domain'),
    },
  },
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
    __BUILD_DATE__: JSON.stringify(new Date().toISOString()),
  },
  server: {
    port: 5173,
    proxy: {
      '/graphql': 'http://localhost:4000',
      '/api': 'http://localhost:4000',
      '/planillas': 'http://localhost:4000',
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // dist/.vite/manifest.json: which chunks each lazy screen needs (test/perf/bundle-size.ts).
    manifest: true,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      treeshake: {
        // Chakra's theme module builds its whole default theme (~80 recipes) at load time through
        // defineConfig(), an identity function; marked pure, the recipes src/app/theme.ts leaves
        // out are dropped from the bundle.
        manualPureFunctions: ['defineConfig'],
      },
    },
  },
});
