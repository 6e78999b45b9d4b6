import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '@/components/lazy-page';

/** The servicio's stock, units in transit and dispatch. Lazy chunk. */
export const stockRoutes: RouteObject[] = [
  { path: '/stock', element: lazyPage(() => import('./stock-page'), 'StockPage') },
];
