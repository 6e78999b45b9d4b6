/** Postgres' SQLSTATE for a unique index or constraint violation. */
const PG_UNIQUE_VIOLATION = '23505';

/** The unique indexes whose violations the services turn into Spanish messages. */
export const UNIQUE_INDEX = {
  /** usuario (lower(username)): usernames are unique across the installation. */
  usuarioUsername: 'usuario_username_uq',
  /** donante (servicio_id, dni) of live donors. */
  donanteDni: 'donante_servicio_dni_uq',
  /** persona_identificador (servicio_id, dni): a DNI names one person (migration 1764000000000). */
  personaDni: 'persona_identificador_pkey',
  /** donacion (servicio_id, numero) of live donations. */
  donacionNumero: 'donacion_numero_uq',
  /** clave_api (servicio_id, lower(nombre)) of active API keys. */
  claveApiNombre: 'clave_api_nombre_activa_idx',
} as const;

/**
 * True when `error` is a unique violation (of `constraint` when given): two
 * writers raced for one value and this one lost. Reads TypeORM's
 * QueryFailedError (`driverError`) and the driver's own error alike.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; constraint?: unknown; driverError?: unknown };
  const driver = (typeof e.driverError === 'object' && e.driverError !== null ? e.driverError : e) as {
    code?: unknown;
    constraint?: unknown;
  };
  if (driver.code !== PG_UNIQUE_VIOLATION) return false;
  return constraint === undefined || driver.constraint === constraint;
}
