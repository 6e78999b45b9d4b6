import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '@/components/lazy-page';

/** Visits: the day's list with the arrival, and one visit with its interview. Lazy chunks. */
export const visitasRoutes: RouteObject[] = [
  { path: '/visitas', element: lazyPage(() => import('./visitas-page'), 'VisitasPage') },
  { path: '/visitas/:id', element: lazyPage(() => import('./visita-page'), 'VisitaPage') },
];
