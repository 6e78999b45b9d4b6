import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '@/components/lazy-page';

/** The indicators report (every role). Loaded on first visit, the chart library with it (lazy chunk). */
export const reportesRoutes: RouteObject[] = [
  { path: '/reportes', element: lazyPage(() => import('./reportes-page'), 'ReportesPage') },
];
