/** @jest-environment node */
import { cells, FORMULAS, STARTS_FORMULA } from '@/csv-test-utils';
import { buildStockCsv } from './stock-format';

/**
 * The stock's CSV cannot run code: the servicio's name (typed by a person) stays text in a
 * spreadsheet, and the counts stay numbers.
 */
const escribir = (servicio: string) =>
  buildStockCsv(
    [
      {
        tipo: 'GLOBULOS_ROJOS',
        abo: 'O',
        rh: 'NEGATIVO',
        cantidad: 1301,
        porVencer: 3,
        proximoVencimiento: '2026-04-20T12:00:00.000Z',
        diasAviso: 7,
      },
    ],
    servicio,
    new Date('2026-04-02T15:00:00Z'),
  );

describe('the stock CSV', () => {
  it.each(FORMULAS)('keeps the typed name %j as inert text', (typed) => {
    const all = cells(escribir(typed));
    expect(all.filter((c) => STARTS_FORMULA.test(c))).toEqual([]);
    expect(all.filter((c) => c.includes(typed))).not.toEqual([]);
  });

  it('writes the product in words and the counts as numbers', () => {
    const all = cells(escribir('Hospital Norte'));
    expect(all).toContain('Concentrado de glóbulos rojos');
    expect(all).toContain('1301');
    expect(all).toContain('3');
  });
});
