import type { RouteObject } from 'react-router-dom';
import { DonacionNuevaPage } from './donacion-nueva-page';
import { DonacionResultadosPage } from './donacion-resultados-page';
import { DonacionesDonantePage } from './donaciones-donante-page';
import { DonacionesPage } from './donaciones-page';
import { HemodosPage } from './hemodos-page';

/** Donations: search, new, a donor's list, the donation sheet and the results. */
export const donacionesRoutes: RouteObject[] = [
  { path: '/donaciones', element: <DonacionesPage /> },
  { path: '/donaciones/nueva/:donanteId', element: <DonacionNuevaPage /> },
  { path: '/donaciones/donante/:donanteId', element: <DonacionesDonantePage /> },
  { path: '/donaciones/hemodos/:donanteId/:donacionId', element: <HemodosPage /> },
  { path: '/donacion/:id/donante/:uid', element: <DonacionResultadosPage /> },
];
