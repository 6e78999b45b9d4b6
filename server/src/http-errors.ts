import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { MSG } from './domain/messages';
import { logger } from './logger';

export type ErrorAnswer = {
  status: number;
  body: { errors: { msg: string }[] };
  /** Headers the answer must carry (Content-Range of a 416). */
  headers?: Record<string, string>;
};

/** The HTTP status an error carries (`status`, or `statusCode` as some libraries name it). */
function statusOf(err: unknown): number | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const { status, statusCode } = err as { status?: unknown; statusCode?: unknown };
  const value = Number(status ?? statusCode);
  return Number.isInteger(value) ? value : undefined;
}

/** The Spanish text of a client error (4xx), as precise as the error allows. */
function clientErrorMessage(status: number, err: object): string {
  const type = (err as { type?: unknown }).type;
  switch (status) {
    case 400:
      return MSG.datosInvalidos;
    case 401:
      return MSG.noAutenticado;
    // A path outside the served folder (send, serve-static): '..' however it is encoded.
    case 403:
      return MSG.rutaNoPermitida;
    case 404:
      return MSG.noEncontrado;
    case 405:
      return MSG.metodoNoPermitido;
    case 413:
      return MSG.cuerpoDemasiadoGrande;
    // body-parser: an unknown Content-Encoding ('encoding.unsupported') or charset.
    case 415:
      return type === 'encoding.unsupported' ? MSG.codificacionNoAdmitida : MSG.tipoContenidoNoAdmitido;
    case 416:
      return MSG.rangoNoSatisfacible;
    default:
      return MSG.solicitudNoValida;
  }
}

/** The headers of a client error worth passing on: the file size of a 416 (`bytes *\/size`). */
function clientErrorHeaders(status: number, err: object): Record<string, string> | undefined {
  const range = (err as { headers?: Record<string, unknown> }).headers?.['Content-Range'];
  return status === 416 && typeof range === 'string' && /^bytes \*\/\d+$/.test(range)
    ? { 'Content-Range': range }
    : undefined;
}

/**
 * The answer to an error outside GraphQL's own (body parsing, size, charset,
 * encoding, static files, routes, a bug): every 4xx status an error carries
 * is answered with that status and a Spanish message; anything else is a 500
 * with an id that is logged with the error. Never the error's text or stack.
 */
export function errorAnswer(err: unknown, requestId?: string): ErrorAnswer {
  const status = statusOf(err);
  if (status !== undefined && status >= 400 && status <= 499) {
    const headers = clientErrorHeaders(status, err as object);
    return {
      status,
      body: { errors: [{ msg: clientErrorMessage(status, err as object) }] },
      ...(headers ? { headers } : {}),
    };
  }
  const errorId = randomUUID();
  logger.error({ err, errorId, requestId }, 'Error inesperado');
  return { status: 500, body: { errors: [{ msg: `${MSG.errorInesperado} (código ${errorId})` }] } };
}

/** Headers a static file sets before it fails (a range past its end): they describe the file, not the error. */
const FILE_HEADERS = [
  'Content-Type',
  'Content-Length',
  'Content-Encoding',
  'Content-Disposition',
  'Content-Range',
  'Accept-Ranges',
  'ETag',
  'Last-Modified',
];

/**
 * Writes an error answer as JSON. A response already under way (a file that
 * failed mid-stream) cannot change its status any more: it is cut short.
 */
export function sendErrorAnswer(res: ServerResponse, answer: ErrorAnswer): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  for (const name of FILE_HEADERS) res.removeHeader(name);
  for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
  res.statusCode = answer.status;
  // Not the file's cache lifetime: an error is never kept.
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.end(JSON.stringify(answer.body));
}
