import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '@/components/lazy-page';

/**
 * The indicators report (every servicio role) and a network's panel (/red, ROL_RED), which shows
 * its members' figures with the same pieces. Loaded on first visit, the chart library with it
 * (lazy chunks).
 */
export const reportesRoutes: RouteObject[] = [
  { path: '/reportes', element: lazyPage(() => import('./reportes-page'), 'ReportesPage') },
  { path: '/red', element: lazyPage(() => import('./red-page'), 'RedPage') },
];
