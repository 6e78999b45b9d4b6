/** Pure formatting for the printables (no @react-pdf import: screens may use it too). */
import { formatDate, parseIsoDate, todayIso, yearsBetween } from '@domain/dates';
import type { SignosVitales } from '@domain/donacion';
import type {
  CadenaAuditoriaImprimible,
  DonacionImprimible,
  DonanteImprimible,
  SerologiaImprimible,
  SerologiaKey,
} from './types';
import { SEROLOGIA_KEYS as DOMAIN_SEROLOGIA_KEYS, tipoDonante as tipoDonanteDominio } from '@domain/donacion';

/** Millimetres to PDF points (1 mm = 72 / 25.4 pt). */
export const mm = (value: number): number => (value * 72) / 25.4;

/** 'YYYY-MM-DD' -> 'DD / MM / YYYY' as the register book prints it; '' when missing or invalid. */
export function formatLibroDate(date: string | null | undefined): string {
  const text = formatDate(date);
  return text ? text.split('/').join(' / ') : '';
}

/** 'HH:mm' (or 'HH:mm:ss') -> 'HH : mm'; '' when missing or invalid. */
export function formatLibroTime(time: string | null | undefined): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(time ?? '');
  if (!match) return '';
  return `${match[1].padStart(2, '0')} : ${match[2]}`;
}

/** The register book's file name: 'donaciones-DD-MM-YYYY.pdf' with today's date. */
export function libroFileName(now: Date = new Date()): string {
  return `donaciones-${formatDate(todayIso(now)).split('/').join('-')}.pdf`;
}

/** How many hex characters of the chain head's hash a page prints: 64 bits, no rewrite matches them by trying. */
export const CADENA_IMPRESA = 16;

/**
 * 'Cadena de auditoría: 3f9a1c27b0d4e5f6 (entrada 1234)': the head of the servicio's audit chain
 * when the book was printed, its hash shortened; verificarAuditoria takes it back as an anchor.
 */
export function formatCadenaAuditoria(cadena: CadenaAuditoriaImprimible): string {
  if (!cadena.hash || !cadena.entrada) return 'Cadena de auditoría: sin entradas';
  return `Cadena de auditoría: ${cadena.hash.slice(0, CADENA_IMPRESA)} (entrada ${cadena.entrada})`;
}

/** Only letters, digits and '-' in a file name's variable part ('Ñ-17' -> 'N-17'). */
function fileNamePart(value: string): string {
  const plain = value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return plain || 'sin-numero';
}

/** The label sheet's file name: 'etiquetas-<numero>.pdf'. */
export function etiquetasFileName(numero: string): string {
  return `etiquetas-${fileNamePart(numero)}.pdf`;
}

/** The donation sheet's file name: 'hemodonacion-<numero>.pdf'. */
export function hemodonacionFileName(numero: string): string {
  return `hemodonacion-${fileNamePart(numero)}.pdf`;
}

/** A certificate's file name: 'constancia-<dni>-<YYYY-MM-DD>.pdf'. */
export function constanciaFileName(dni: string, fecha: string): string {
  return `constancia-${fileNamePart(dni)}-${fileNamePart(fecha)}.pdf`;
}

/** A CPH form's file name: 'cph-<dni>-pagina-<n>.pdf' for one page, 'cph-<dni>.pdf' for all three. */
export function cphFileName(dni: string, pagina?: 1 | 2 | 3): string {
  const base = `cph-${fileNamePart(dni)}`;
  return pagina ? `${base}-pagina-${pagina}.pdf` : `${base}.pdf`;
}

/** A measured value as text; null / NaN ("not measured") prints blank, never '_' or 0. */
export function formatSigno(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return String(value).replace('.', ',');
}

export function formatTension(signos: SignosVitales): string {
  const tas = formatSigno(signos.tas);
  const tad = formatSigno(signos.tad);
  if (!tas && !tad) return '';
  return `${tas} / ${tad}`;
}

export type TipoDonante = {
  voluntario: boolean;
  /** false: primera vez; true: habitual / esporádico */
  habitual: boolean;
};

/** The donor type of a donation: esVoluntario, and habitual by 'Donó anteriormente' or the history. */
export function tipoDonante(
  donacion: Pick<DonacionImprimible, 'donacionesPrevias'> & {
    donante: Pick<DonanteImprimible, 'esVoluntario' | 'donacionAnterior'>;
  },
): TipoDonante {
  // The rule itself lives once, in the domain.
  const { donante } = donacion;
  const tipo = tipoDonanteDominio(donante.esVoluntario, donante.donacionAnterior, donacion.donacionesPrevias);
  return { voluntario: tipo.startsWith('Voluntario'), habitual: tipo.endsWith('habitual/esporádico') };
}

export function tipoDonanteTexto(donacion: Parameters<typeof tipoDonante>[0]): string {
  const tipo = tipoDonante(donacion);
  return `${tipo.voluntario ? 'Voluntario' : 'Reposición'} - ${tipo.habitual ? 'Habitual / Esporádico' : 'Primera vez'}`;
}

export function formatRh(rh: string | null | undefined): string {
  const value = (rh ?? '').trim().toLowerCase();
  if (!value) return '';
  if (value === '+' || value.startsWith('pos')) return 'Positivo';
  if (value === '-' || value.startsWith('neg')) return 'Negativo';
  return rh ?? '';
}

/** 'A Positivo', 'O Negativo', or what is known of it. */
export function formatGrupo(abo: string | null | undefined, rh: string | null | undefined): string {
  return [abo ?? '', formatRh(rh)].filter(Boolean).join(' ');
}

export const SEROLOGIA_KEYS: readonly SerologiaKey[] = DOMAIN_SEROLOGIA_KEYS;

export const SEROLOGIA_LABELS: Record<SerologiaKey, string> = {
  hiv: 'HIV',
  hepB: 'HBV',
  hepC: 'HCV',
  vdrl: 'VDRL (sífilis)',
  brucelosis: 'Brucelosis',
  chagas: 'Chagas',
  htlv: 'HTLV',
};

/** (+) reactive, (-) non-reactive, '' not done. */
export function formatSerologia(serologia: SerologiaImprimible | null, key: SerologiaKey): string {
  const value = serologia?.[key];
  if (value === true) return '(+)';
  if (value === false) return '(-)';
  return '';
}

/** Street, number, floor and flat as one line: 'Mitre 123, piso 2, depto B'. */
export function formatDomicilio(
  d: Pick<DonanteImprimible, 'domActual' | 'domActualAltura' | 'domActualPiso' | 'domActualDepto'>,
): string {
  const calle = [d.domActual, d.domActualAltura].filter((p) => p && p.trim()).join(' ');
  const parts = [calle];
  if (d.domActualPiso?.trim()) parts.push(`piso ${d.domActualPiso.trim()}`);
  if (d.domActualDepto?.trim()) parts.push(`depto ${d.domActualDepto.trim()}`);
  return parts.filter(Boolean).join(', ');
}

export function formatLugarNacimiento(
  d: Pick<DonanteImprimible, 'lugarNacimiento' | 'ProvinciaNacimiento'>,
): string {
  return [d.lugarNacimiento, d.ProvinciaNacimiento].filter((p) => p && p.trim()).join(', ');
}

export function edad(fechaNacimiento: string | null, on: string): string {
  if (!fechaNacimiento || !parseIsoDate(fechaNacimiento)) return '';
  const years = yearsBetween(fechaNacimiento, on);
  return Number.isFinite(years) ? `${years} años` : '';
}

export function nombreCompleto(d: Pick<DonanteImprimible, 'nombre' | 'apellido'>): string {
  return [d.apellido?.trim(), d.nombre?.trim()].filter(Boolean).join(', ');
}

export function formatExclusion(tipo: string | null, dias: number | null, codigo: string | null): string {
  if (!tipo) return '';
  let text = tipo;
  if (tipo === 'Temporal' && dias) text += ` ${dias === 365 ? '1 año' : `${dias} días`}`;
  if (codigo) text += ` (${codigo})`;
  return text;
}

/** 'H:mm' and 'HH:mm' alike, so that '9:05' sorts before '10:00'. */
const sortableTime = (time: string): string => {
  const match = /^(\d{1,2}):(\d{2})/.exec(time ?? '');
  return match ? `${match[1].padStart(2, '0')}:${match[2]}` : '';
};

/**
 * The register book's order, as a paper book is written: oldest first, by date, then time, then
 * donation number ('000998' before '001000'). A new list; the given one is left as it is.
 */
export function chronological<T extends { fecha: string; hora: string; numero: string }>(
  items: readonly T[],
): T[] {
  return [...items].sort(
    (a, b) =>
      a.fecha.localeCompare(b.fecha) ||
      sortableTime(a.hora).localeCompare(sortableTime(b.hora)) ||
      a.numero.localeCompare(b.numero, 'es', { numeric: true }),
  );
}

/** Splits a list into pages of `size` items. */
export function chunk<T>(items: T[], size: number): T[][] {
  const pages: T[][] = [];
  for (let i = 0; i < items.length; i += size) pages.push(items.slice(i, i + size));
  return pages;
}
