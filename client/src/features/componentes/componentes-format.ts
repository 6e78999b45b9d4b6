/** Pure texts of the components for the screen and the label (no @react-pdf import). */
import { formatDate, formatDateTime, todayIso } from '@domain/dates';
import type { ComponenteEtiqueta, EstadoComponenteEtiqueta, TipoComponenteEtiqueta } from './pdf/types';

export const NOMBRE_PRODUCTO: Record<TipoComponenteEtiqueta, string> = {
  GLOBULOS_ROJOS: 'Concentrado de glóbulos rojos',
  PLASMA_FRESCO_CONGELADO: 'Plasma fresco congelado',
  PLAQUETAS: 'Concentrado de plaquetas',
  CRIOPRECIPITADO: 'Crioprecipitado',
};

export const ESTADO_COMPONENTE_LABELS: Record<EstadoComponenteEtiqueta, string> = {
  CUARENTENA: 'Cuarentena',
  LIBERADO: 'Liberado',
  DESPACHADO: 'Despachado',
  DESCARTADO: 'Descartado',
};

/**
 * A unit identifier grouped for reading: facility code, year, label number, product code (a
 * component's) and check character, '9000126000004GR1K' -> '90001 26 000004 GR1 K'. A text of
 * another shape is returned as it is.
 */
export function agruparIdentificador(codigo: string): string {
  const m = /^([A-Z0-9]{5})(\d{2})(\d{6,})([A-Z]{2}\d+)?([0-9A-Z*])$/.exec(codigo);
  if (!m) return codigo;
  return m.slice(1).filter(Boolean).join(' ');
}

/** The expiry as printed: with the time for platelets (they last days, not months). */
export function formatVencimiento(tipo: TipoComponenteEtiqueta, venceEn: string): string {
  return tipo === 'PLAQUETAS' ? formatDateTime(venceEn) : formatFecha(venceEn);
}

/** An ISO date-time as the day in Argentina, 'DD/MM/YYYY'. */
export function formatFecha(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : formatDate(todayIso(date));
}

/** 'RhD POSITIVO' / 'RhD NEGATIVO'; '' while not typed. */
export function formatRhD(rh: string | null): string {
  const value = (rh ?? '').trim().toLowerCase();
  if (value === '+' || value.startsWith('pos')) return 'RhD POSITIVO';
  if (value === '-' || value.startsWith('neg')) return 'RhD NEGATIVO';
  return '';
}

/**
 * The warning a unit that may not be transfused prints instead of passing as fit: a discarded
 * one, an expired one, one still in quarantine. Null for a released (or dispatched) unit in date.
 */
export function advertenciaEtiqueta(c: Pick<ComponenteEtiqueta, 'estado' | 'vencido'>): string | null {
  if (c.estado === 'DESCARTADO') return 'DESCARTADO — NO TRANSFUNDIR';
  if (c.vencido) return 'VENCIDO — NO TRANSFUNDIR';
  if (c.estado === 'CUARENTENA') return 'EN CUARENTENA — NO TRANSFUNDIR';
  return null;
}

const parteArchivo = (value: string) => value.replace(/[^A-Za-z0-9-]+/g, '-') || 'sin-codigo';

/** 'etiqueta-<codigo>.pdf' for one unit, 'etiquetas-componentes-<first codigo>.pdf' for several. */
export function etiquetasComponentesFileName(codigos: string[]): string {
  if (codigos.length === 1) return `etiqueta-${parteArchivo(codigos[0])}.pdf`;
  return `etiquetas-componentes-${parteArchivo(codigos[0] ?? '')}.pdf`;
}
