import { MSG } from '@domain/messages';
import type { StockRedQuery } from '@/generated/graphql';
import { line, toCsv } from '@/lib/csv';
import {
  COLUMNA_COMPONENTE,
  COLUMNA_GRUPO,
  COLUMNA_VENCIMIENTO,
  stockCsv,
  stockFileName,
  type ColumnaStockCsv,
} from '@/lib/stock-csv';
import { cell, cifraCell, reporteCsvLines } from './reporte-csv';
import {
  COLUMNAS_COMPONENTES,
  COLUMNAS_RED,
  componenteLabel,
  componentesDe,
  redConSuprimidas,
  TOTAL_RED,
} from '@/imprimibles/reporte-format';
import type { IndicadoresRedImprimible } from '@/imprimibles/types';

/**
 * The network's report as CSV: the /reportes file of the total of its members (same format and
 * blocks), then one more block with a row per servicio and the network's total, and the components
 * of each servicio by type, closed by the network's ('menos de 5' where a figure is not
 * published, as everywhere in the file).
 */
export function buildRedCsv(
  red: IndicadoresRedImprimible,
  nombre: string,
  generado: Date = new Date(),
): string {
  const fila = (servicio: string, i: IndicadoresRedImprimible['total']) =>
    line(cell(servicio), ...COLUMNAS_RED.map((c) => cifraCell(c.valor(i), { porcentaje: c.porcentaje })));
  return toCsv([
    ...reporteCsvLines(red.total, `Red ${nombre} (todos sus servicios)`, generado, redConSuprimidas(red)),
    '',
    line('Servicio', ...COLUMNAS_RED.map((c) => cell(c.label))),
    ...red.porServicio.map((s) => fila(s.servicio.nombre, s.indicadores)),
    fila(TOTAL_RED, red.total),
    ...componentesPorServicio(red),
  ]);
}

/** A row per servicio and component type, then the network's; none when the answer has no components. */
function componentesPorServicio(red: IndicadoresRedImprimible): string[] {
  if (componentesDe(red.total).length === 0) return [];
  const filas = (servicio: string, i: IndicadoresRedImprimible['total']) =>
    (i.componentes ?? []).map((t) =>
      line(
        cell(servicio),
        cell(componenteLabel(t.tipo)),
        ...COLUMNAS_COMPONENTES.map((c) => cifraCell(c.valor(t))),
      ),
    );
  return [
    '',
    line('Servicio', 'Componente', ...COLUMNAS_COMPONENTES.map((c) => cell(c.label))),
    ...red.porServicio.flatMap((s) => filas(s.servicio.nombre, s.indicadores)),
    ...filas(TOTAL_RED, red.total),
  ];
}

export type StockRedFila = StockRedQuery['stockRed'][number];

/** Under the network's stock, on the screen and in its file: what its 'menos de 5' means. */
export const NOTA_STOCK_SUPRIMIDO =
  `'${MSG.menosDeCinco}': la cifra se basa en menos de 5 donantes y podría señalar una donación o una persona; ` +
  'no se publica fuera del servicio (tampoco su vencimiento).';

const COLUMNAS_STOCK_RED: readonly ColumnaStockCsv<StockRedFila>[] = [
  { titulo: 'Integrante', celda: (f) => cell(f.servicio) },
  COLUMNA_COMPONENTE,
  COLUMNA_GRUPO,
  { titulo: 'Unidades', celda: (f) => cifraCell(f.cantidad) },
  { titulo: 'Por vencer', celda: (f) => cifraCell(f.porVencer) },
  { titulo: 'Días de aviso', celda: (f) => cell(f.diasAviso) },
  COLUMNA_VENCIMIENTO,
];

/**
 * The network's stock as CSV (lib/stock-csv.ts, as /stock's): a line per member, type and group in
 * the screen's order. A figure not published reads 'menos de 5', never a number, and a row without
 * its nearest expiry 'no se informa'; the note says why when one is there.
 */
export function buildStockRedCsv(
  filas: readonly StockRedFila[],
  nombre: string,
  generado: Date = new Date(),
): string {
  const notas = filas.some((f) => f.suprimido) ? [NOTA_STOCK_SUPRIMIDO] : [];
  return stockCsv(`la red ${nombre}`, generado, COLUMNAS_STOCK_RED, filas, notas);
}

/** 'stock-red-YYYY-MM-DD.csv'. */
export const stockRedFileName = (generado: Date) => stockFileName(generado, 'stock-red');
