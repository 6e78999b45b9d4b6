/** Pure rules of the stock screen: its order, its filters and its CSV (the product's one helper). */
import { TIPOS_COMPONENTE } from '@domain/componentes';
import type { StockQuery, TipoComponente } from '@/generated/graphql';
import {
  COLUMNA_COMPONENTE,
  COLUMNA_GRUPO,
  COLUMNA_VENCIMIENTO,
  stockCsv,
  type ColumnaStockCsv,
} from '@/lib/stock-csv';

export { fechaTexto, stockFileName } from '@/lib/stock-csv';

export type StockFila = StockQuery['stock'][number];

/** The columns the table orders by. */
export const CAMPOS_STOCK = ['tipo', 'grupo', 'cantidad', 'porVencer', 'proximoVencimiento'] as const;
export type CampoStock = (typeof CAMPOS_STOCK)[number];
export type OrdenStock = { campo: CampoStock; direccion: 'ASC' | 'DESC' };

const ABO_ORDEN = ['O', 'A', 'B', 'AB'];
const grupoClave = (f: Pick<StockFila, 'abo' | 'rh'>) =>
  `${ABO_ORDEN.indexOf(f.abo) === -1 ? 9 : ABO_ORDEN.indexOf(f.abo)}${f.rh.startsWith('NEG') ? 0 : 1}`;

function comparar(a: StockFila, b: StockFila, campo: CampoStock): number {
  switch (campo) {
    case 'tipo':
      return TIPOS_COMPONENTE.indexOf(a.tipo) - TIPOS_COMPONENTE.indexOf(b.tipo);
    case 'grupo':
      return grupoClave(a).localeCompare(grupoClave(b));
    case 'cantidad':
      return a.cantidad - b.cantidad;
    case 'porVencer':
      return a.porVencer - b.porVencer;
    case 'proximoVencimiento':
      return a.proximoVencimiento.localeCompare(b.proximoVencimiento);
  }
}

/** The rows in the order asked (stable: ties keep type, then group); without one, type then group. */
export function ordenarStock(filas: readonly StockFila[], orden: OrdenStock | null): StockFila[] {
  const base = (a: StockFila, b: StockFila) => comparar(a, b, 'tipo') || comparar(a, b, 'grupo');
  return [...filas].sort((a, b) => {
    if (!orden) return base(a, b);
    const c = comparar(a, b, orden.campo);
    return (orden.direccion === 'DESC' ? -c : c) || base(a, b);
  });
}

export type FiltroStockPantalla = { tipo: TipoComponente | ''; grupo: string };

/** 'O NEGATIVO' as the group filter's value. */
export const grupoValor = (f: Pick<StockFila, 'abo' | 'rh'>) => `${f.abo} ${f.rh}`;

export function filtrarStock(filas: readonly StockFila[], filtro: FiltroStockPantalla): StockFila[] {
  return filas.filter(
    (f) => (!filtro.tipo || f.tipo === filtro.tipo) && (!filtro.grupo || grupoValor(f) === filtro.grupo),
  );
}

const COLUMNAS_CSV: readonly ColumnaStockCsv<StockFila>[] = [
  COLUMNA_COMPONENTE,
  COLUMNA_GRUPO,
  { titulo: 'Unidades', celda: (f) => String(f.cantidad) },
  { titulo: 'Por vencer', celda: (f) => String(f.porVencer) },
  COLUMNA_VENCIMIENTO,
];

/** The stock as a CSV file (lib/stock-csv.ts): one line per type and group, as the table shows it. */
export function buildStockCsv(filas: readonly StockFila[], servicio: string, generado: Date): string {
  return stockCsv(servicio, generado, COLUMNAS_CSV, filas);
}
