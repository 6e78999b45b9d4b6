export const ROLES = ['ROL_SERVICIO', 'ROL_MEDICO', 'ROL_TECNICO', 'ROL_ADMINISTRATIVO', 'ROL_RED'] as const;
export type Rol = (typeof ROLES)[number];

/**
 * The roles inside a servicio: what `@Authorized()` with no role (and 'any' in the permission
 * table) means. ROL_RED is a regional network's account: it sees its members' figures, never a
 * person, so it reaches only the operations that name it.
 */
export const ROLES_SERVICIO = ['ROL_SERVICIO', 'ROL_MEDICO', 'ROL_TECNICO', 'ROL_ADMINISTRATIVO'] as const;

/** The roles a new account may take at registration: a servicio, or a network of servicios. */
export const ROLES_REGISTRO = ['ROL_SERVICIO', 'ROL_RED'] as const;

/** Roles a service administrator may give a new staff member; the first is the default. */
export const ROLES_INTEGRANTE = ['ROL_MEDICO', 'ROL_TECNICO', 'ROL_ADMINISTRATIVO'] as const;
export const ROL_INTEGRANTE_DEFAULT: Rol = 'ROL_MEDICO';

/**
 * Who takes a medical decision on a donor: lifting or shortening a deferral (with a reason), and
 * changing the sex of a donor with donations (the yearly limit depends on it).
 */
export const ROLES_DECISION_MEDICA: readonly Rol[] = ['ROL_MEDICO', 'ROL_SERVICIO'];

export function decideMedicamente(rol: string | null | undefined): boolean {
  return (ROLES_DECISION_MEDICA as readonly string[]).includes(rol ?? '');
}

/**
 * Who ends or softens a deferral that comes from a reactive serology marker, and records a 'No
 * apto' visit that defers for good: a doctor only (ROL_SERVICIO is the account's administrator,
 * not necessarily a doctor).
 */
export function decideReactivo(rol: string | null | undefined): boolean {
  return rol === 'ROL_MEDICO';
}

/** The panel label the top bar shows for each role. */
export const PANEL_POR_ROL: Record<Rol, string> = {
  ROL_SERVICIO: 'Panel del Servicio',
  ROL_MEDICO: 'Panel Médico',
  ROL_TECNICO: 'Panel Técnico',
  ROL_ADMINISTRATIVO: 'Panel Administrativo',
  ROL_RED: 'Panel de la Red',
};

export const ROL_LABEL: Record<Rol, string> = {
  ROL_SERVICIO: 'Administrador del servicio',
  ROL_MEDICO: 'Médico',
  ROL_TECNICO: 'Técnico',
  ROL_ADMINISTRATIVO: 'Administrativo',
  ROL_RED: 'Red de servicios',
};

export function isRol(value: unknown): value is Rol {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
