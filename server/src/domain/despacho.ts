/**
 * Dispatch and destination of released units (part 2 of the components): where a dispatch goes,
 * what a dispatch may hold, and what becomes of each unit in it. The state changes themselves are
 * domain/componentes.ts siguienteEstado's ('despachar', 'devolver', 'destinoFinal', 'recibir').
 * Shared by the server and the client.
 */
import { type FieldError, MSG } from './messages';
import { isUuid } from './validation';

export const DESTINOS_DESPACHO = ['HOSPITAL', 'MIEMBRO_RED', 'SERVICIO_PROPIO'] as const;
export type TipoDestino = (typeof DESTINOS_DESPACHO)[number];
export const isTipoDestino = (v: unknown): v is TipoDestino =>
  typeof v === 'string' && (DESTINOS_DESPACHO as readonly string[]).includes(v);
export const TIPO_DESTINO_LABELS: Record<TipoDestino, string> = {
  HOSPITAL: 'Hospital o clínica',
  MIEMBRO_RED: 'Otro servicio de la red',
  SERVICIO_PROPIO: 'Servicio de transfusión propio',
};

/** What becomes of a unit in one dispatch. */
export const ESTADOS_UNIDAD_DESPACHO = [
  'EN_DESTINO',
  'EN_TRANSITO',
  'RECIBIDO',
  'DEVUELTO',
  'TRANSFUNDIDO',
  'DESCARTADO',
] as const;
export type EstadoUnidadDespacho = (typeof ESTADOS_UNIDAD_DESPACHO)[number];
export const ESTADO_UNIDAD_DESPACHO_LABELS: Record<EstadoUnidadDespacho, string> = {
  EN_DESTINO: 'En el destino',
  EN_TRANSITO: 'En tránsito',
  RECIBIDO: 'Recibido',
  DEVUELTO: 'Devuelto',
  TRANSFUNDIDO: 'Transfundido',
  DESCARTADO: 'Descartado en el destino',
};
/** The fates that close a unit's dispatch: nothing more is recorded in it. */
export const cierraDespacho = (e: EstadoUnidadDespacho): boolean => e !== 'EN_DESTINO' && e !== 'EN_TRANSITO';

export const DESTINOS_FINALES = ['TRANSFUNDIDO', 'DESCARTADO'] as const;
export type DestinoFinal = (typeof DESTINOS_FINALES)[number];
export const DESTINO_FINAL_LABELS: Record<DestinoFinal, string> = {
  TRANSFUNDIDO: 'Transfundido',
  DESCARTADO: 'Descartado en el destino',
};

/** Who dispatches, returns, receives and records a final destination. */
export const ROLES_DESPACHO: readonly string[] = ['ROL_MEDICO', 'ROL_TECNICO', 'ROL_SERVICIO'];
export const despacha = (rol: string | null | undefined): boolean => ROLES_DESPACHO.includes(rol ?? '');

/** How many units one dispatch holds at most. */
export const DESPACHAR_POR_VEZ_MAX = 200;
export const DESTINO_NOMBRE_MAX = 200;
export const DESTINO_REFERENCIA_MAX = 100;

export type DestinoData = {
  tipo: unknown;
  nombre?: string | null;
  referencia?: string | null;
  servicioId?: string | null;
};

/**
 * A destination's errors: a hospital needs its name (the reference is optional); another member
 * needs its servicio (checked against the network by the service); the own transfusion service
 * needs nothing. Only a member's dispatch names a servicio.
 */
export function validateDestino(d: DestinoData): FieldError[] {
  if (!isTipoDestino(d.tipo)) return [{ field: 'destino.tipo', msg: MSG.valorNoPermitido }];
  const errors: FieldError[] = [];
  const nombre = (d.nombre ?? '').trim();
  const referencia = (d.referencia ?? '').trim();
  if (d.tipo === 'HOSPITAL' && nombre === '')
    errors.push({ field: 'destino.nombre', msg: MSG.destinoNombreRequerido });
  if (nombre.length > DESTINO_NOMBRE_MAX)
    errors.push({ field: 'destino.nombre', msg: MSG.textoDemasiadoLargo(DESTINO_NOMBRE_MAX) });
  if (referencia.length > DESTINO_REFERENCIA_MAX)
    errors.push({ field: 'destino.referencia', msg: MSG.textoDemasiadoLargo(DESTINO_REFERENCIA_MAX) });
  const servicio = (d.servicioId ?? '').trim();
  if (d.tipo === 'MIEMBRO_RED' && !isUuid(servicio))
    errors.push({ field: 'destino.servicioId', msg: MSG.destinoMiembroRequerido });
  if (d.tipo !== 'MIEMBRO_RED' && servicio !== '')
    errors.push({ field: 'destino.servicioId', msg: MSG.destinoSinMiembro });
  return errors;
}

/** The units of a dispatch: at least one, at most DESPACHAR_POR_VEZ_MAX, none twice. */
export function validateUnidadesDespacho(ids: readonly string[]): FieldError[] {
  if (ids.length === 0) return [{ field: 'ids', msg: MSG.despachoVacio }];
  if (ids.length > DESPACHAR_POR_VEZ_MAX)
    return [{ field: 'ids', msg: MSG.despachoDemasiados(DESPACHAR_POR_VEZ_MAX) }];
  if (new Set(ids.map((i) => i.toLowerCase())).size !== ids.length)
    return [{ field: 'ids', msg: MSG.despachoRepetido }];
  return [];
}

// ---------------------------------------------------------------------------
// Requests between members (the network account asks one member to send units to another)

export const ESTADOS_SOLICITUD = ['PENDIENTE', 'ACEPTADA', 'RECHAZADA'] as const;
export type EstadoSolicitud = (typeof ESTADOS_SOLICITUD)[number];
export const ESTADO_SOLICITUD_LABELS: Record<EstadoSolicitud, string> = {
  PENDIENTE: 'Pendiente',
  ACEPTADA: 'Aceptada',
  RECHAZADA: 'Rechazada',
};
/** The most units one request asks for. */
export const SOLICITUD_CANTIDAD_MAX = 200;
/** The longest note a request carries. */
export const SOLICITUD_NOTA_MAX = 500;

/** A request's errors: two distinct members, a blood group, a whole number of units, a short note. */
export function validateSolicitud(s: {
  origenId: string;
  destinoId: string;
  abo: string;
  rh: string;
  cantidad: unknown;
  nota?: string | null;
}): FieldError[] {
  const errors: FieldError[] = [];
  if (!isUuid(s.origenId) || !isUuid(s.destinoId) || s.origenId.toLowerCase() === s.destinoId.toLowerCase())
    errors.push({ field: 'destinoId', msg: MSG.solicitudMiembros });
  if (!['A', 'B', 'AB', 'O'].includes(s.abo)) errors.push({ field: 'abo', msg: MSG.valorNoPermitido });
  if (!['POSITIVO', 'NEGATIVO'].includes(s.rh)) errors.push({ field: 'rh', msg: MSG.valorNoPermitido });
  if (
    typeof s.cantidad !== 'number' ||
    !Number.isInteger(s.cantidad) ||
    s.cantidad < 1 ||
    s.cantidad > SOLICITUD_CANTIDAD_MAX
  )
    errors.push({ field: 'cantidad', msg: MSG.solicitudCantidad(SOLICITUD_CANTIDAD_MAX) });
  if ((s.nota ?? '').trim().length > SOLICITUD_NOTA_MAX)
    errors.push({ field: 'nota', msg: MSG.textoDemasiadoLargo(SOLICITUD_NOTA_MAX) });
  return errors;
}
