/** @jest-environment node */
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import {
  INITIAL_JS_GOAL_KB,
  TRANSFER_GOAL_KB,
  buildClient,
  freshClientDist,
  measureBundle,
  type BundleReport,
} from '../../../test/perf/bundle-size';

/**
 * The PDF code must stay out of the first page's bundle: only print.ts (and a feature's own door
 * to its printable, with import()) may load it.
 */
const SRC = join(__dirname, '..');
const PDF_MODULES = [
  'etiquetas-pdf',
  'hemodonacion-pdf',
  'libro-pdf',
  'cph-pdf',
  'reporte-pdf',
  'constancia-pdf',
  'pdf-styles',
  'barcode',
];
/**
 * A feature's own printables, in its pdf/ folder (features/componentes/pdf/etiqueta-componente-pdf,
 * features/stock/pdf/remito-pdf, features/planillas/pdf/registro-pdf,
 * features/visitas/pdf/entrevista-pdf).
 */
const FEATURE_PDF_MODULES = ['etiqueta-componente-pdf', 'remito-pdf', 'registro-pdf', 'entrevista-pdf'];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'generated' ? [] : files(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Specifiers of static import/export ... from statements (multi-line too), type-only ones left out. */
function staticSpecifiers(source: string): string[] {
  const re =
    /(?:^|\n)\s*(?:import|export)\s+(?!type\b)[^;]*?\bfrom\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g;
  return [...source.matchAll(re)].map((m) => m[1] ?? m[2]);
}

const pdfModule = new RegExp(
  `^(\\.{1,2}/|@/imprimibles/|@/features/)(.*/)?(${[...PDF_MODULES, ...FEATURE_PDF_MODULES].join('|')})$`,
);
const isPdfCode = (spec: string) =>
  spec.startsWith('@react-pdf/') || spec === 'jsbarcode' || pdfModule.test(spec);

test('the import scanner sees multi-line and side-effect imports but not type-only ones', () => {
  const sample =
    "import {\n  pdf,\n} from '@react-pdf/renderer';\nimport type { X } from './etiquetas-pdf';\nimport './barcode';";
  expect(staticSpecifiers(sample)).toEqual(['@react-pdf/renderer', './barcode']);
});

test('no module outside the PDF documents imports @react-pdf/renderer or a document statically', () => {
  const offenders: string[] = [];
  for (const file of files(SRC)) {
    const rel = relative(SRC, file);
    const parts = rel.split(/[/\\]/);
    const [folder, name] = parts;
    if (folder === 'imprimibles' && PDF_MODULES.includes(name.replace(/\.tsx?$/, ''))) continue;
    const featurePdf = parts.length === 4 && folder === 'features' && parts[2] === 'pdf';
    if (featurePdf && FEATURE_PDF_MODULES.includes(parts[3].replace(/\.tsx?$/, ''))) continue;
    const specs = staticSpecifiers(readFileSync(file, 'utf8'));
    if (specs.some(isPdfCode)) offenders.push(rel);
  }
  expect(offenders).toEqual([]);
});

describe('the first page bundle (issue 10: at most 250 kB gzip)', () => {
  // A production build: client/dist when it is newer than every source (npm test builds it just
  // before jest), otherwise a fresh build into a temporary directory. Never a stale one.
  jest.setTimeout(180_000);
  let tempDir: string | undefined;
  let report: BundleReport;

  beforeAll(() => {
    let dist = freshClientDist();
    if (!dist) {
      tempDir = mkdtempSync(join(tmpdir(), 'bundle-size-'));
      buildClient(tempDir);
      dist = tempDir;
    }
    report = measureBundle(dist);
  });
  afterAll(() => {
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  });

  test('index.html loads only the entry and its static imports, the PDF code comes later', () => {
    expect(report.initial.length).toBeGreaterThan(0);
    const first = report.initial.map((c) => c.file).join(' ');
    expect(first).not.toMatch(
      /react-pdf|libro-pdf|etiquetas-pdf|etiqueta-componente-pdf|hemodonacion-pdf|cph-pdf|reporte-pdf|barcode|donaciones-page|cph-page|reportes-page|componentes-page|recharts/,
    );
    expect(report.lazy.some((c) => c.file.includes('react-pdf'))).toBe(true);
  });

  test(`the initial JavaScript is at most ${INITIAL_JS_GOAL_KB} kB gzip`, () => {
    expect(report.initialGzipKb).toBeLessThanOrEqual(INITIAL_JS_GOAL_KB);
  });

  test(`the first page's scripts, as the server sends them (brotli), are at most ${TRANSFER_GOAL_KB} kB`, () => {
    // What a browser receives besides them is index.html (under 1 kB) and the headers: the bench
    // (node test/perf/run.cjs bundle) measures the whole transfer in Chromium.
    expect(report.initialBrKb).toBeLessThanOrEqual(TRANSFER_GOAL_KB - 5);
  });

  test(`with a session, the home screen (entry + app shell + donor search) is at most ${INITIAL_JS_GOAL_KB} kB gzip`, () => {
    expect(report.signedIn.length).toBeGreaterThan(0);
    expect(report.signedInGzipKb).toBeLessThanOrEqual(INITIAL_JS_GOAL_KB);
  });
});
