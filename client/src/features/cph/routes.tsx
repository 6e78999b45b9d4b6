import type { RouteObject } from 'react-router-dom';
import { CphPage } from './cph-page';

/** The CPH registry: search a donor by DNI and print the registry forms (every role). */
export const cphRoutes: RouteObject[] = [{ path: '/cph', element: <CphPage /> }];
