/**
 * Look-back (trazabilidad inversa): when a donation's result turns reactive, every component of
 * the same person's earlier donations within the servicio's window, at any member of its network,
 * is withdrawn when it is still in stock anywhere (or on its way to a member), or its receiving
 * hospital is to be notified when it left; each notification is recorded (who, when, how, answer).
 *
 * Decision: a withdrawn unit becomes DESCARTADO with the reason 'Serología reactiva' (the one a
 * reactive result already gives) and a detail naming the look-back, through siguienteEstado
 * 'retirar': no new state nor reason, so every list, register and indicator of part 1 reads it as
 * it reads any unit discarded for serology. Shared by the server and the client.
 */
import type { EstadoComponente, MotivoDescarte } from './componentes';
import { addDays, type IsoDate, parseIsoDate } from './dates';
import { type FieldError, MSG } from './messages';

/**
 * Why a look-back opens: a reactive result of the donation, or a post-donation report (something
 * the donor or a doctor told after the donation that makes the blood unsafe).
 */
export const MOTIVOS_TRAZABILIDAD = ['RESULTADO_REACTIVO', 'INFORME_POSTDONACION'] as const;
export type MotivoTrazabilidad = (typeof MOTIVOS_TRAZABILIDAD)[number];

/** The discard reason a unit withdrawn by a look-back carries, per why the look-back opened. */
export const MOTIVO_DESCARTE_DE_TRAZABILIDAD: Record<MotivoTrazabilidad, MotivoDescarte> = {
  RESULTADO_REACTIVO: 'SEROLOGIA_REACTIVA',
  INFORME_POSTDONACION: 'INFORME_POSTDONACION',
};

/** The detail a withdrawn unit carries: why, and the donation that opened the look-back. */
export function detalleRetiro(motivo: MotivoTrazabilidad, numero: number): string {
  return motivo === 'RESULTADO_REACTIVO'
    ? MSG.retiroPorTrazabilidad(numero)
    : MSG.retiroPorInformePostdonacion(numero);
}

/**
 * Whether the look-back reads the donation that opened it too: a post-donation report concerns
 * that donation's blood, so its units that already left are traced (those still here were
 * blocked by the report); a reactive result already discarded that donation's units.
 */
export const incluyeLaDonacion = (motivo: MotivoTrazabilidad): boolean => motivo === 'INFORME_POSTDONACION';

export const VENTANA_TRAZABILIDAD_MESES = 12;
export const VENTANA_TRAZABILIDAD_MIN = 1;
export const VENTANA_TRAZABILIDAD_MAX = 60;

export function validateVentanaTrazabilidad(meses: unknown): FieldError[] {
  if (
    typeof meses !== 'number' ||
    !Number.isInteger(meses) ||
    meses < VENTANA_TRAZABILIDAD_MIN ||
    meses > VENTANA_TRAZABILIDAD_MAX
  )
    return [
      {
        field: 'meses',
        msg: MSG.ventanaTrazabilidadFueraDeRango(VENTANA_TRAZABILIDAD_MIN, VENTANA_TRAZABILIDAD_MAX),
      },
    ];
  return [];
}

/** The first day of the window: `meses` months before `fecha` (the last day of a shorter month). */
export function inicioVentana(fecha: IsoDate, meses: number): IsoDate {
  const p = parseIsoDate(fecha);
  if (!p) return fecha;
  const total = p.y * 12 + (p.m - 1) - meses;
  const y = Math.floor(total / 12);
  const m = (total % 12) + 1;
  const ultimo = Number(
    addDays(`${y + (m === 12 ? 1 : 0)}-${String((m % 12) + 1).padStart(2, '0')}-01`, -1).slice(8),
  );
  return `${y}-${String(m).padStart(2, '0')}-${String(Math.min(p.d, ultimo)).padStart(2, '0')}`;
}

/** The earlier donations a look-back reads: before or on the reactive one's day, within the window. */
export const enVentana = (fecha: IsoDate, desde: IsoDate, hasta: IsoDate): boolean =>
  fecha >= desde && fecha <= hasta;

export const ACCIONES_TRAZABILIDAD = ['RETIRADA', 'NOTIFICAR', 'SIN_ACCION'] as const;
export type AccionTrazabilidad = (typeof ACCIONES_TRAZABILIDAD)[number];
export const ACCION_TRAZABILIDAD_LABELS: Record<AccionTrazabilidad, string> = {
  RETIRADA: 'Retirada del stock',
  NOTIFICAR: 'Notificar al destino',
  SIN_ACCION: 'Ya estaba descartada',
};

/**
 * What a look-back does with a unit: withdraws it when it is in stock or quarantine anywhere or on
 * its way to a member; asks to notify its destination when it left to a hospital or the own
 * transfusion service; nothing when it was already discarded.
 */
export function accionDeUnidad(c: { estado: EstadoComponente; enTransito: boolean }): AccionTrazabilidad {
  if (c.estado === 'CUARENTENA' || c.estado === 'LIBERADO') return 'RETIRADA';
  if (c.estado === 'DESPACHADO') return c.enTransito ? 'RETIRADA' : 'NOTIFICAR';
  return 'SIN_ACCION';
}

export const MEDIOS_NOTIFICACION = ['TELEFONO', 'CORREO', 'NOTA', 'EN_PERSONA', 'OTRO'] as const;
export type MedioNotificacion = (typeof MEDIOS_NOTIFICACION)[number];
export const MEDIO_NOTIFICACION_LABELS: Record<MedioNotificacion, string> = {
  TELEFONO: 'Teléfono',
  CORREO: 'Correo electrónico',
  NOTA: 'Nota escrita',
  EN_PERSONA: 'En persona',
  OTRO: 'Otro',
};
export const NOTIFICADO_MAX = 200;
export const RESPUESTA_MAX = 1000;

/** A notification's errors: whom (required), how (one of the means), the answer (optional). */
export function validateNotificacion(n: {
  notificado?: string | null;
  medio?: unknown;
  respuesta?: string | null;
}): FieldError[] {
  const errors: FieldError[] = [];
  const notificado = (n.notificado ?? '').trim();
  if (notificado === '') errors.push({ field: 'notificado', msg: MSG.requerido });
  else if (notificado.length > NOTIFICADO_MAX)
    errors.push({ field: 'notificado', msg: MSG.textoDemasiadoLargo(NOTIFICADO_MAX) });
  if (typeof n.medio !== 'string' || !(MEDIOS_NOTIFICACION as readonly string[]).includes(n.medio))
    errors.push({ field: 'medio', msg: MSG.valorNoPermitido });
  if ((n.respuesta ?? '').trim().length > RESPUESTA_MAX)
    errors.push({ field: 'respuesta', msg: MSG.textoDemasiadoLargo(RESPUESTA_MAX) });
  return errors;
}

/** The units still to notify before a look-back closes: each one to notify without a notification. */
export const faltaNotificar = (
  unidades: readonly { componenteId: string; accion: AccionTrazabilidad; codigo: string }[],
  notificadas: ReadonlySet<string>,
): string[] =>
  unidades.filter((u) => u.accion === 'NOTIFICAR' && !notificadas.has(u.componenteId)).map((u) => u.codigo);
