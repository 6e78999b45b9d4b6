import type { Rol } from '@domain/roles';

/** A network's panel: its members and their figures. */
export const RED_PATH = '/red';
/** The servicio's home: the donor search. */
export const SERVICIO_PATH = '/donantes';

/**
 * The only screens a network's account (ROL_RED) reaches: its panel and its password. Every
 * servicio screen asks for people's data the server refuses it, so the client never shows them.
 */
export const RUTAS_RED: readonly string[] = [RED_PATH, '/opciones/clave'];

/** Where a session starts: a network on /red, a servicio's staff on /donantes. */
export function inicioDe(rol: Rol | null | undefined): string {
  return rol === 'ROL_RED' ? RED_PATH : SERVICIO_PATH;
}
