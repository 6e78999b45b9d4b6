/**
 * API keys for reporting dashboards: a servicio's administrator issues named keys that read the
 * servicio's indicators and nothing else. The rules the server and the Opciones screen share.
 */
import { CLAVE_API_NOMBRE_MAX } from './limites';
import { MSG } from './messages';
import { isBlank } from './validation';

/** Every secret starts with it: a key is told from a session token at a glance (and by scanners). */
export const CLAVE_API_PREFIJO = 'hk_';

/** Characters of a secret kept in the clear to tell keys apart (the prefix and 8 more). */
export const CLAVE_API_PREFIJO_VISIBLE = CLAVE_API_PREFIJO.length + 8;

/**
 * The root fields of a query a key may ask for: the indicators. Everything else, mutations and the
 * schema's description included, is refused.
 */
export const CAMPOS_CLAVE_API: readonly string[] = ['indicadores'];

/**
 * Whether a key may run a query with these root fields: at least one of CAMPOS_CLAVE_API and
 * nothing else but `__typename` (not data, but never a query of its own).
 */
export function camposPermitidosConClaveApi(campos: readonly string[]): boolean {
  return (
    campos.some((c) => CAMPOS_CLAVE_API.includes(c)) &&
    campos.every((c) => c === '__typename' || CAMPOS_CLAVE_API.includes(c))
  );
}

/** Whether a bearer credential is an API key rather than a session token. */
export function esClaveApi(credencial: string | undefined | null): boolean {
  return typeof credencial === 'string' && credencial.startsWith(CLAVE_API_PREFIJO);
}

/** A key's name as it is stored: trimmed. */
export function nombreClaveApi(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** Why a key's name is refused (required, at most CLAVE_API_NOMBRE_MAX characters), or undefined. */
export function validateNombreClaveApi(value: unknown): string | undefined {
  if (isBlank(value) || typeof value !== 'string') return MSG.requerido;
  if (nombreClaveApi(value).length > CLAVE_API_NOMBRE_MAX)
    return MSG.textoDemasiadoLargo(CLAVE_API_NOMBRE_MAX);
  return undefined;
}
