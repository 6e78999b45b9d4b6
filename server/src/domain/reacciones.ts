/**
 * Donor reactions at a donation (adverse events of the donor): the coded kind, its severity, the
 * time, the treatment and the outcome. Recorded on the donation, printed on its sheet, counted per
 * 1,000 donations in the indicators; a severe one is a notice for the donor's next interview.
 */
import { isHora } from './donacion';
import { FieldError, MSG } from './messages';
import { ErrorList, isBlank } from './validation';

export const TIPOS_REACCION = [
  'VASOVAGAL_SIN_PERDIDA_CONCIENCIA',
  'VASOVAGAL_CON_PERDIDA_CONCIENCIA',
  'HEMATOMA',
  'PUNCION_ARTERIAL',
  'LESION_NERVIOSA',
  'REACCION_CITRATO',
  'OTRA',
] as const;
export type TipoReaccion = (typeof TIPOS_REACCION)[number];

export const TIPO_REACCION_LABELS: Record<TipoReaccion, string> = {
  VASOVAGAL_SIN_PERDIDA_CONCIENCIA: 'Vasovagal sin pérdida de conciencia',
  VASOVAGAL_CON_PERDIDA_CONCIENCIA: 'Vasovagal con pérdida de conciencia',
  HEMATOMA: 'Hematoma',
  PUNCION_ARTERIAL: 'Punción arterial',
  LESION_NERVIOSA: 'Lesión nerviosa',
  REACCION_CITRATO: 'Reacción al citrato (aféresis)',
  OTRA: 'Otra',
};

export const SEVERIDADES_REACCION = ['LEVE', 'MODERADA', 'SEVERA'] as const;
export type SeveridadReaccion = (typeof SEVERIDADES_REACCION)[number];

export const SEVERIDAD_REACCION_LABELS: Record<SeveridadReaccion, string> = {
  LEVE: 'Leve',
  MODERADA: 'Moderada',
  SEVERA: 'Severa',
};

/** Longest treatment, outcome or detail. */
export const REACCION_TEXTO_MAX = 500;

export type ReaccionData = {
  tipo?: string | null;
  severidad?: string | null;
  hora?: string | null;
  tratamiento?: string | null;
  evolucion?: string | null;
  detalle?: string | null;
};

/**
 * A reaction's errors: a coded kind and severity, its time (HH:mm), texts of bounded length; 'Otra'
 * says what it was (detalle); a citrate reaction only at an apheresis donation.
 */
export function validateReaccion(data: ReaccionData, donacion: { aferesis: boolean }): FieldError[] {
  const list = new ErrorList();
  if (isBlank(data.tipo)) list.add('tipo', MSG.requerido);
  else if (!TIPOS_REACCION.includes(data.tipo as TipoReaccion)) list.add('tipo', MSG.valorNoPermitido);
  else if (data.tipo === 'REACCION_CITRATO' && !donacion.aferesis) list.add('tipo', MSG.citratoSoloAferesis);
  if (isBlank(data.severidad)) list.add('severidad', MSG.requerido);
  else if (!SEVERIDADES_REACCION.includes(data.severidad as SeveridadReaccion)) {
    list.add('severidad', MSG.valorNoPermitido);
  }
  if (isBlank(data.hora)) list.add('hora', MSG.requerido);
  else if (!isHora(data.hora)) list.add('hora', MSG.horaInvalida);
  for (const campo of ['tratamiento', 'evolucion', 'detalle'] as const) {
    const texto = data[campo];
    if (texto !== null && texto !== undefined && typeof texto !== 'string')
      list.add(campo, MSG.valorNoPermitido);
    else if ((texto ?? '').trim().length > REACCION_TEXTO_MAX) {
      list.add(campo, MSG.textoDemasiadoLargo(REACCION_TEXTO_MAX));
    }
  }
  if (data.tipo === 'OTRA' && isBlank(data.detalle)) list.add('detalle', MSG.reaccionOtraDetalle);
  return list.errors;
}

/** 'Hematoma (Leve), 10:40' — a reaction in one line, as the donation sheet prints it. */
export function reaccionTexto(r: {
  tipo: string;
  severidad: string;
  hora: string;
  detalle?: string | null;
}): string {
  const tipo = TIPO_REACCION_LABELS[r.tipo as TipoReaccion] ?? r.tipo;
  const detalle = r.detalle?.trim() ? `: ${r.detalle.trim()}` : '';
  const severidad = SEVERIDAD_REACCION_LABELS[r.severidad as SeveridadReaccion] ?? r.severidad;
  return `${tipo}${detalle} (${severidad}), ${r.hora}`;
}

/** Reactions per 1,000 donations, with one decimal; 0 without donations. */
export function porMil(reacciones: number, donaciones: number): number {
  return donaciones > 0 ? Math.round((reacciones / donaciones) * 10_000) / 10 : 0;
}
