import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '@/components/lazy-page';

/** The call-back list (every servicio role; the reason only for a doctor). Lazy chunk. */
export const citacionesRoutes: RouteObject[] = [
  { path: '/citaciones', element: lazyPage(() => import('./citaciones-page'), 'CitacionesPage') },
];
