/**
 * The reporting indicators' rules shared by the server and the client: the period a request may
 * ask for, how a share is rounded, and the order of the serology markers.
 */
import { daysBetween, isValidIsoDate, IsoDate } from './dates';
import { FieldError, MSG } from './messages';
import { ErrorList } from './validation';

export const AGRUPACIONES = ['DIA', 'SEMANA', 'MES', 'ANIO'] as const;
export type AgrupacionValor = (typeof AGRUPACIONES)[number];

export const AGRUPACION_LABELS: Record<AgrupacionValor, string> = {
  DIA: 'Día',
  SEMANA: 'Semana',
  MES: 'Mes',
  ANIO: 'Año',
};

/** The longest period one request reads: ten years. */
export const INDICADORES_DIAS_MAX = 3653;
/** The most points a series may have (a day-by-day series of up to about two years). */
export const SERIE_PUNTOS_MAX = 800;

/** Days each point of a series covers, at most (to bound the number of points). */
const DIAS_POR_PUNTO: Record<AgrupacionValor, number> = { DIA: 1, SEMANA: 7, MES: 28, ANIO: 365 };

/** The period's errors: real dates, in order, at most ten years, a series of bounded length. */
export function validatePeriodo(desde: unknown, hasta: unknown, agrupacion: AgrupacionValor): FieldError[] {
  const list = new ErrorList();
  if (!isValidIsoDate(desde)) list.add('desde', MSG.fechaInvalida);
  if (!isValidIsoDate(hasta)) list.add('hasta', MSG.fechaInvalida);
  if (list.errors.length > 0) return list.errors;
  const dias = daysBetween(desde as IsoDate, hasta as IsoDate) + 1;
  if (dias < 1) list.add('hasta', MSG.periodoInvertido);
  else if (dias > INDICADORES_DIAS_MAX) list.add('desde', MSG.periodoDemasiadoLargo);
  else if (Math.ceil(dias / DIAS_POR_PUNTO[agrupacion]) > SERIE_PUNTOS_MAX) {
    list.add('agrupacion', MSG.serieDemasiadoLarga(AGRUPACION_LABELS[agrupacion].toLowerCase()));
  }
  return list.errors;
}

/** part / total × 100 with one decimal; 0 when there is no total. */
export function porcentaje(parte: number, total: number): number {
  return total > 0 ? Math.round((parte / total) * 1000) / 10 : 0;
}
