/** @jest-environment node */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { indicadores } from '../../../../test/pdf/reporte-fixtures';
import { cells, FORMULAS, STARTS_FORMULA } from '@/csv-test-utils';
import { buildRedCsv } from './red-csv';
import { buildReporteCsv } from './reporte-csv';

/**
 * A CSV cannot run code: whatever name someone typed (a servicio's, a network's, a member's),
 * every CSV the product writes keeps it as text in a spreadsheet. Each file is read back the way a
 * spreadsheet reads it, and no cell starts as a formula.
 */

const generado = new Date('2026-04-02T15:00:00Z');

/** Every CSV the product writes, with `typed` in each name a person typed. */
const WRITERS: Record<string, (typed: string) => string> = {
  'reporte (/reportes)': (typed) => buildReporteCsv(indicadores, typed, generado),
  'reporte de la red (/red)': (typed) =>
    buildRedCsv(
      {
        total: indicadores,
        porServicio: [
          { servicio: { id: 'a', nombre: typed }, indicadores },
          { servicio: { id: 'b', nombre: `Hospital ${typed}` }, indicadores },
        ],
      },
      typed,
      generado,
    ),
};

describe.each(Object.entries(WRITERS))('the CSV %s', (_name, write) => {
  it.each(FORMULAS)('keeps the typed name %j as inert text', (typed) => {
    const all = cells(write(typed));
    expect(all.filter((c) => STARTS_FORMULA.test(c))).toEqual([]);
    // The name is still there, whole, inside one cell.
    expect(all.filter((c) => c.includes(typed))).not.toEqual([]);
  });
});

describe.each(Object.entries(WRITERS))('the CSV %s', (_name, write) => {
  it('writes the figures the product computed as numbers', () => {
    const all = cells(write('Hospital Norte'));
    expect(all).toContain('1301');
    expect(all).toContain('62,5');
  });
});

describe('the CSV writers', () => {
  const SRC = join(__dirname, '..', '..');
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return name === 'generated' ? [] : files(path);
      return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
    });

  it('are the ones above: a screen that downloads a CSV builds it with one of them', () => {
    const downloads = files(SRC)
      .filter((f) => readFileSync(f, 'utf8').includes('text/csv'))
      .map((f) => relative(SRC, f))
      .sort();
    expect(downloads).toEqual([
      // Its registers' CSV is proved inert in planillas/registros-csv.test.ts.
      'features/planillas/registros-panel.tsx',
      'features/reportes/red-page.tsx',
      // The network's stock: proved inert in reportes/red-stock-csv.test.ts.
      'features/reportes/red-stock.tsx',
      'features/reportes/reportes-page.tsx',
      'features/stock/stock-page.tsx',
    ]);
  });

  it('write their cells through lib/csv.ts only: no other file joins cells with ;', () => {
    const own = files(SRC)
      .filter((f) => /join\((SEP|';'|";")\)/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(SRC, f));
    expect(own).toEqual(['lib/csv.ts']);
  });
});
