import { useEffect } from 'react';
import { useAuth } from '@/lib/auth-context';
import { inicioDe } from '@/lib/inicio';
import { decodeJwtPayload, readSession, type Session } from '@/lib/session';

/**
 * The cookie that tells the server, when the app's page is asked for, that a session is stored
 * and where it starts (server/src/static-files.ts, INICIO_COOKIE): the page then names the shell's
 * and the home screen's scripts, fetched with the entry instead of after it. It holds only the
 * home's path, no credential, and ends with the token.
 */
export const INICIO_COOKIE = 'inicio';

function cookieActual(): string | undefined {
  const prefix = `${INICIO_COOKIE}=`;
  return document.cookie
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(prefix))
    ?.slice(prefix.length);
}

/** Sets the cookie for a session (until its token expires), or removes it when there is none. */
export function recordarInicio(session: Session | null, now: number = Date.now()): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  let exp: unknown;
  try {
    exp = session && decodeJwtPayload(session.token).exp;
  } catch {
    exp = undefined;
  }
  const segundos = typeof exp === 'number' ? Math.floor(exp - now / 1000) : 0;
  if (!session || segundos <= 0) {
    if (cookieActual() !== undefined) {
      document.cookie = `${INICIO_COOKIE}=; Path=/; Max-Age=0; SameSite=Strict${secure}`;
    }
    return;
  }
  const valor = encodeURIComponent(inicioDe(session.usuario.rol));
  document.cookie = `${INICIO_COOKIE}=${valor}; Path=/; Max-Age=${segundos}; SameSite=Strict${secure}`;
}

/** Keeps the cookie in step with the session: sign-in, a new token, sign-out, an expired token. */
export function InicioCookie() {
  const { status, usuario } = useAuth();
  useEffect(() => recordarInicio(status === 'authenticated' ? readSession() : null), [status, usuario]);
  return null;
}
