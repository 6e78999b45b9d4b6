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

/**
 * The lazy modules a signed-in start needs before its first paint: the app shell always, and the
 * home screen's own module when the page opened is that home (keys: the home's path, or 'sesion'
 * for the shell). Kept in step with src/app/preload.ts, which requests the same modules.
 */
const SESSION_PRELOAD: Record<string, string> = {
  sesion: 'src/app/layout/app-layout.tsx',
  '/donantes': 'src/features/donantes/donantes-page.tsx',
};

/** Where the build writes the lists of SESSION_PRELOAD (a dot folder: never served as a file). */
const SESSION_PRELOAD_FILE = '.vite/preload-sesion.json';

/**
 * Writes, for each entry of SESSION_PRELOAD, the scripts its module needs (its chunk and the
 * chunks it imports statically, minus those index.html already loads): the server adds them to
 * index.html as <link rel="modulepreload"> when the request says a session is stored
 * (server/src/static-files.ts), so a signed-in start fetches them with the entry instead of in a
 * second round trip once the entry has run.
 */
function sessionPreload(): Plugin {
  let root = '';
  return {
    name: 'hemoterapia:session-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (fileName: string, into = new Set<string>()): Set<string> => {
        const chunk = byFile.get(fileName);
        if (!chunk || into.has(fileName)) return into;
        into.add(fileName);
        for (const imported of chunk.imports) closure(imported, into);
        return into;
      };
      const initial = new Set(chunks.filter((c) => c.isEntry).flatMap((c) => [...closure(c.fileName)]));
      const lists = Object.fromEntries(
        Object.entries(SESSION_PRELOAD).map(([key, module]) => {
          const id = path.resolve(root, module);
          const chunk = chunks.find((c) => c.facadeModuleId === id);
          if (!chunk) throw new Error(`${module} no es un módulo propio del build (import() perdido)`);
          return [key, [...closure(chunk.fileName)].filter((f) => !initial.has(f)).map((f) => `/${f}`)];
        }),
      );
      this.emitFile({
        type: 'asset',
        fileName: SESSION_PRELOAD_FILE,
        source: JSON.stringify(lists, null, 2),
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), sessionPreload()],
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
