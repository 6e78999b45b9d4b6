/**
 * A visit: every attendance of a donor (arrival date and time, who received them). It holds the
 * interview (domain/entrevista.ts), its confirmation by a doctor, the signatures of the declaration
 * and of the consent, and ends in a donation, a 'No apto' (domain/no-apto.ts) or abandoned. The
 * steps a visit may take, by its state, are decided here; modules/visita applies them.
 */
import { MSG } from './messages';
import { decideReactivo } from './roles';

export const ESTADOS_VISITA = ['EN_CURSO', 'DONACION', 'NO_APTO', 'ABANDONADA'] as const;
export type EstadoVisita = (typeof ESTADOS_VISITA)[number];

export const ESTADO_VISITA_LABELS: Record<EstadoVisita, string> = {
  EN_CURSO: 'En curso',
  DONACION: 'Donó',
  NO_APTO: 'No apto',
  ABANDONADA: 'Abandonada',
};

export const TESTIGO_MAX = 120;

/** What the rules read of a visit. */
export type VisitaEstado = {
  estado: EstadoVisita;
  /** The interview has answers. */
  respondida: boolean;
  /** A doctor confirmed the interview. */
  confirmada: boolean;
  declaracionFirmada: boolean;
  consentimientoFirmado: boolean;
};

/** A step of a visit. */
export type PasoVisita = 'responder' | 'confirmar' | 'firmar' | 'donar' | 'noApto' | 'abandonar';

/** Why `paso` is refused on `visita` by `rol`, or null when it may be taken. */
export function pasoVisitaNegado(visita: VisitaEstado, paso: PasoVisita, rol: string): string | null {
  if (visita.estado !== 'EN_CURSO') return MSG.visitaCerrada(ESTADO_VISITA_LABELS[visita.estado]);
  switch (paso) {
    case 'responder':
      return visita.confirmada ? MSG.entrevistaYaConfirmada : null;
    case 'confirmar':
      if (!decideReactivo(rol)) return MSG.soloMedicoConfirmaEntrevista;
      if (!visita.respondida) return MSG.entrevistaSinRespuestas;
      return visita.confirmada ? MSG.entrevistaYaConfirmada : null;
    case 'firmar':
    case 'noApto':
    case 'abandonar':
      return null;
    case 'donar':
      if (!visita.confirmada) return MSG.entrevistaSinConfirmar;
      if (!visita.declaracionFirmada || !visita.consentimientoFirmado) return MSG.visitaSinFirmas;
      return null;
  }
}

export type FirmasData = {
  declaracionFirmada?: boolean | null;
  consentimientoFirmado?: boolean | null;
  testigoDeclaracion?: string | null;
  testigoConsentimiento?: string | null;
};

/** A signed document names who witnessed it; a witness is at most TESTIGO_MAX characters. */
export function validateFirmas(data: FirmasData): { field: string; msg: string }[] {
  const errors: { field: string; msg: string }[] = [];
  const check = (firmado: boolean | null | undefined, testigo: string | null | undefined, field: string) => {
    const t = typeof testigo === 'string' ? testigo.trim() : '';
    if (firmado === true && t === '') errors.push({ field, msg: MSG.testigoRequerido });
    else if (t.length > TESTIGO_MAX) errors.push({ field, msg: MSG.textoDemasiadoLargo(TESTIGO_MAX) });
  };
  check(data.declaracionFirmada, data.testigoDeclaracion, 'testigoDeclaracion');
  check(data.consentimientoFirmado, data.testigoConsentimiento, 'testigoConsentimiento');
  return errors;
}
