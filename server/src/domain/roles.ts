export const ROLES = ['ROL_SERVICIO', 'ROL_MEDICO', 'ROL_TECNICO', 'ROL_ADMINISTRATIVO'] as const;
export type Rol = (typeof ROLES)[number];

/** Roles a service administrator may give a new staff member; the first is the default. */
export const ROLES_INTEGRANTE = ['ROL_MEDICO', 'ROL_TECNICO', 'ROL_ADMINISTRATIVO'] as const;
export const ROL_INTEGRANTE_DEFAULT: Rol = 'ROL_MEDICO';

/** The panel label the top bar shows for each role. */
export const PANEL_POR_ROL: Record<Rol, string> = {
  ROL_SERVICIO: 'Panel del Servicio',
  ROL_MEDICO: 'Panel Médico',
  ROL_TECNICO: 'Panel Técnico',
  ROL_ADMINISTRATIVO: 'Panel Administrativo',
};

export const ROL_LABEL: Record<Rol, string> = {
  ROL_SERVICIO: 'Administrador del servicio',
  ROL_MEDICO: 'Médico',
  ROL_TECNICO: 'Técnico',
  ROL_ADMINISTRATIVO: 'Administrativo',
};

export function isRol(value: unknown): value is Rol {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
