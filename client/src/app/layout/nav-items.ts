import { decideMedicamente } from '@domain/roles';
import type { Rol } from '@domain/roles';

export type NavItem = { label: string; to: string };
export type NavSection = { label?: string; items: NavItem[] };

/**
 * The sidebar of the specification; Integrantes, Claves de API, Numeración and Auditoría only for
 * the service administrator; Componentes and Stock for every role of the servicio; the doctor's queue
 * (Decisiones pendientes) for whoever takes medical decisions (ROL_MEDICO, ROL_SERVICIO); the
 * day's visits (Visitas del día) and the call-back list (Citaciones) for every servicio role (the reason only a doctor sees). A network's
 * account (ROL_RED) has its panel and its password, nothing else.
 */
export function navSections(rol: Rol | undefined): NavSection[] {
  const clave: NavItem = { label: 'Cambiar clave', to: '/opciones/clave' };
  if (rol === 'ROL_RED') {
    return [{ items: [{ label: 'Red', to: '/red' }] }, { label: 'Opciones', items: [clave] }];
  }
  const opciones: NavItem[] = [
    { label: 'Generales', to: '/opciones/generales' },
    clave,
    { label: 'Red', to: '/opciones/red' },
  ];
  if (decideMedicamente(rol)) opciones.push({ label: 'Cuestionario', to: '/opciones/cuestionario' });
  if (rol === 'ROL_SERVICIO') opciones.push({ label: 'Integrantes', to: '/opciones/integrantes' });
  if (rol === 'ROL_SERVICIO') opciones.push({ label: 'Claves de API', to: '/opciones/claves-api' });
  if (rol === 'ROL_SERVICIO') opciones.push({ label: 'Numeración', to: '/opciones/numeracion' });
  if (rol === 'ROL_SERVICIO') opciones.push({ label: 'Auditoría', to: '/opciones/auditoria' });
  const principales: NavItem[] = [
    { label: 'Donantes', to: '/donantes' },
    { label: 'Visitas del día', to: '/visitas' },
    { label: 'Donaciones', to: '/donaciones' },
    { label: 'Componentes', to: '/componentes' },
    { label: 'Stock', to: '/stock' },
  ];
  if (decideMedicamente(rol)) principales.push({ label: 'Decisiones pendientes', to: '/pendientes' });
  principales.push({ label: 'Citaciones', to: '/citaciones' });
  principales.push(
    { label: 'Registro CPH', to: '/cph' },
    { label: 'Planillas', to: '/planillas' },
    { label: 'Reportes', to: '/reportes' },
  );
  return [{ items: principales }, { label: 'Opciones', items: opciones }];
}
