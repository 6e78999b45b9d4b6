import { RequestHandler } from 'express';
import { MSG } from './domain/messages';

/** NUL (Postgres text cannot hold it) and unpaired UTF-16 surrogates (not valid UTF-8). */
// eslint-disable-next-line no-control-regex -- NUL is exactly what is refused
const UNSAFE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when a value (any depth) holds a string that cannot be stored as text. */
export function hasUnsafeText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return UNSAFE.test(value);
  if (depth > 50 || value === null || typeof value !== 'object') return false;
  for (const [key, item] of Object.entries(value)) {
    if (UNSAFE.test(key) || hasUnsafeText(item, depth + 1)) return true;
  }
  return false;
}

/** The answer to a request with text that cannot be stored, in the API's own shape. */
export function unsafeTextAnswer(shape: 'graphql' | 'rest'): unknown {
  return shape === 'graphql'
    ? {
        errors: [
          {
            message: MSG.datosInvalidos,
            extensions: { code: 'BAD_USER_INPUT', errors: [{ field: '', msg: MSG.datosInvalidos }] },
          },
        ],
      }
    : { errors: [{ msg: MSG.datosInvalidos }] };
}

/**
 * Refuses a request whose body or query string carries text that cannot be
 * stored, with the Spanish "invalid data" message in the API's own shape,
 * before any resolver or route runs.
 */
export function rejectUnsafeText(shape: 'graphql' | 'rest'): RequestHandler {
  return (req, res, next) => {
    if (!hasUnsafeText(req.body) && !hasUnsafeText(req.query)) {
      next();
      return;
    }
    res.status(400).json(unsafeTextAnswer(shape));
  };
}
