import type { RouteObject } from 'react-router-dom';
import { opcionesRoutes } from '@/features/opciones/routes';
import { donantesRoutes } from '@/features/donantes/routes';
import { planillasRoutes } from '@/features/planillas/routes';
import { donacionesRoutes } from '@/features/donaciones/routes';
import { auditoriaRoutes } from '@/features/auditoria/routes';
import { cphRoutes } from '@/features/cph/routes';
import { reportesRoutes } from '@/features/reportes/routes';
import { pendientesRoutes } from '@/features/pendientes/routes';
import { componentesRoutes } from '@/features/componentes/routes';
import { citacionesRoutes } from '@/features/citaciones/routes';
import { stockRoutes } from '@/features/stock/routes';
import { visitasRoutes } from '@/features/visitas/routes';

/**
 * Routes of the authenticated area (rendered inside the app layout). Each
 * feature adds its own `xxxRoutes` here, one line each; keep others' lines.
 */
export const featureRoutes: RouteObject[] = [
  ...opcionesRoutes,
  ...donantesRoutes,
  ...planillasRoutes,
  ...donacionesRoutes,
  ...auditoriaRoutes,
  ...cphRoutes,
  ...reportesRoutes,
  ...pendientesRoutes,
  ...componentesRoutes,
  ...citacionesRoutes,
  ...stockRoutes,
  ...visitasRoutes,
];
