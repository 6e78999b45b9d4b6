import type { RouteObject } from 'react-router-dom';
import { PlanillasPage } from './planillas-page';

/** The forms catalogue (every role). */
export const planillasRoutes: RouteObject[] = [{ path: '/planillas', element: <PlanillasPage /> }];
