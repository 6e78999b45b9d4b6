import type { IncomingMessage } from 'node:http';
import { AuthUser } from './auth/context';
import { tokenFromHeader } from './auth/jwt';
import { UnauthenticatedError } from './errors';
import { createLoaders, Loaders } from './loaders';
import type { Services } from './services';

/** What every resolver and REST route gets for one request. */
export type Context = {
  requestId: string;
  ip: string;
  auth: AuthUser | null;
  services: Services;
  loaders: Loaders;
};

/** What a context is built from: an Express request, or the GraphQL path's plain one. */
export type RequestInfo = Pick<IncomingMessage, 'headers'> & { id?: string; ip?: string };

export async function createContext(req: RequestInfo, services: Services): Promise<Context> {
  const token = tokenFromHeader(req.headers.authorization);
  const auth = token ? await services.cuenta.authenticate(token) : null;
  return {
    requestId: String(req.id ?? ''),
    ip: req.ip ?? '',
    auth,
    services,
    loaders: createLoaders(services.dataSource, services.query, services.elegibilidad),
  };
}

/** The caller, or UnauthenticatedError. */
export function requireAuth(ctx: Pick<Context, 'auth'>): AuthUser {
  if (!ctx.auth) throw new UnauthenticatedError();
  return ctx.auth;
}
