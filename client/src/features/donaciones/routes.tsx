import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '@/components/lazy-page';

/** Donations: search, new, a donor's list, the donation sheet and the results. Each page is a lazy chunk. */
export const donacionesRoutes: RouteObject[] = [
  { path: '/donaciones', element: lazyPage(() => import('./donaciones-page'), 'DonacionesPage') },
  {
    path: '/donaciones/nueva/:donanteId',
    element: lazyPage(() => import('./donacion-nueva-page'), 'DonacionNuevaPage'),
  },
  {
    path: '/donaciones/donante/:donanteId',
    element: lazyPage(() => import('./donaciones-donante-page'), 'DonacionesDonantePage'),
  },
  {
    path: '/donaciones/hemodos/:donanteId/:donacionId',
    element: lazyPage(() => import('./hemodos-page'), 'HemodosPage'),
  },
  {
    path: '/donacion/:id/donante/:uid',
    element: lazyPage(() => import('./donacion-resultados-page'), 'DonacionResultadosPage'),
  },
];
