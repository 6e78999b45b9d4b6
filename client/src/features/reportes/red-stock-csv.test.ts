/** @jest-environment node */
import { MSG } from '@domain/messages';
import { cells, FORMULAS, STARTS_FORMULA } from '@/csv-test-utils';
import { buildStockRedCsv, NOTA_STOCK_SUPRIMIDO, stockRedFileName, type StockRedFila } from './red-csv';

const generado = new Date('2026-11-26T15:00:00.000Z');

const fila = (o: Partial<StockRedFila>): StockRedFila => ({
  servicioId: 'norte',
  servicio: 'Hospital Norte',
  tipo: 'GLOBULOS_ROJOS',
  abo: 'O',
  rh: 'NEGATIVO',
  cantidad: 12,
  porVencer: 0,
  proximoVencimiento: '2026-12-07T15:00:00.000Z',
  diasAviso: 7,
  suprimido: false,
  ...o,
});

/** Norte's O negativo published; its A positivo with a count expiring soon on too few donors; Sur's AB negativo resting on too few donors whole. */
const filas = [
  fila({ porVencer: 6 }),
  fila({ abo: 'A', rh: 'POSITIVO', cantidad: 30, porVencer: null, suprimido: true }),
  fila({
    servicioId: 'sur',
    servicio: 'Hospital Sur',
    tipo: 'PLAQUETAS',
    abo: 'AB',
    rh: 'NEGATIVO',
    cantidad: null,
    porVencer: null,
    proximoVencimiento: null,
    diasAviso: 3,
    suprimido: true,
  }),
];

const lineas = (csv: string) => csv.replace(/^\uFEFF/, '').split('\r\n');

describe("the network's stock CSV", () => {
  it('says whose stock and when, then a line per row in the order given, in Spanish words', () => {
    const csv = buildStockRedCsv(filas, 'Programa Provincial', generado);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(lineas(csv)).toEqual([
      'Stock de la red Programa Provincial;al 26/11/2026',
      'Integrante;Componente;Grupo;Unidades;Por vencer;Días de aviso;Vencimiento más próximo',
      'Hospital Norte;Concentrado de glóbulos rojos;O Negativo;12;6;7;07/12/2026',
      `Hospital Norte;Concentrado de glóbulos rojos;A Positivo;30;${MSG.menosDeCinco};7;07/12/2026`,
      `Hospital Sur;Concentrado de plaquetas;AB Negativo;${MSG.menosDeCinco};${MSG.menosDeCinco};3;no se informa`,
      '',
      // One cell: quoted, since the note holds a ';'.
      `"${NOTA_STOCK_SUPRIMIDO}"`,
      '',
    ]);
    expect(stockRedFileName(generado)).toBe('stock-red-2026-11-26.csv');
  });

  it("writes 'menos de 5' for a figure not published, never a number, and no date on a suppressed row", () => {
    const sur = lineas(buildStockRedCsv(filas, 'Programa Provincial', generado))[4].split(';');
    expect(sur[3]).toBe('menos de 5');
    expect(sur[4]).toBe('menos de 5');
    expect(sur.filter((c) => /^\d+$/.test(c))).toEqual(['3']); // only its days of warning
    expect(sur.filter((c) => /\d{2}\/\d{2}\/\d{4}/.test(c))).toEqual([]);
  });

  it('has no note when every figure is published', () => {
    expect(lineas(buildStockRedCsv([filas[0]], 'Programa Provincial', generado))).toEqual([
      'Stock de la red Programa Provincial;al 26/11/2026',
      'Integrante;Componente;Grupo;Unidades;Por vencer;Días de aviso;Vencimiento más próximo',
      'Hospital Norte;Concentrado de glóbulos rojos;O Negativo;12;6;7;07/12/2026',
      '',
    ]);
  });

  it("keeps a member's name starting with '=' or '+' as text: an apostrophe first", () => {
    const csv = buildStockRedCsv(
      [fila({ servicio: '=HYPERLINK("http://x","Ver")' }), fila({ servicio: '+54 Hospital' })],
      '@Red',
      generado,
    );
    expect(lineas(csv).slice(0, 4)).toEqual([
      'Stock de la red @Red;al 26/11/2026',
      'Integrante;Componente;Grupo;Unidades;Por vencer;Días de aviso;Vencimiento más próximo',
      `"'=HYPERLINK(""http://x"",""Ver"")";Concentrado de glóbulos rojos;O Negativo;12;0;7;07/12/2026`,
      "'+54 Hospital;Concentrado de glóbulos rojos;O Negativo;12;0;7;07/12/2026",
    ]);
  });

  it.each(FORMULAS)('keeps the typed name %j as inert text, in the members and the network', (typed) => {
    const all = cells(buildStockRedCsv([fila({ servicio: typed })], typed, generado));
    expect(all.filter((c) => STARTS_FORMULA.test(c))).toEqual([]);
    expect(all.filter((c) => c.includes(typed))).toHaveLength(2);
  });
});
