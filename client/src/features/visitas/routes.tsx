import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '@/components/lazy-page';

/**
 * Visits: the day's list with the arrival, one visit with its interview, and the servicio's
 * questionnaire (Opciones, edited by a doctor or the administrator). Lazy chunks.
 */
export const visitasRoutes: RouteObject[] = [
  { path: '/visitas', element: lazyPage(() => import('./visitas-page'), 'VisitasPage') },
  { path: '/visitas/:id', element: lazyPage(() => import('./visita-page'), 'VisitaPage') },
  {
    path: '/opciones/cuestionario',
    element: lazyPage(() => import('./cuestionario-page'), 'CuestionarioPage'),
  },
];
