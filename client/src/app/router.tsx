import { Navigate, Outlet, useLocation } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { LoadingOverlay } from '@/components/loading-overlay';
import { LoginPage } from '@/features/auth/login-page';
import { AuthLayout } from '@/features/auth/auth-layout';
import { useAuth } from '@/lib/auth-context';
import { featureRoutes } from './feature-routes';
import { lazyPage } from '@/components/lazy-page';

const HOME_PATH = '/donantes';
const LOGIN_PATH = '/auth/login';

/** The authenticated area: anyone else goes to /auth/login. */
function RequireAuth() {
  const { status } = useAuth();
  if (status === 'checking') return <LoadingOverlay open />;
  if (status === 'not-authenticated') return <Navigate to={LOGIN_PATH} replace />;
  return <Outlet />;
}

/** Login and register: an authenticated user goes to /donantes. */
function PublicOnly() {
  const { status } = useAuth();
  if (status === 'checking') return <LoadingOverlay open />;
  if (status === 'authenticated') return <Navigate to={HOME_PATH} replace />;
  return <Outlet />;
}

/** Unknown paths go to /donantes (once there, nothing more to do until its screen exists). */
function FallbackRedirect() {
  const { pathname } = useLocation();
  if (pathname === HOME_PATH) return null;
  return <Navigate to={HOME_PATH} replace />;
}

export const appRoutes: RouteObject[] = [
  {
    element: <AuthLayout />,
    children: [
      {
        element: <PublicOnly />,
        children: [
          { path: '/auth/login', element: <LoginPage /> },
          {
            path: '/auth/register',
            element: lazyPage(() => import('@/features/auth/register-page'), 'RegisterPage'),
          },
        ],
      },
      {
        path: '/auth/recover',
        element: lazyPage(() => import('@/features/auth/recover-page'), 'RecoverPage'),
      },
    ],
  },
  {
    element: <RequireAuth />,
    children: [
      {
        // The shell (top bar, sidebar) is not needed by the sign-in screens: its own chunk.
        element: lazyPage(() => import('./layout/app-layout'), 'AppLayout'),
        children: [...featureRoutes, { path: '*', element: <FallbackRedirect /> }],
      },
    ],
  },
];
