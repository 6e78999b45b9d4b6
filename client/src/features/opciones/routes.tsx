import type { RouteObject } from 'react-router-dom';
import { ClavePage } from './clave-page';
import { IntegranteEditPage } from './integrante-edit-page';
import { IntegrantesPage } from './integrantes-page';
import { OpcionesGeneralesPage } from './opciones-generales-page';

/** Options: general (every role reads, ROL_SERVICIO edits), password (every role), staff (ROL_SERVICIO). */
export const opcionesRoutes: RouteObject[] = [
  { path: '/opciones/generales', element: <OpcionesGeneralesPage /> },
  { path: '/opciones/clave', element: <ClavePage /> },
  { path: '/opciones/integrantes', element: <IntegrantesPage /> },
  { path: '/opciones/integrantes/editar/:id', element: <IntegranteEditPage /> },
];
