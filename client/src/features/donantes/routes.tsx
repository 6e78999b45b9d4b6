import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '@/components/lazy-page';
import { DonantesPage } from './donantes-page';

/**
 * Donors: search, new and edit. The search is the home screen and comes with the first page; the
 * donor form (radio groups, checkboxes, the CPH section) is a lazy chunk.
 */
export const donantesRoutes: RouteObject[] = [
  { path: '/donantes', element: <DonantesPage /> },
  { path: '/donantes/nuevo', element: lazyPage(() => import('./donante-form-page'), 'DonanteNuevoPage') },
  {
    path: '/donantes/duplicados',
    element: lazyPage(() => import('./duplicados-page'), 'DuplicadosPage'),
  },
  {
    path: '/donantes/editar/:donanteId',
    element: lazyPage(() => import('./donante-form-page'), 'DonanteEditarPage'),
  },
];
