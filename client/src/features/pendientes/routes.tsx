import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '@/components/lazy-page';

/** The doctor's queue (ROL_MEDICO, ROL_SERVICIO). Lazy chunk. */
export const pendientesRoutes: RouteObject[] = [
  { path: '/pendientes', element: lazyPage(() => import('./pendientes-page'), 'PendientesPage') },
];
