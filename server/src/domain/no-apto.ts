/**
 * A screening visit at which the donor could not donate ('No apto'): the reason, the measured
 * values (outside the normal bounds, which is often the reason) and an optional temporary deferral.
 */
import { isValidIsoDate, IsoDate } from './dates';
import { isHora, type SignosVitales, validateSignosPosibles } from './donacion';
import { DIFERIMIENTO_NO_APTO_MAX_DIAS } from './limites';
import { FieldError, MSG } from './messages';
import { ErrorList, isBlank } from './validation';

export const MOTIVO_NO_APTO_MAX = 500;

export type NoAptoData = {
  fecha?: string | null;
  hora?: string | null;
  motivo?: string | null;
  sv?: Partial<SignosVitales> | null;
  diferimientoDias?: number | null;
  /** Deferred for good (only a doctor records it, modules/elegibilidad); the days are then moot. */
  definitivo?: boolean | null;
};

/** A reason (a visit's 'motivo', a lift's): required, at most MOTIVO_NO_APTO_MAX characters. */
export function validateMotivo(value: unknown): string | undefined {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') return MSG.requerido;
  return text.length > MOTIVO_NO_APTO_MAX ? MSG.textoDemasiadoLargo(MOTIVO_NO_APTO_MAX) : undefined;
}

/** Every rule of a 'No apto' visit; an empty list means it may be recorded. */
export function validateNoApto(data: NoAptoData, today: IsoDate): FieldError[] {
  const list = new ErrorList();
  if (isBlank(data.fecha)) list.add('fecha', MSG.requerido);
  else if (!isValidIsoDate(data.fecha)) list.add('fecha', MSG.fechaInvalida);
  else if (data.fecha! > today) list.add('fecha', MSG.fechaFutura);
  if (isBlank(data.hora)) list.add('hora', MSG.requerido);
  else if (!isHora(data.hora)) list.add('hora', MSG.horaInvalida);
  const motivo = validateMotivo(data.motivo);
  if (motivo) list.add('motivo', motivo);
  const dias = data.diferimientoDias ?? 0;
  if (!Number.isInteger(dias) || dias < 0 || dias > DIFERIMIENTO_NO_APTO_MAX_DIAS) {
    list.add('diferimientoDias', MSG.enteroEntre(0, DIFERIMIENTO_NO_APTO_MAX_DIAS));
  }
  if (data.definitivo !== undefined && data.definitivo !== null && typeof data.definitivo !== 'boolean') {
    list.add('definitivo', MSG.valorNoPermitido);
  }
  for (const error of validateSignosPosibles(data.sv)) list.add(error.field, error.msg);
  return list.errors;
}
