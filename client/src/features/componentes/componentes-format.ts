/** Pure texts of the components for the screen and the label (no @react-pdf import). */
import { formatDate, formatDateTime, todayIso } from '@domain/dates';
import { MSG } from '@domain/messages';
import type { ComponenteEtiqueta, TipoComponenteEtiqueta } from './pdf/types';

export { NOMBRE_PRODUCTO } from '@/lib/componentes';

/** Each state as the screens show it: the domain's. */
export { ESTADO_COMPONENTE_LABELS } from '@domain/componentes';

/** A unit identifier grouped for reading: '90001 26 000004 GR1 K'. */
export { identificadorLegible as agruparIdentificador } from '@/lib/componentes';

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

/** What the server lists one serology marker at a time: 'Falta la serología: HIV'. */
const FALTA_SEROLOGIA = MSG.faltaSerologia('');

/**
 * What a unit lacks, as the list shows it: the markers not tested yet in one line ('Falta la
 * serología: HIV, Hepatitis B, Chagas'), everything else as the server says it.
 */
export function faltaLegible(items: readonly string[]): string[] {
  const marcadores = items
    .filter((i) => i.startsWith(FALTA_SEROLOGIA))
    .map((i) => i.slice(FALTA_SEROLOGIA.length));
  if (marcadores.length < 2) return [...items];
  const primera = items.findIndex((i) => i.startsWith(FALTA_SEROLOGIA));
  const resto = items.filter((i) => !i.startsWith(FALTA_SEROLOGIA));
  resto.splice(primera, 0, `${FALTA_SEROLOGIA}${marcadores.join(', ')}`);
  return resto;
}
