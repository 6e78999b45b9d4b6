import { buildStockCsv, filtrarStock, ordenarStock, stockFileName, type StockFila } from './stock-format';

const fila = (o: Partial<StockFila>): StockFila => ({
  tipo: 'GLOBULOS_ROJOS',
  abo: 'O',
  rh: 'NEGATIVO',
  cantidad: 1,
  porVencer: 0,
  proximoVencimiento: '2027-01-07T13:30:00.000Z',
  diasAviso: 7,
  ...o,
});

const grOneg = fila({ cantidad: 3, porVencer: 1 });
const grApos = fila({
  abo: 'A',
  rh: 'POSITIVO',
  cantidad: 5,
  proximoVencimiento: '2026-12-01T13:30:00.000Z',
});
const pfOneg = fila({ tipo: 'PLASMA_FRESCO_CONGELADO', cantidad: 2, diasAviso: 30 });

describe('stock-format', () => {
  it('orders by type then group unless a column is asked, either way', () => {
    expect(ordenarStock([pfOneg, grApos, grOneg], null)).toEqual([grOneg, grApos, pfOneg]);
    expect(ordenarStock([grOneg, pfOneg, grApos], { campo: 'cantidad', direccion: 'DESC' })).toEqual([
      grApos,
      grOneg,
      pfOneg,
    ]);
    expect(ordenarStock([grOneg, pfOneg, grApos], { campo: 'proximoVencimiento', direccion: 'ASC' })[0]).toBe(
      grApos,
    );
  });

  it('filters by type and by group', () => {
    expect(filtrarStock([grOneg, grApos, pfOneg], { tipo: 'GLOBULOS_ROJOS', grupo: '' })).toEqual([
      grOneg,
      grApos,
    ]);
    expect(filtrarStock([grOneg, grApos, pfOneg], { tipo: '', grupo: 'O NEGATIVO' })).toEqual([
      grOneg,
      pfOneg,
    ]);
  });

  it('writes the CSV with the product names, the group in words and the nearest expiry', () => {
    const generado = new Date('2026-11-26T15:00:00.000Z');
    const csv = buildStockCsv([grOneg, pfOneg], 'Servicio =Central', generado);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFStock de Servicio =Central;al 26/11/2026',
      'Componente;Grupo;Unidades;Por vencer;Vencimiento más próximo',
      'Concentrado de glóbulos rojos;O Negativo;3;1;07/01/2027',
      'Plasma fresco congelado;O Negativo;2;0;07/01/2027',
      '',
    ]);
    expect(stockFileName(generado)).toBe('stock-2026-11-26.csv');
  });
});
