import type { IncomingMessage } from 'node:http';
import type { AuthUser, ClaveApiCaller } from './auth/context';
import { tokenFromHeader } from './auth/jwt';
import { esClaveApi } from './domain/clave-api';
import { UnauthenticatedError } from './errors';
// Types only: the composition root assembles the services and loaders from the modules and hands
// them in (createContext's `services`); nothing of it runs from here.
import type { Loaders, Services } from './services';

/** What every resolver and REST route gets for one request. */
export type Context = {
  requestId: string;
  ip: string;
  /** A signed-in user; null for anonymous callers and for API keys. */
  auth: AuthUser | null;
  /**
   * A dashboard's API key (`Authorization: Bearer hk_...`): it reads the indicators of its
   * servicio and nothing else (auth/clave-api-acceso.ts refuses the rest).
   */
  claveApi: ClaveApiCaller | null;
  services: Services;
  loaders: Loaders;
};

/** What a context is built from: an Express request, or the GraphQL path's plain one. */
export type RequestInfo = Pick<IncomingMessage, 'headers'> & { id?: string; ip?: string };

/**
 * The request's caller. An API key is looked up (and its request counted) here: an unknown or
 * revoked key is UnauthenticatedError, a key past its limit TooManyRequestsError.
 */
export async function createContext(req: RequestInfo, services: Services): Promise<Context> {
  const token = tokenFromHeader(req.headers.authorization);
  const claveApi = token && esClaveApi(token) ? await services.claveApi.autenticar(token) : null;
  const auth = token && !claveApi ? await services.cuenta.authenticate(token) : null;
  return {
    requestId: String(req.id ?? ''),
    ip: req.ip ?? '',
    auth,
    claveApi,
    services,
    loaders: services.createLoaders(auth),
  };
}

/** The caller, or UnauthenticatedError. */
export function requireAuth(ctx: Pick<Context, 'auth'>): AuthUser {
  if (!ctx.auth) throw new UnauthenticatedError();
  return ctx.auth;
}

/** Whose data a read is scoped by: a signed-in user's servicio or an API key's; else UnauthenticatedError. */
export function requireServicio(ctx: Pick<Context, 'auth' | 'claveApi'>): { servicio: string } {
  const caller = ctx.auth ?? ctx.claveApi;
  if (!caller) throw new UnauthenticatedError();
  return { servicio: caller.servicio };
}
