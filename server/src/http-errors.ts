import { randomUUID } from 'node:crypto';
import { MSG } from './domain/messages';
import { logger } from './logger';

export type ErrorAnswer = { status: number; body: { errors: { msg: string }[] } };

/**
 * The answer to an error outside GraphQL's own (body parsing, size, routes,
 * a bug): 413, 400 and 404 by the error's `status`, else 500 with an id that
 * is logged with the error. Never the error's text or stack.
 */
export function errorAnswer(err: unknown, requestId?: string): ErrorAnswer {
  const status = typeof err === 'object' && err !== null && 'status' in err ? Number(err.status) : 500;
  const known: Record<number, string> = {
    413: MSG.cuerpoDemasiadoGrande,
    400: MSG.datosInvalidos,
    404: MSG.noEncontrado,
  };
  if (known[status]) return { status, body: { errors: [{ msg: known[status] }] } };
  const errorId = randomUUID();
  logger.error({ err, errorId, requestId }, 'Error inesperado');
  return { status: 500, body: { errors: [{ msg: `${MSG.errorInesperado} (código ${errorId})` }] } };
}
