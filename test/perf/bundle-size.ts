/**
 * `node test/perf/run.cjs bundle [--dist DIR] [--no-build] [--no-server] [--out FILE]`
 *
 * The first page's JavaScript: builds the client and the server (unless --no-build or --dist is
 * given), reads the built index.html and sums the size of every JS file it loads on first paint
 * (the entry <script type="module"> and its <link rel="modulepreload"> links), gzip and brotli (the
 * .br file the build writes). Everything loaded later with import() (feature pages, the PDF code) is
 * listed apart. A signed-in user's first page also loads the app shell and the donors' search (lazy
 * chunks): that total is the second figure.
 *
 * Then what a browser really receives (transfer.ts): the built server started as in production,
 * /auth/login and the signed-in /donantes visited in headless Chromium with Accept-Encoding: br,
 * each twice in the same browser. Goals: the first page at most TRANSFER_GOAL_KB transferred, and
 * a repeat visit transfers no JavaScript. Prints the tables and writes
 * test/perf/results/bundle-latest.json.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { buildServer, registerSession, startBuiltServer } from './built-server';
import { formatVisits, measureVisits, type Visit } from './transfer';
import { parseArgs } from './util';

const ROOT = path.resolve(__dirname, '..', '..');
export const CLIENT_DIR = path.join(ROOT, 'client');

/** Issue 10: the first page's JavaScript at most 250 kB gzipped. */
export const INITIAL_JS_GOAL_KB = 250;

/** Issue 30: the first page at most 200 kB over the wire (brotli), everything included. */
export const TRANSFER_GOAL_KB = 200;

/** bytes: as built; gzipBytes: gzip -6; brBytes: the .br file the build wrote (brotli 11). */
export type ChunkSize = { file: string; bytes: number; gzipBytes: number; brBytes: number };
export type BundleReport = {
  /** JS loaded by index.html on first paint: entry + modulepreload links. */
  initial: ChunkSize[];
  /**
   * What a signed-in user's first page (/donantes) adds to `initial`: the app shell (top bar,
   * menu) and the donors' search, lazy chunks, and the chunks they import.
   */
  signedIn: ChunkSize[];
  /** initial + signedIn. */
  signedInGzipKb: number;
  signedInBrKb: number;
  /** Every other JS chunk (loaded on demand with import()). */
  lazy: ChunkSize[];
  initialKb: number;
  initialGzipKb: number;
  initialBrKb: number;
  goalGzipKb: number;
};

const kb = (bytes: number) => Math.round((bytes / 1000) * 10) / 10;

function sizeOf(distDir: string, file: string): ChunkSize {
  const code = fs.readFileSync(path.join(distDir, file));
  const br = path.join(distDir, `${file}.br`);
  return {
    file,
    bytes: code.length,
    // Default zlib level (6), what a server's compression middleware uses; Vite's report is close.
    gzipBytes: gzipSync(code).length,
    // What the server sends a browser that accepts brotli (a build without .br files: computed).
    brBytes: fs.existsSync(br)
      ? fs.statSync(br).size
      : brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/** The JS files index.html loads before the first paint, relative to distDir. */
export function firstPaintScripts(indexHtml: string): string[] {
  const files = new Set<string>();
  for (const tag of indexHtml.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isEntry = /^<script\b/.test(tag) && /\btype=["']?module/.test(tag);
    const isPreload = /^<link\b/.test(tag) && /\brel=["']?modulepreload/.test(tag);
    const url = /\b(?:src|href)=["']?([^"'\s>]+)/.exec(tag)?.[1];
    if ((isEntry || isPreload) && url && url.endsWith('.js')) files.add(url.replace(/^\//, ''));
  }
  return [...files];
}

/**
 * The lazily loaded modules a signed-in user's home (/donantes) needs besides the entry: the app
 * shell (client/src/app/router.tsx) and the donors' search (features/donantes/routes.tsx).
 */
export const SIGNED_IN_MODULES = ['src/app/layout/app-layout.tsx', 'src/features/donantes/donantes-page.tsx'];

type ManifestChunk = { file: string; imports?: string[] };

/** The JS files a module's chunk loads (itself and its static imports), from Vite's manifest. */
function chunkClosure(distDir: string, module: string): string[] {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  if (!manifest[module]) throw new Error(`El manifiesto de ${distDir} no tiene ${module}`);
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(module);
  return [...files];
}

/** Measures a built client (a directory with index.html and assets/). */
export function measureBundle(distDir: string): BundleReport {
  const initialFiles = firstPaintScripts(fs.readFileSync(path.join(distDir, 'index.html'), 'utf8'));
  if (initialFiles.length === 0) throw new Error(`index.html de ${distDir} no carga ningún script`);
  const initial = initialFiles.map((f) => sizeOf(distDir, f));
  const all = fs
    .readdirSync(path.join(distDir, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => `assets/${f}`);
  const lazy = all
    .filter((f) => !initialFiles.includes(f))
    .map((f) => sizeOf(distDir, f))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  const sum = (list: ChunkSize[], k: 'bytes' | 'gzipBytes' | 'brBytes') => list.reduce((s, c) => s + c[k], 0);
  const signedIn = [...new Set(SIGNED_IN_MODULES.flatMap((m) => chunkClosure(distDir, m)))]
    .filter((f) => !initialFiles.includes(f))
    .map((f) => sizeOf(distDir, f));
  return {
    initial: initial.sort((a, b) => b.gzipBytes - a.gzipBytes),
    signedIn,
    signedInGzipKb: kb(sum(initial, 'gzipBytes') + sum(signedIn, 'gzipBytes')),
    signedInBrKb: kb(sum(initial, 'brBytes') + sum(signedIn, 'brBytes')),
    lazy,
    initialKb: kb(sum(initial, 'bytes')),
    initialGzipKb: kb(sum(initial, 'gzipBytes')),
    initialBrKb: kb(sum(initial, 'brBytes')),
    goalGzipKb: INITIAL_JS_GOAL_KB,
  };
}

/**
 * `vite build` of the client into outDir (client/dist when omitted). NODE_ENV is forced to
 * production: under jest it is 'test', and Vite would then bundle React's development builds
 * (about 100 kB gzip more than what users get).
 */
export function buildClient(outDir?: string): void {
  const args = ['vite', 'build', '--logLevel', 'warn'];
  if (outDir) args.push('--outDir', outDir, '--emptyOutDir');
  execFileSync(process.platform === 'win32' ? 'npx.cmd' : 'npx', args, {
    cwd: CLIENT_DIR,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
  });
}

/** What a client build is made of: a change to any of these makes client/dist stale. */
const BUILD_INPUTS = [
  path.join(CLIENT_DIR, 'src'),
  path.join(CLIENT_DIR, 'index.html'),
  path.join(CLIENT_DIR, 'vite.config.ts'),
  path.join(CLIENT_DIR, 'package.json'),
  path.join(ROOT, 'server', 'src', 'domain'),
  path.join(ROOT, 'package-lock.json'),
];

function newestMtime(file: string): number {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(file).map((name) => newestMtime(path.join(file, name))));
}

/**
 * client/dist when it was built after the last change to the client's sources (as `npm test`
 * leaves it: it runs `npm run build` first), else null: a stale build is never measured.
 */
export function freshClientDist(): string | null {
  const dist = path.join(CLIENT_DIR, 'dist');
  const built = fs.statSync(path.join(dist, 'index.html'), { throwIfNoEntry: false });
  if (!built) return null;
  return Math.max(...BUILD_INPUTS.map(newestMtime)) < built.mtimeMs ? dist : null;
}

export function formatReport(report: BundleReport): string {
  const lines = ['JS de la primera página (entrada + modulepreload):'];
  for (const c of report.initial) {
    lines.push(
      `  ${c.file.padEnd(48)} ${String(kb(c.bytes)).padStart(8)} kB  ${String(kb(c.gzipBytes)).padStart(7)} kB gzip  ${String(kb(c.brBytes)).padStart(7)} kB br`,
    );
  }
  const lazyGzip = kb(report.lazy.reduce((s, c) => s + c.gzipBytes, 0));
  lines.push(`Cargado bajo demanda (import()): ${report.lazy.length} archivos, ${lazyGzip} kB gzip`);
  const ok = report.initialGzipKb <= report.goalGzipKb;
  lines.push(
    `Total inicial: ${report.initialKb} kB, ${report.initialGzipKb} kB gzip (objetivo ≤ ${report.goalGzipKb} kB gzip) ${ok ? 'OK' : 'NO CUMPLE'}, ${report.initialBrKb} kB br`,
  );
  const signedOk = report.signedInGzipKb <= report.goalGzipKb;
  lines.push(
    `Con sesión iniciada (/donantes: + ${report.signedIn.map((c) => c.file).join(', ')}): ` +
      `${report.signedInGzipKb} kB gzip ${signedOk ? 'OK' : 'NO CUMPLE'}, ${report.signedInBrKb} kB br`,
  );
  return lines.join('\n');
}

/** Whether the visits meet issue 30's goals: a first page within TRANSFER_GOAL_KB, no JS on a repeat visit. */
export function transferGoals(visits: Visit[]): { firstPageOk: boolean; repeatOk: boolean } {
  const login = visits.find((v) => v.page === '/auth/login' && v.kind === 'first');
  return {
    firstPageOk: login !== undefined && login.bytes <= TRANSFER_GOAL_KB * 1000,
    repeatOk: visits.filter((v) => v.kind === 'repeat').every((v) => v.scripts > 0 && v.scriptBytes === 0),
  };
}

export async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  const distArg = typeof args.dist === 'string' ? args.dist : undefined;
  const distDir = distArg ? path.resolve(distArg) : path.join(CLIENT_DIR, 'dist');
  const measureServer = !distArg && !args['no-server'];
  if (!distArg && !args['no-build']) {
    buildClient();
    if (measureServer) buildServer();
  } else if (!distArg && !freshClientDist()) console.warn('Aviso: client/dist es anterior a los fuentes.');
  const report = measureBundle(distDir);
  console.log(formatReport(report));

  let visits: Visit[] = [];
  let goals = { firstPageOk: true, repeatOk: true };
  if (measureServer) {
    const server = await startBuiltServer();
    try {
      visits = await measureVisits(server.url, await registerSession(server.url));
    } finally {
      await server.stop();
    }
    console.log(formatVisits(visits));
    goals = transferGoals(visits);
    console.log(
      `Primera página (/auth/login): objetivo ≤ ${TRANSFER_GOAL_KB} kB transferidos ${goals.firstPageOk ? 'OK' : 'NO CUMPLE'}; ` +
        `visita repetida sin bytes de JS ${goals.repeatOk ? 'OK' : 'NO CUMPLE'}`,
    );
  }
  const out = path.resolve(
    typeof args.out === 'string' ? args.out : path.join(__dirname, 'results', 'bundle-latest.json'),
  );
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(
    out,
    JSON.stringify({ date: new Date().toISOString(), ...report, visits }, null, 2) + '\n',
  );
  console.log(`Escrito ${path.relative(process.cwd(), out)}`);
  const sizesOk = report.initialGzipKb <= report.goalGzipKb && report.signedInGzipKb <= report.goalGzipKb;
  return sizesOk && goals.firstPageOk && goals.repeatOk ? 0 : 1;
}
