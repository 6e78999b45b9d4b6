/**
 * `node test/perf/run.cjs lighthouse [--runs N] [--no-build] [--out FILE] [--reports DIR]`
 *
 * Lighthouse 12.2.3 (mobile: its default config, a mid-range phone on a slow 4G link, simulated)
 * on the built product as production serves it: /auth/login for a new visitor, and /donantes for a
 * signed-in user (the session stored first as the app keeps it, in localStorage and its cookie,
 * on the same origin, from a page that loads none of the app's code). Each run in a new headless Chromium (an empty cache); the median
 * of --runs runs (3) per page. Chromium: CHROME_PATH, else as the other browser benches find it.
 * Goal (issue 30): a performance score of at least LIGHTHOUSE_GOAL on both pages. Prints a table
 * and writes test/perf/results/lighthouse-latest.json. Its CPU timings are the host's times 4:
 * on a busy host (the load average is printed) the scores drop. --reports DIR keeps each run's
 * whole report (DIR/login-1.json, DIR/donantes-1.json, ...): the largest paint's element, the
 * requests, the critical chains, the unused JavaScript.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Flags, Result } from 'lighthouse';
import type { Browser, Page } from 'puppeteer-core';
import { resolveChromium } from './browser-bench';
import { buildClient } from './bundle-size';
import {
  buildServer,
  inicioCookie,
  registerSession,
  startBuiltServer,
  type StoredSession,
} from './built-server';
import { numberArg, parseArgs } from './util';

export const LIGHTHOUSE_GOAL = 90;

/** What a run's report says of a page (times in ms, the score 0-100). */
export type LighthouseRun = {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  si: number;
  cls: number;
  /** Bytes over the network, as Lighthouse counted them. */
  totalBytes: number;
  /** Lighthouse's measure of the host's speed (higher is faster; a busy host scores low). */
  benchmarkIndex: number;
};

export type LighthousePage = { page: string; runs: LighthouseRun[]; median: LighthouseRun; ok: boolean };

// Loaded as the ES modules they are (the bench runs as CommonJS through SWC).
const importModule = new Function('specifier', 'return import(specifier)') as <T>(
  specifier: string,
) => Promise<T>;

type LighthouseFn = (
  url: string,
  flags: Flags,
  config: undefined,
  page: Page,
) => Promise<{ lhr: Result } | undefined>;

async function launch(): Promise<Browser> {
  const puppeteer = await importModule<typeof import('puppeteer-core')>('puppeteer-core');
  const executablePath = process.env.CHROME_PATH ?? (await resolveChromium()).executablePath;
  return puppeteer.launch({
    executablePath,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
}

function summary(lhr: Result): LighthouseRun {
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    si: audit('speed-index'),
    cls: audit('cumulative-layout-shift'),
    totalBytes: audit('total-byte-weight'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/** One Lighthouse run of url in a new browser; with a session, stored before the app loads. */
async function runOnce(
  lighthouse: LighthouseFn,
  url: string,
  session?: StoredSession,
  reportFile?: string,
): Promise<LighthouseRun> {
  const browser = await launch();
  try {
    const page = await browser.newPage();
    if (session) {
      // Same origin, plain text: the app's code stays out of the cache until Lighthouse loads it.
      await page.goto(new URL('/robots.txt', url).href);
      await page.evaluate(
        (s: StoredSession, cookie: string) => {
          localStorage.setItem('token', s.token);
          localStorage.setItem('usuario', s.usuario);
          document.cookie = cookie;
        },
        session,
        inicioCookie(session),
      );
    }
    const result = await lighthouse(
      url,
      {
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        // Keeps the session; the browser is new, so its cache is empty anyway.
        disableStorageReset: session !== undefined,
      },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse no devolvió resultado para ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`);
    if (session && !result.lhr.finalDisplayedUrl.endsWith('/donantes')) {
      throw new Error(`Con sesión se esperaba /donantes y se midió ${result.lhr.finalDisplayedUrl}`);
    }
    if (reportFile) {
      fs.mkdirSync(path.dirname(reportFile), { recursive: true });
      fs.writeFileSync(reportFile, JSON.stringify(result.lhr, null, 1) + '\n');
    }
    return summary(result.lhr);
  } finally {
    await browser.close();
  }
}

function median(runs: LighthouseRun[]): LighthouseRun {
  const sorted = [...runs].sort((a, b) => a.score - b.score);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

export function formatLighthouse(pages: LighthousePage[]): string {
  const lines = ['Lighthouse 12.2.3, móvil (simulado), mediana de las corridas:'];
  lines.push(
    `  ${'página'.padEnd(12)} ${'puntaje'.padStart(7)} ${'FCP ms'.padStart(7)} ${'LCP ms'.padStart(7)} ${'TBT ms'.padStart(7)} ${'SI ms'.padStart(7)} ${'CLS'.padStart(6)} ${'kB'.padStart(7)}  corridas`,
  );
  for (const p of pages) {
    const m = p.median;
    lines.push(
      `  ${p.page.padEnd(12)} ${String(m.score).padStart(7)} ${m.fcp.toFixed(0).padStart(7)} ${m.lcp.toFixed(0).padStart(7)} ${m.tbt.toFixed(0).padStart(7)} ${m.si.toFixed(0).padStart(7)} ${m.cls.toFixed(3).padStart(6)} ${(m.totalBytes / 1000).toFixed(1).padStart(7)}  ${p.runs.map((r) => r.score).join(', ')} ${p.ok ? 'OK' : 'NO CUMPLE'}`,
    );
  }
  return lines.join('\n');
}

export async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  const runs = numberArg(args, 'runs', 3);
  const reports = typeof args.reports === 'string' ? path.resolve(args.reports) : undefined;
  const loadBefore = os.loadavg()[0];
  if (!args['no-build']) {
    buildClient();
    buildServer();
  }
  const { default: lighthouse } = await importModule<{ default: LighthouseFn }>('lighthouse');
  const server = await startBuiltServer();
  const pages: LighthousePage[] = [];
  try {
    const session = await registerSession(server.url);
    for (const [page, withSession] of [
      ['/auth/login', false],
      ['/donantes', true],
    ] as const) {
      const results: LighthouseRun[] = [];
      for (let i = 0; i < runs; i += 1) {
        const reportFile = reports && path.join(reports, `${page.split('/').pop()}-${i + 1}.json`);
        results.push(
          await runOnce(lighthouse, `${server.url}${page}`, withSession ? session : undefined, reportFile),
        );
      }
      const m = median(results);
      pages.push({ page, runs: results, median: m, ok: m.score >= LIGHTHOUSE_GOAL });
    }
  } finally {
    await server.stop();
  }
  console.log(formatLighthouse(pages));
  const load = { before: loadBefore, after: os.loadavg()[0], cpus: os.availableParallelism() };
  console.log(
    `Carga media del equipo (1 min): ${load.before.toFixed(1)} al empezar, ${load.after.toFixed(1)} al terminar, ${load.cpus} núcleos`,
  );
  const out = path.resolve(
    typeof args.out === 'string' ? args.out : path.join(__dirname, 'results', 'lighthouse-latest.json'),
  );
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(
    out,
    JSON.stringify({ date: new Date().toISOString(), goal: LIGHTHOUSE_GOAL, load, pages }, null, 2) + '\n',
  );
  console.log(`Escrito ${path.relative(process.cwd(), out)}`);
  return pages.every((p) => p.ok) ? 0 : 1;
}
