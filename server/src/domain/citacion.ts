/**
 * Calling donors back (citación): the work-list of donors the servicio has to call, with why
 * (a reactive result awaiting a confirmatory sample, a confirmed result to be told, another reason
 * a doctor adds), each attempt, the appointment, the attendance (what was told, the referral) and
 * the closure. The reason and what was told are a doctor's (ROL_MEDICO): every other role sees
 * only that a call is due. Post-donation information (informe post-donación): what a donor or a
 * doctor reports after the donation that makes the blood unsafe. Shared by the server and the
 * client.
 */
import { isValidIsoDate, type IsoDate } from './dates';
import { type FieldError, MSG } from './messages';
import { etapaResultado, type ResultadoMarcador } from './resultados';

// ---------------------------------------------------------------------------
// Reasons, states and means

export const MOTIVOS_CITACION = ['RESULTADO_REACTIVO_CONFIRMATORIO', 'RESULTADO_CONFIRMADO', 'OTRO'] as const;
export type MotivoCitacion = (typeof MOTIVOS_CITACION)[number];
export const isMotivoCitacion = (v: unknown): v is MotivoCitacion =>
  typeof v === 'string' && (MOTIVOS_CITACION as readonly string[]).includes(v);
export const MOTIVO_CITACION_LABELS: Record<MotivoCitacion, string> = {
  RESULTADO_REACTIVO_CONFIRMATORIO: 'Resultado reactivo: nueva muestra para la prueba confirmatoria',
  RESULTADO_CONFIRMADO: 'Resultado confirmado: informar al donante',
  OTRO: 'Otro motivo',
};
/** The reasons the laboratory's results open and close by themselves (never added by hand). */
export const MOTIVOS_AUTOMATICOS: readonly MotivoCitacion[] = [
  'RESULTADO_REACTIVO_CONFIRMATORIO',
  'RESULTADO_CONFIRMADO',
];

export const ESTADOS_CITACION = ['PENDIENTE', 'CITADO', 'ASISTIO', 'CERRADA'] as const;
export type EstadoCitacion = (typeof ESTADOS_CITACION)[number];
export const isEstadoCitacion = (v: unknown): v is EstadoCitacion =>
  typeof v === 'string' && (ESTADOS_CITACION as readonly string[]).includes(v);
export const ESTADO_CITACION_LABELS: Record<EstadoCitacion, string> = {
  PENDIENTE: 'Pendiente',
  CITADO: 'Citado',
  ASISTIO: 'Asistió',
  CERRADA: 'Cerrada',
};
/** The states of a citación still open (the donor's 'Citación pendiente'). */
export const ESTADOS_ABIERTOS: readonly EstadoCitacion[] = ['PENDIENTE', 'CITADO', 'ASISTIO'];
export const estaAbierta = (estado: string): boolean =>
  (ESTADOS_ABIERTOS as readonly string[]).includes(estado);

export const MEDIOS_INTENTO = ['TELEFONO', 'CORREO', 'MENSAJE', 'CARTA', 'EN_PERSONA', 'OTRO'] as const;
export type MedioIntento = (typeof MEDIOS_INTENTO)[number];
export const isMedioIntento = (v: unknown): v is MedioIntento =>
  typeof v === 'string' && (MEDIOS_INTENTO as readonly string[]).includes(v);
export const MEDIO_INTENTO_LABELS: Record<MedioIntento, string> = {
  TELEFONO: 'Teléfono',
  CORREO: 'Correo electrónico',
  MENSAJE: 'Mensaje de texto',
  CARTA: 'Carta',
  EN_PERSONA: 'En persona',
  OTRO: 'Otro',
};

/** The longest texts: a reason's detail, an attempt's outcome, what was told, the referral, the closure. */
export const DETALLE_CITACION_MAX = 500;
export const RESULTADO_INTENTO_MAX = 500;
export const INFORMADO_MAX = 1000;
export const DERIVACION_MAX = 500;
export const MOTIVO_CIERRE_MAX = 500;

/** What every role but a doctor sees of a citación's reason. */
export const CITACION_PENDIENTE = MSG.citacionPendiente;

// ---------------------------------------------------------------------------
// Who sees and does what

/** Who reads a citación's reason, what was told and the referral: a doctor only. */
export const veMotivoCitacion = (rol: string | null | undefined): boolean => rol === 'ROL_MEDICO';

/**
 * Who adds a citación, records the attendance (what was told, the referral) and closes one: a
 * doctor only, as it is the doctor who knows the reason. Attempts and appointments are every
 * servicio role's (the office calls and books).
 */
export const ROLES_CITACION_MEDICA: readonly string[] = ['ROL_MEDICO'];
export const decideCitacion = (rol: string | null | undefined): boolean =>
  ROLES_CITACION_MEDICA.includes(rol ?? '');

// ---------------------------------------------------------------------------
// The state machine

export type AccionCitacion =
  | { tipo: 'intento'; fecha?: string | null; medio?: unknown; resultado?: string | null }
  | { tipo: 'cita'; fecha?: string | null }
  | { tipo: 'asistencia'; informado?: string | null; derivacion?: string | null }
  | { tipo: 'cerrar'; motivo?: string | null };

export type PasoCitacion =
  | { ok: true; estado: EstadoCitacion }
  | { ok: false; tipo: 'permiso' | 'estado' | 'datos'; errores: FieldError[] };

const negado = (tipo: 'permiso' | 'estado' | 'datos', field: string, msg: string): PasoCitacion => ({
  ok: false,
  tipo,
  errores: [{ field, msg }],
});

function texto(
  value: string | null | undefined,
  field: string,
  max: number,
  requerido: boolean,
): FieldError | null {
  const t = (value ?? '').trim();
  if (requerido && t === '') return { field, msg: MSG.requerido };
  if (t.length > max) return { field, msg: MSG.textoDemasiadoLargo(max) };
  return null;
}

const datos = (errores: (FieldError | null)[]): PasoCitacion | null => {
  const lista = errores.filter((e): e is FieldError => e !== null);
  return lista.length ? { ok: false, tipo: 'datos', errores: lista } : null;
};

/**
 * What a citación may do next, the one rule both APIs ask:
 * - intento: an attempt to reach the donor (date not in the future, a means, what happened), while
 *   open, by any servicio role; the state does not change;
 * - cita: the appointment (today or later), PENDIENTE or CITADO -> CITADO, by any servicio role;
 * - asistencia: the donor came, PENDIENTE or CITADO -> ASISTIO, with what was told (required) and
 *   the referral, by a doctor;
 * - cerrar: any open state -> CERRADA with the reason, by a doctor.
 */
export function siguienteCitacion(
  citacion: { estado: EstadoCitacion },
  accion: AccionCitacion,
  rol: string | null | undefined,
  hoy: IsoDate,
): PasoCitacion {
  const { estado } = citacion;
  if (accion.tipo === 'asistencia' || accion.tipo === 'cerrar') {
    if (!decideCitacion(rol)) return negado('permiso', '', MSG.soloMedicoCitacion);
  }
  if (estado === 'CERRADA') return negado('estado', '', MSG.citacionCerrada);
  switch (accion.tipo) {
    case 'intento': {
      const fecha = accion.fecha ?? '';
      const error = datos([
        !isValidIsoDate(fecha)
          ? { field: 'fecha', msg: fecha ? MSG.fechaInvalida : MSG.requerido }
          : fecha > hoy
            ? { field: 'fecha', msg: MSG.intentoFechaFutura }
            : null,
        isMedioIntento(accion.medio) ? null : { field: 'medio', msg: MSG.valorNoPermitido },
        texto(accion.resultado, 'resultado', RESULTADO_INTENTO_MAX, false),
      ]);
      return error ?? { ok: true, estado };
    }
    case 'cita': {
      if (estado === 'ASISTIO') return negado('estado', '', MSG.citacionYaAsistio);
      const fecha = accion.fecha ?? '';
      if (!isValidIsoDate(fecha)) return negado('datos', 'fecha', fecha ? MSG.fechaInvalida : MSG.requerido);
      if (fecha < hoy) return negado('datos', 'fecha', MSG.citaFechaPasada);
      return { ok: true, estado: 'CITADO' };
    }
    case 'asistencia': {
      if (estado === 'ASISTIO') return negado('estado', '', MSG.citacionYaAsistio);
      const error = datos([
        texto(accion.informado, 'informado', INFORMADO_MAX, true),
        texto(accion.derivacion, 'derivacion', DERIVACION_MAX, false),
      ]);
      return error ?? { ok: true, estado: 'ASISTIO' };
    }
    case 'cerrar':
      return (
        datos([texto(accion.motivo, 'motivo', MOTIVO_CIERRE_MAX, true)]) ?? { ok: true, estado: 'CERRADA' }
      );
  }
}

/** A citación a doctor adds by hand: only 'OTRO', with its detail. */
export function validateNuevaCitacion(motivo: unknown, detalle: string | null | undefined): FieldError[] {
  if (motivo !== 'OTRO') return [{ field: 'motivo', msg: MSG.citacionMotivoManual }];
  const e = texto(detalle, 'detalle', DETALLE_CITACION_MAX, true);
  return e ? [e] : [];
}

// ---------------------------------------------------------------------------
// What a donation's results ask of the call-back list

/** The automatic reason a donation's results ask for, or null, and the closure text when none. */
export type CitacionDeResultados =
  { motivo: 'RESULTADO_CONFIRMADO' | 'RESULTADO_REACTIVO_CONFIRMATORIO' } | { motivo: null; cierre: string };

/**
 * What a donation's results ask of the donor's call-back list, the one rule:
 * - a marker confirmed positive: the donor is to be told (RESULTADO_CONFIRMADO);
 * - else a marker that defers the donor awaiting the confirmatory step (a reactive or indeterminate
 *   screening, before or after its repeat in duplicate: domain/elegibilidad.ts defers from the
 *   first reactive screening): a new sample is needed (RESULTADO_REACTIVO_CONFIRMATORIO);
 * - else nothing: an open call for a confirmatory of this donation closes, 'Confirmatorio negativo'
 *   when a confirmatory test was negative, else 'Repetición no reactiva'.
 */
export function citacionDeResultados(resultados: readonly ResultadoMarcador[]): CitacionDeResultados {
  const etapas = resultados.map((r) => etapaResultado(r));
  if (etapas.includes('CONFIRMADO_POSITIVO')) return { motivo: 'RESULTADO_CONFIRMADO' };
  if (etapas.some((e) => e === 'REPETIR' || e === 'REPETIDAMENTE_REACTIVO'))
    return { motivo: 'RESULTADO_REACTIVO_CONFIRMATORIO' };
  return {
    motivo: null,
    cierre: etapas.includes('CONFIRMADO_NEGATIVO') ? MSG.cierreConfirmatorioNegativo : MSG.cierreSinReactivo,
  };
}

// ---------------------------------------------------------------------------
// Post-donation information

export const INFORMANTES_POSTDONACION = ['DONANTE', 'MEDICO', 'OTRO'] as const;
export type InformantePostdonacion = (typeof INFORMANTES_POSTDONACION)[number];
export const isInformantePostdonacion = (v: unknown): v is InformantePostdonacion =>
  typeof v === 'string' && (INFORMANTES_POSTDONACION as readonly string[]).includes(v);
export const INFORMANTE_POSTDONACION_LABELS: Record<InformantePostdonacion, string> = {
  DONANTE: 'El donante',
  MEDICO: 'Un médico',
  OTRO: 'Otro',
};
export const DESCRIPCION_INFORME_MAX = 1000;

/** Who records a post-donation report and reads its text: a doctor and the servicio's administrator. */
export const ROLES_INFORME_POSTDONACION: readonly string[] = ['ROL_MEDICO', 'ROL_SERVICIO'];
export const registraInforme = (rol: string | null | undefined): boolean =>
  ROLES_INFORME_POSTDONACION.includes(rol ?? '');

export type InformePostdonacionData = {
  informante?: unknown;
  fecha?: string | null;
  descripcion?: string | null;
};

/** A post-donation report: who reported, when (not before the donation, not in the future), what. */
export function validateInformePostdonacion(
  data: InformePostdonacionData,
  fechaDonacion: IsoDate,
  hoy: IsoDate,
): FieldError[] {
  const errores: FieldError[] = [];
  if (!isInformantePostdonacion(data.informante))
    errores.push({ field: 'informante', msg: MSG.valorNoPermitido });
  const fecha = data.fecha ?? '';
  if (!isValidIsoDate(fecha))
    errores.push({ field: 'fecha', msg: fecha ? MSG.fechaInvalida : MSG.requerido });
  else if (fecha > hoy) errores.push({ field: 'fecha', msg: MSG.informeFechaFutura });
  else if (fecha < fechaDonacion) errores.push({ field: 'fecha', msg: MSG.informeAntesDeDonacion });
  const e = texto(data.descripcion, 'descripcion', DESCRIPCION_INFORME_MAX, true);
  if (e) errores.push(e);
  return errores;
}
