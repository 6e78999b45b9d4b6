import { randomUUID } from 'node:crypto';
import { NextFunction, Request, RequestHandler, Response } from 'express';
import { AuthUser } from '../auth/context';
import { Context, createContext } from '../context';
import { FieldError, MSG } from '../domain/messages';
import { isDatabaseUnavailable } from '../database/unavailable';
import {
  AppError,
  DatabaseUnavailableError,
  ForbiddenError,
  TooManyRequestsError,
  UnauthenticatedError,
  ValidationError,
} from '../errors';
import { jsonTextTooDeep } from '../input-guard';
import { logger } from '../logger';
import type { Services } from '../services';

/** The original product's error body: a list of objects with a msg field. */
export type RestErrorBody = { errors: { msg: string; param?: string }[] };

function errorBody(errors: FieldError[]): RestErrorBody {
  return { errors: errors.map((e) => (e.field ? { msg: e.msg, param: e.field } : { msg: e.msg })) };
}

function sendError(res: Response, req: Request, error: unknown): void {
  if (error instanceof AppError) {
    if (error instanceof TooManyRequestsError) res.setHeader('Retry-After', String(error.retryAfterSeconds));
    res.status(error.status).json(errorBody(error.errors));
    return;
  }
  if (isDatabaseUnavailable(error)) {
    logger.warn({ err: error, requestId: req.id }, 'Base de datos no disponible');
    const unavailable = new DatabaseUnavailableError();
    res.status(unavailable.status).json(errorBody(unavailable.errors));
    return;
  }
  const errorId = randomUUID();
  logger.error({ err: error, errorId, requestId: req.id }, 'Error inesperado en /api');
  res.status(500).json({ errors: [{ msg: `${MSG.errorInesperado} (código ${errorId})` }] });
}

type Handler<A> = (req: Request, ctx: Context & { auth: A }) => Promise<unknown>;

/**
 * Wraps a route: builds the same context as GraphQL, runs the handler, and
 * answers 200 with its result or the error's status with `{ errors: [{ msg }] }`.
 */
export function route(services: Services, handler: Handler<AuthUser | null>): RequestHandler {
  return (req: Request, res: Response, _next: NextFunction) => {
    void (async () => {
      try {
        const ctx = await createContext(req, services);
        const result = await handler(req, ctx);
        res.status(200).json(result ?? { ok: true });
      } catch (error) {
        sendError(res, req, error);
      }
    })();
  };
}

/** Like `route`, for paths that need a signed-in caller (401 otherwise). */
/**
 * A route for a signed-in user of a servicio. A network's account (ROL_RED) gets 403 unless the
 * route says `red: true` (its own account's routes): the REST shim serves a servicio's records.
 */
export function authed(
  services: Services,
  handler: Handler<AuthUser>,
  { red = false }: { red?: boolean } = {},
): RequestHandler {
  return route(services, (req, ctx) => {
    if (!ctx.auth) throw new UnauthenticatedError();
    if (ctx.auth.rol === 'ROL_RED' && !red) throw new ForbiddenError(MSG.redSoloIndicadores);
    return handler(req, ctx as Context & { auth: AuthUser });
  });
}

/** 403 when a path or body names a servicio other than the caller's. */
export function assertOwnServicio(auth: AuthUser, servicioId: unknown): void {
  if (servicioId === undefined || servicioId === null || servicioId === '') return;
  if (String(servicioId) !== auth.servicio) throw new ForbiddenError();
}

/** The request body as an object (anything else is a 400). */
export function body(req: Request): Record<string, unknown> {
  const value: unknown = req.body;
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw ValidationError.single('', MSG.datosInvalidos);
  }
  return value as Record<string, unknown>;
}

/** A string field of a body or query (numbers are accepted and stringified). */
export function str(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

export function bool(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 'si' || value === 'Si') return true;
  if (value === 'false' || value === 'no' || value === 'No') return false;
  return undefined;
}

/** Parses a field that the original product sends as a JSON string (or already as an object). */
export function jsonField(value: unknown, field: string, msg: string = MSG.datosInvalidos): unknown {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'object') return value;
  if (typeof value !== 'string') throw ValidationError.single(field, msg);
  if (jsonTextTooDeep(value)) throw ValidationError.single(field, MSG.datosDemasiadoAnidados);
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw ValidationError.single(field, msg);
  }
}
