import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '@/components/lazy-page';

/** Blood components: splitting, quarantine, release, discard and labels. Lazy chunk. */
export const componentesRoutes: RouteObject[] = [
  { path: '/componentes', element: lazyPage(() => import('./componentes-page'), 'ComponentesPage') },
];
