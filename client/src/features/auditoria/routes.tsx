import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '@/components/lazy-page';

/** The audit trail (ROL_SERVICIO). Loaded on first visit (lazy chunk). */
export const auditoriaRoutes: RouteObject[] = [
  { path: '/opciones/auditoria', element: lazyPage(() => import('./auditoria-page'), 'AuditoriaPage') },
];
