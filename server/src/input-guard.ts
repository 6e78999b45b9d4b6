import { RequestHandler } from 'express';
import { MSG } from './domain/messages';

/** NUL (Postgres text cannot hold it) and unpaired UTF-16 surrogates (not valid UTF-8). */
// eslint-disable-next-line no-control-regex -- NUL is exactly what is refused
const UNSAFE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The deepest nesting of objects and arrays a request may carry. The deepest
 * real input is a GraphQL body with a donor's CPH data (body, variables,
 * input, cph, contacto: 5); anything far deeper is an attack on the code
 * that walks it (JSON.stringify, validators), which would overflow the stack.
 */
export const INPUT_DEPTH_MAX = 32;

/** What makes a request's data unacceptable before any route or resolver sees it. */
export type InputProblem = 'texto' | 'anidamiento';

/**
 * Walks a parsed body or query (iteratively: the walk itself must not
 * overflow): 'texto' for a string or key that cannot be stored as text,
 * 'anidamiento' for objects or arrays nested past INPUT_DEPTH_MAX, else null.
 */
export function inputProblem(value: unknown): InputProblem | null {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item === 'string') {
      if (UNSAFE.test(item)) return 'texto';
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    if (depth >= INPUT_DEPTH_MAX) return 'anidamiento';
    for (const [key, child] of Object.entries(item)) {
      if (UNSAFE.test(key)) return 'texto';
      stack.push([child, depth + 1]);
    }
  }
  return null;
}

/**
 * True when a JSON text (a field the REST shim parses itself: cph, sv,
 * serologia) nests arrays or objects past INPUT_DEPTH_MAX. Counts brackets
 * outside string literals, without parsing.
 */
export function jsonTextTooDeep(text: string): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i += 1;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '[' || c === '{') {
      depth += 1;
      if (depth > INPUT_DEPTH_MAX) return true;
    } else if (c === ']' || c === '}') depth -= 1;
  }
  return false;
}

/** The answer to a request with unacceptable data, in the API's own shape. */
export function inputProblemAnswer(shape: 'graphql' | 'rest', problem: InputProblem = 'texto'): unknown {
  const msg = problem === 'anidamiento' ? MSG.datosDemasiadoAnidados : MSG.datosInvalidos;
  return shape === 'graphql'
    ? { errors: [{ message: msg, extensions: { code: 'BAD_USER_INPUT', errors: [{ field: '', msg }] } }] }
    : { errors: [{ msg }] };
}

/**
 * Refuses a request whose body or query string carries text that cannot be
 * stored or data nested too deep, with a Spanish message in the API's own
 * shape (400), before any resolver or route runs.
 */
export function rejectBadInput(shape: 'graphql' | 'rest'): RequestHandler {
  return (req, res, next) => {
    const problem = inputProblem(req.body) ?? inputProblem(req.query);
    if (!problem) {
      next();
      return;
    }
    res.status(400).json(inputProblemAnswer(shape, problem));
  };
}
