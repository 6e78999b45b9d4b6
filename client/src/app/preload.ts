/**
 * Imported first by main.tsx, so that it runs before the rest of the app's modules are evaluated
 * (React, Chakra's theme: most of a slow phone's start-up): a signed-in user's first screen needs
 * the app shell and, at the servicio's home, the donor search, two lazy chunks, and both are
 * requested now, together, instead of once React has rendered the routes that load them.
 */
import { inicioDe, SERVICIO_PATH } from '@/lib/inicio';
import { readSession } from '@/lib/session';

const session = readSession();
if (session) {
  void import('./layout/app-layout');
  const { pathname } = window.location;
  if (inicioDe(session.usuario.rol) === SERVICIO_PATH && (pathname === SERVICIO_PATH || pathname === '/')) {
    void import('@/features/donantes/donantes-page');
  }
}
