/**
 * `node test/perf/run.cjs browser [--runs N] [--warmup N] [--donations N] [--out FILE]`
 *
 * Times the printable PDFs in Chromium, through the production code path: the client's print
 * module (client/src/imprimibles/print.ts) is built by Vite with the client's own config
 * (production, minified, the PDF code in lazy chunks exactly as in the app) behind a one-line entry
 * that exposes it, served over loopback HTTP and called in headless Chromium. Each figure is the
 * time from the call (renderLibro / renderEtiquetas) until the PDF Blob exists.
 *
 * - cold: the first call on a fresh page, including loading the lazy chunks (@react-pdf, the
 *   document module), as a user's first print.
 * - warm: median and p95 of --runs calls after --warmup calls on the same page.
 *
 * Goals (issue 10): register book of 900 donations (200 pages) < 3 s; label sheet (6 barcode
 * labels) < 300 ms. Prints a table and writes test/perf/results/browser-latest.json.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { donacion, servicio } from '../pdf/fixtures';
import { numberArg, parseArgs, percentile } from './util';

const ROOT = path.resolve(__dirname, '..', '..');
const CLIENT_DIR = path.join(ROOT, 'client');
const PRINT_MODULE = path.join(CLIENT_DIR, 'src', 'imprimibles', 'print.ts');

export const GOALS_MS = { registerBook: 3000, labelSheet: 300 };

export type Timing = { cold: number; runs: number[]; median: number; p95: number; min: number; max: number };
export type BrowserBenchResult = {
  date: string;
  machine: { cpus: number; node: string; chromium: string };
  runs: number;
  warmup: number;
  cases: {
    name: string;
    detail: string;
    goalMs: number;
    /** PDF size in bytes (the last run). */
    pdfBytes: number;
    timing: Timing;
    ok: boolean;
  }[];
};

export type BrowserBenchOptions = {
  runs?: number;
  warmup?: number;
  donations?: number;
  log?: (line: string) => void;
};

// ---------------------------------------------------------------------------
// Chromium, as test/e2e/global-setup.mjs finds it

export async function resolveChromium(): Promise<{ executablePath: string; args: string[] }> {
  if (process.env.CHROMIUM_PATH) return { executablePath: process.env.CHROMIUM_PATH, args: [] };
  if (fs.existsSync('/usr/bin/chromium')) return { executablePath: '/usr/bin/chromium', args: [] };
  const { default: sparticuz } = await import('@sparticuz/chromium');
  return { executablePath: await sparticuz.executablePath(), args: sparticuz.args };
}

async function launch(): Promise<Browser> {
  const { executablePath, args } = await resolveChromium();
  const extra = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'];
  return chromium.launch({ executablePath, args: [...new Set([...(args ?? []), ...extra])], headless: true });
}

// ---------------------------------------------------------------------------
// The bundle: the print module built with the client's Vite config

/** Builds the print module into outDir/assets/bench-entry.js (plus its lazy chunks). */
export function buildPrintBundle(outDir: string, minify = true): void {
  const entry = path.join(outDir, 'print-entry.ts');
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(
    entry,
    `import * as print from ${JSON.stringify(PRINT_MODULE)};\n(window as any).__print = print;\n`,
  );
  // Vite is ESM-only: build through a small ESM script with the client's own vite.config.ts.
  const script = `
    import { build } from 'vite';
    await build({
      root: ${JSON.stringify(CLIENT_DIR)},
      configFile: ${JSON.stringify(path.join(CLIENT_DIR, 'vite.config.ts'))},
      logLevel: 'warn',
      build: {
        outDir: ${JSON.stringify(path.join(outDir, 'dist'))},
        emptyOutDir: true,
        minify: ${minify},
        rollupOptions: {
          input: { 'bench-entry': ${JSON.stringify(entry)} },
          output: { entryFileNames: 'assets/[name].js' },
        },
      },
    });
  `;
  execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: CLIENT_DIR,
    stdio: ['ignore', 'ignore', 'inherit'],
    // React's production build, as users get it, whatever NODE_ENV the caller has (jest: 'test').
    env: { ...process.env, NODE_ENV: 'production', VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
  });
}

function serve(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const types: Record<string, string> = {
    '.js': 'text/javascript',
    '.html': 'text/html',
    '.css': 'text/css',
  };
  const index =
    '<!doctype html><html lang="es-AR"><head><meta charset="utf-8"><title>bench</title>' +
    '<script type="module" src="/assets/bench-entry.js"></script></head><body></body></html>';
  const server = http.createServer((req, res) => {
    const urlPath = decodeURIComponent((req.url ?? '/').split('?')[0]);
    if (urlPath === '/' || urlPath === '/index.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(index);
      return;
    }
    const file = path.join(dir, path.normalize(urlPath));
    if (!file.startsWith(dir) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'content-type': types[path.extname(file)] ?? 'application/octet-stream',
      // Every page loads the chunks afresh: its first print is a cold one.
      'cache-control': 'no-store',
    });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}

// ---------------------------------------------------------------------------
// Measuring

type Kind = 'registerBook' | 'labelSheet';

/** One call in the page: ms from the call until the Blob exists, and the Blob's size. */
async function timeOnce(page: Page, kind: Kind, payload: unknown): Promise<{ ms: number; bytes: number }> {
  return page.evaluate(
    async ({ kind, payload }) => {
      type PrintApi = {
        renderLibro(d: unknown, s: unknown): Promise<{ blob: Blob }>;
        renderEtiquetas(d: unknown): Promise<Blob>;
      };
      const api = (window as unknown as { __print: PrintApi }).__print;
      const p = payload as { donaciones: unknown; servicio: unknown; label: unknown };
      const t0 = performance.now();
      const blob =
        kind === 'registerBook'
          ? (await api.renderLibro(p.donaciones, p.servicio)).blob
          : await api.renderEtiquetas(p.label);
      return { ms: performance.now() - t0, bytes: blob.size };
    },
    { kind, payload },
  );
}

const round = (ms: number) => Math.round(ms * 10) / 10;

export async function runBrowserBench(options: BrowserBenchOptions = {}): Promise<BrowserBenchResult> {
  const runs = options.runs ?? 5;
  const warmup = options.warmup ?? 1;
  const n = options.donations ?? 900;
  const log = options.log ?? (() => {});
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'browser-bench-'));
  const browser = await launch();
  let server: Awaited<ReturnType<typeof serve>> | undefined;
  try {
    log('Compilando el módulo de impresión con la configuración de Vite del cliente...');
    buildPrintBundle(work);
    server = await serve(path.join(work, 'dist'));
    // Every donation different (number, time, donor), as in a real day's book.
    const payload = {
      donaciones: Array.from({ length: n }, (_, i) => donacion(i)),
      servicio,
      label: { numero: '004217', codigo: '004217E', fecha: '2025-08-09', servicio },
    };
    const cases: { kind: Kind; name: string; detail: string; runs: number }[] = [
      {
        kind: 'registerBook',
        name: 'Libro de registro',
        detail: `${n} donaciones, ${Math.ceil(n / 9) * 2} páginas`,
        runs,
      },
      // Cheap enough for more samples.
      {
        kind: 'labelSheet',
        name: 'Hoja de etiquetas',
        detail: '6 etiquetas con código de barras',
        runs: runs * 3,
      },
    ];
    const result: BrowserBenchResult = {
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, node: process.version, chromium: browser.version() },
      runs,
      warmup,
      cases: [],
    };
    // One context: the bundled single-process Chromium does not survive closing one.
    const context = await browser.newContext({ locale: 'es-AR' });
    for (const c of cases) {
      // A fresh page per document (the server forbids caching): its first call is the user's first print.
      const page = await context.newPage();
      page.setDefaultTimeout(120_000);
      await page.goto(server.url);
      await page.waitForFunction(() => 'renderLibro' in ((window as { __print?: object }).__print ?? {}));
      const cold = await timeOnce(page, c.kind, payload);
      log(`  ${c.name}: primera vez ${round(cold.ms)} ms`);
      for (let i = 0; i < warmup; i++) await timeOnce(page, c.kind, payload);
      const times: number[] = [];
      let bytes = cold.bytes;
      for (let i = 0; i < c.runs; i++) {
        const r = await timeOnce(page, c.kind, payload);
        log(`    ${round(r.ms)} ms`);
        times.push(r.ms);
        bytes = r.bytes;
      }
      await page.close();
      const sorted = [...times].sort((a, b) => a - b);
      const timing: Timing = {
        cold: round(cold.ms),
        runs: times.map(round),
        median: round(percentile(sorted, 50)),
        p95: round(percentile(sorted, 95)),
        min: round(sorted[0]),
        max: round(sorted[sorted.length - 1]),
      };
      const goalMs = GOALS_MS[c.kind];
      result.cases.push({
        name: c.name,
        detail: c.detail,
        goalMs,
        pdfBytes: bytes,
        timing,
        ok: timing.p95 < goalMs,
      });
    }
    return result;
  } finally {
    await server?.close();
    await browser.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

export function formatBrowserTable(result: BrowserBenchResult): string {
  const head = ['Documento', 'Detalle', 'Primera vez', 'Mediana', 'p95', 'Objetivo', 'PDF', ''];
  const rows = result.cases.map((c) => [
    c.name,
    c.detail,
    `${c.timing.cold} ms`,
    `${c.timing.median} ms`,
    `${c.timing.p95} ms`,
    `< ${c.goalMs} ms`,
    `${Math.round(c.pdfBytes / 1024)} KiB`,
    c.ok ? 'OK' : 'NO CUMPLE',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i])).join('  ');
  return [
    line(head),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map(line),
    `Chromium ${result.machine.chromium}, ${result.machine.cpus} CPU; mediana y p95 de ${result.runs} (etiquetas: ${result.runs * 3}) corridas tras ${result.warmup} de calentamiento.`,
  ].join('\n');
}

export async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  const num = (name: string) => (args[name] === undefined ? undefined : numberArg(args, name, 0));
  const result = await runBrowserBench({
    runs: num('runs'),
    warmup: num('warmup'),
    donations: num('donations'),
    log: (l) => console.log(l),
  });
  console.log(formatBrowserTable(result));
  const out = path.resolve(
    typeof args.out === 'string' ? args.out : path.join(__dirname, 'results', 'browser-latest.json'),
  );
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify(result, null, 2) + '\n');
  console.log(`Escrito ${path.relative(process.cwd(), out)}`);
  return result.cases.every((c) => c.ok) ? 0 : 1;
}
