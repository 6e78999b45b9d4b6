/**
 * The stock files' one shape, shared by /stock (a servicio's own stock) and /red (its members'): a
 * first line says whose stock it is and the day it was taken, then the columns' titles and one
 * line per row of the table, written as the screen shows it (every cell through lib/csv.ts).
 */
import { formatDate, todayIso } from '@domain/dates';
import type { TipoComponente } from '@domain/componentes';
import { line, textCell, toCsv } from './csv';
import { grupoTexto, NOMBRE_PRODUCTO } from './componentes';

/** An ISO instant as the day in Argentina, 'DD/MM/YYYY': how the stock screens and files write a date. */
export const fechaTexto = (iso: string) => formatDate(todayIso(new Date(iso)));

/** What a row whose nearest expiry is not published says in its place (a network's suppressed row). */
export const VENCIMIENTO_NO_INFORMADO = 'no se informa';

/** A column of a stock file: its title, and a row's cell already written (textCell or a number). */
export type ColumnaStockCsv<F> = { titulo: string; celda: (fila: F) => string };

type TipoYGrupo = { tipo: TipoComponente; abo: string; rh: string };

/** The product's Spanish name, as the screens show it. */
export const COLUMNA_COMPONENTE: ColumnaStockCsv<TipoYGrupo> = {
  titulo: 'Componente',
  celda: (f) => textCell(NOMBRE_PRODUCTO[f.tipo]),
};

/** ABO and Rh in words: 'O Negativo'. */
export const COLUMNA_GRUPO: ColumnaStockCsv<TipoYGrupo> = {
  titulo: 'Grupo',
  celda: (f) => textCell(grupoTexto(f.abo, f.rh)),
};

/** The nearest expiry's day, or 'no se informa' where it is not published. */
export const COLUMNA_VENCIMIENTO: ColumnaStockCsv<{ proximoVencimiento: string | null }> = {
  titulo: 'Vencimiento más próximo',
  celda: (f) =>
    f.proximoVencimiento ? fechaTexto(f.proximoVencimiento) : textCell(VENCIMIENTO_NO_INFORMADO),
};

/**
 * A stock file: 'Stock de <de>;al DD/MM/YYYY', the columns' titles, a line per row in the order
 * given (the screen's), and, after an empty line, each of `notas` (what a word in a cell means).
 */
export function stockCsv<F>(
  de: string,
  generado: Date,
  columnas: readonly ColumnaStockCsv<F>[],
  filas: readonly F[],
  notas: readonly string[] = [],
): string {
  return toCsv([
    line(textCell(`Stock de ${de}`), textCell(`al ${fechaTexto(generado.toISOString())}`)),
    line(...columnas.map((c) => textCell(c.titulo))),
    ...filas.map((f) => line(...columnas.map((c) => c.celda(f)))),
    ...(notas.length > 0 ? ['', ...notas.map((n) => textCell(n))] : []),
  ]);
}

/** '<prefijo>-YYYY-MM-DD.csv': 'stock-…' for a servicio's stock, 'stock-red-…' for a network's. */
export const stockFileName = (generado: Date, prefijo = 'stock') => `${prefijo}-${todayIso(generado)}.csv`;
