import type { SessionUsuarioFragment } from '@/generated/graphql';

/** localStorage keys the specification fixes. */
export const TOKEN_KEY = 'token';
export const USER_KEY = 'usuario';

/** The stored user: the usuario as the server returned it, plus its uid (= id). */
export type SessionUser = SessionUsuarioFragment & { uid: string };

export type Session = { token: string; usuario: SessionUser };

export type JwtPayload = { uid?: unknown; rol?: unknown; servicio?: unknown; exp?: unknown };

/** Decodes the payload (middle part) of a JWT without verifying it. Throws on anything malformed. */
export function decodeJwtPayload(token: string): JwtPayload {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) throw new Error('Token mal formado');
  const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  // Bytes -> UTF-8 text without TextDecoder (absent in some test environments).
  const text = decodeURIComponent(
    Array.from(binary, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''),
  );
  const payload: unknown = JSON.parse(text);
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    throw new Error('Token sin datos');
  }
  return payload as JwtPayload;
}

type Listener = () => void;
const listeners = new Set<Listener>();

/** Called whenever the session is cleared from outside React (for example an UNAUTHENTICATED answer). */
export function onSessionCleared(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function saveSession(token: string, usuario: SessionUsuarioFragment): SessionUser {
  const user: SessionUser = { ...usuario, uid: usuario.id };
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  return user;
}

export function clearSession(): void {
  const had = localStorage.getItem(TOKEN_KEY) !== null || localStorage.getItem(USER_KEY) !== null;
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
  if (had) listeners.forEach((l) => l());
}

/**
 * The stored session, or null. The token is accepted only if it is not
 * expired and its uid equals the stored user's uid; a token or user that
 * cannot be decoded clears the storage.
 */
export function readSession(now: number = Date.now()): Session | null {
  const token = localStorage.getItem(TOKEN_KEY);
  const raw = localStorage.getItem(USER_KEY);
  if (!token || !raw) return null;
  let payload: JwtPayload;
  let usuario: SessionUser;
  try {
    payload = decodeJwtPayload(token);
    usuario = JSON.parse(raw) as SessionUser;
    if (typeof usuario !== 'object' || usuario === null) throw new Error('Usuario inválido');
  } catch {
    clearSession();
    return null;
  }
  if (typeof payload.exp !== 'number' || payload.exp * 1000 <= now) return null;
  if (typeof payload.uid !== 'string' || payload.uid !== usuario.uid) return null;
  return { token, usuario };
}
