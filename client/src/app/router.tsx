import { Navigate, Outlet, useLocation } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { LoginPage } from '@/features/auth/login-page';
import { AuthLayout } from '@/features/auth/auth-layout';
import { useAuth } from '@/lib/auth-context';
import { inicioDe, RUTAS_RED } from '@/lib/inicio';
import { featureRoutes } from './feature-routes';
import { lazyPage } from '@/components/lazy-page';

const LOGIN_PATH = '/auth/login';

/** The authenticated area: anyone else goes to /auth/login. */
function RequireAuth() {
  const { status } = useAuth();
  if (status === 'not-authenticated') return <Navigate to={LOGIN_PATH} replace />;
  return <Outlet />;
}

/** Login and register: an authenticated user goes to their home (/donantes, or /red for a network). */
function PublicOnly() {
  const { status, usuario } = useAuth();
  if (status === 'authenticated') return <Navigate to={inicioDe(usuario?.rol)} replace />;
  return <Outlet />;
}

/** A network's account reaches only its screens (RUTAS_RED); any other path takes it to /red. */
function RolGuard() {
  const { usuario } = useAuth();
  const { pathname } = useLocation();
  if (usuario?.rol === 'ROL_RED' && !RUTAS_RED.includes(pathname)) {
    return <Navigate to={inicioDe(usuario.rol)} replace />;
  }
  return <Outlet />;
}

/**
 * Unknown paths go home (once there, nothing more to do until its screen exists). '/' is the home
 * itself: its query goes along (a saved donor returns to '/?dni=...', the search that finds it).
 */
function FallbackRedirect() {
  const { usuario } = useAuth();
  const { pathname, search } = useLocation();
  const home = inicioDe(usuario?.rol);
  if (pathname === home) return null;
  return <Navigate to={{ pathname: home, search: pathname === '/' ? search : '' }} replace />;
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
        // Requested early by ./preload.ts when a session is stored.
        element: lazyPage(() => import('./layout/app-layout'), 'AppLayout'),
        children: [
          {
            element: <RolGuard />,
            children: [...featureRoutes, { path: '*', element: <FallbackRedirect /> }],
          },
        ],
      },
    ],
  },
];
