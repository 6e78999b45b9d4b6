import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '@/components/lazy-page';

/** The CPH registry: search a donor by DNI and print the registry forms (every role). Lazy chunk. */
export const cphRoutes: RouteObject[] = [
  { path: '/cph', element: lazyPage(() => import('./cph-page'), 'CphPage') },
];
