import type { RouteObject } from 'react-router-dom';
import { DonanteEditarPage, DonanteNuevoPage } from './donante-form-page';
import { DonantesPage } from './donantes-page';

/** Donors: search, new and edit. */
export const donantesRoutes: RouteObject[] = [
  { path: '/donantes', element: <DonantesPage /> },
  { path: '/donantes/nuevo', element: <DonanteNuevoPage /> },
  { path: '/donantes/editar/:donanteId', element: <DonanteEditarPage /> },
];
