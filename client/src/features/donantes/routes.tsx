import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '@/components/lazy-page';

/**
 * Donors: search, new and edit, each a lazy chunk. The search is the home screen, but the sign-in
 * screen does not need its code (its table, dialogs, toasts): it loads with the app shell.
 */
export const donantesRoutes: RouteObject[] = [
  { path: '/donantes', element: lazyPage(() => import('./donantes-page'), 'DonantesPage') },
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
