import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '@/components/lazy-page';

/** The forms catalogue (every role). Lazy chunk. */
export const planillasRoutes: RouteObject[] = [
  { path: '/planillas', element: lazyPage(() => import('./planillas-page'), 'PlanillasPage') },
];
