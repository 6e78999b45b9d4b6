import { formatNumero, formatPorcentaje } from '@/imprimibles/reporte-format';
import type { IndicadoresImprimible } from '@/imprimibles/types';

/** One column of the network's table by servicio: its head and its figure. */
export type ColumnaRed = {
  label: string;
  valor: (i: IndicadoresImprimible) => number;
  porcentaje?: boolean;
};

/**
 * The columns of the table by servicio, on /red and in its CSV. 'Resultados reactivos' adds the
 * reactive results of every marker: a donation reactive to two markers counts twice.
 */
export const COLUMNAS_RED: readonly ColumnaRed[] = [
  { label: 'Atendidos', valor: (i) => i.atendidos },
  { label: 'Donaciones', valor: (i) => i.donaciones },
  { label: '% voluntarias', valor: (i) => i.porcentajeVoluntarias, porcentaje: true },
  { label: 'Primera vez', valor: (i) => i.primeraVez },
  { label: 'No aptos', valor: (i) => i.noAptos },
  { label: 'Resultados reactivos', valor: (i) => i.serologia.reduce((n, s) => n + s.reactivas, 0) },
  {
    label: 'Exclusiones',
    valor: (i) => i.exclusiones.temporales + i.exclusiones.definitivas,
  },
];

/** A column's figure as the screen writes it ('1.234', '62,5 %'). */
export function valorTexto(columna: ColumnaRed, i: IndicadoresImprimible): string {
  const n = columna.valor(i);
  return columna.porcentaje ? formatPorcentaje(n) : formatNumero(n);
}

/** The row that closes the table: every member together. */
export const TOTAL_RED = 'Total de la red';

/** What the network's CSV and screen need of the `indicadoresRed` answer. */
export type IndicadoresRedImprimible = {
  total: IndicadoresImprimible;
  porServicio: { servicio: { id: string; nombre: string }; indicadores: IndicadoresImprimible }[];
};
