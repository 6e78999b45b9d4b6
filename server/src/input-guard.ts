import { RequestHandler } from 'express';
import { FieldError, MSG } from './domain/messages';
import { claseDeCampo, textoDeEntrada } from './domain/texto';
import { ValidationError } from './errors';

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

/** The fields the REST shim reads as JSON text (the original product sends them so). */
const JSON_TEXT_FIELDS = new Set(['cph', 'sv', 'serologia']);

/** A JSON-text field's object or array; undefined for anything else (the route refuses it). */
function jsonContainer(text: string): object | undefined {
  if (jsonTextTooDeep(text)) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A value with every string in it through textoDeEntrada (domain/texto.ts), by the name of the
 * field that holds it: pasted whitespace as spaces, in place, and the first refused string
 * thrown as a ValidationError naming its field ('nombre', 'cph.contacto1.Nombre'). A JSON-text
 * field's strings are cleaned inside it and the text written again only when one changed.
 * Called after inputProblem, so the nesting is bounded.
 */
function cleanStrings(value: unknown, field: string): unknown {
  const key = field.slice(field.lastIndexOf('.') + 1);
  if (typeof value === 'string') {
    const container = JSON_TEXT_FIELDS.has(key) ? jsonContainer(value) : undefined;
    if (container) {
      const before = JSON.stringify(container);
      const after = JSON.stringify(cleanStrings(container, field));
      return after === before ? value : after;
    }
    const read = textoDeEntrada(value, claseDeCampo(key));
    if (!read.ok) throw ValidationError.single(field, read.error);
    return read.value;
  }
  if (value === null || typeof value !== 'object') return value;
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? [...value.entries()]
    : Object.entries(value);
  for (const [name, child] of entries) {
    const cleaned = cleanStrings(child, typeof name === 'number' ? field : field ? `${field}.${name}` : name);
    // defineProperty: a key named __proto__ stays an own property.
    if (cleaned !== child)
      Object.defineProperty(value, name, {
        value: cleaned,
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return value;
}

/**
 * The first refused text of a REST request, after its body's pasted whitespace has been
 * normalised in place. The query string is only checked: Express parses it again on every read,
 * and the searches it holds normalise their own whitespace.
 */
export function restTextError(body: unknown, query: unknown): FieldError | null {
  try {
    cleanStrings(body, '');
    cleanStrings(query, '');
    return null;
  } catch (error) {
    if (error instanceof ValidationError) return error.errors[0];
    throw error;
  }
}

/**
 * Refuses a request whose body or query string carries text that cannot be
 * stored or data nested too deep, with a Spanish message in the API's own
 * shape (400), before any resolver or route runs. For REST, it also passes
 * every string through domain/texto.ts: refused code points answer 400 naming
 * the field, pasted whitespace reaches the routes as spaces. (GraphQL's strings
 * are typed: graphql/text-arguments.ts does the same for them.)
 */
export function rejectBadInput(shape: 'graphql' | 'rest'): RequestHandler {
  return (req, res, next) => {
    const problem = inputProblem(req.body) ?? inputProblem(req.query);
    if (problem) {
      res.status(400).json(inputProblemAnswer(shape, problem));
      return;
    }
    const error = shape === 'rest' ? restTextError(req.body, req.query) : null;
    if (error) {
      res
        .status(400)
        .json({ errors: [error.field ? { msg: error.msg, param: error.field } : { msg: error.msg }] });
      return;
    }
    next();
  };
}
