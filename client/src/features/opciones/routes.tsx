import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '@/components/lazy-page';

/**
 * Options: general (every role reads, ROL_SERVICIO edits), password (every role), staff and the
 * dashboards' API keys and the label numbering (ROL_SERVICIO), the servicio's network (every role reads, ROL_SERVICIO joins
 * and leaves). Lazy chunks.
 */
export const opcionesRoutes: RouteObject[] = [
  {
    path: '/opciones/generales',
    element: lazyPage(() => import('./opciones-generales-page'), 'OpcionesGeneralesPage'),
  },
  { path: '/opciones/clave', element: lazyPage(() => import('./clave-page'), 'ClavePage') },
  { path: '/opciones/integrantes', element: lazyPage(() => import('./integrantes-page'), 'IntegrantesPage') },
  { path: '/opciones/claves-api', element: lazyPage(() => import('./claves-api-page'), 'ClavesApiPage') },
  { path: '/opciones/red', element: lazyPage(() => import('./red-page'), 'RedOpcionesPage') },
  {
    path: '/opciones/numeracion',
    element: lazyPage(() => import('./numeracion-page'), 'NumeracionPage'),
  },
  {
    path: '/opciones/integrantes/editar/:id',
    element: lazyPage(() => import('./integrante-edit-page'), 'IntegranteEditPage'),
  },
  {
    path: '/opciones/integrantes/clave/:id',
    element: lazyPage(() => import('./integrante-clave-page'), 'IntegranteClavePage'),
  },
];
