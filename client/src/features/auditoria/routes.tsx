import type { RouteObject } from 'react-router-dom';
import { AuditoriaPage } from './auditoria-page';

/** The audit trail (ROL_SERVICIO). */
export const auditoriaRoutes: RouteObject[] = [{ path: '/opciones/auditoria', element: <AuditoriaPage /> }];
