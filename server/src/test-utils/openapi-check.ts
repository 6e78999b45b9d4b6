// openapi.ts reads a limit from a TypeGraphQL module, whose decorators need the polyfill.
import 'reflect-metadata';
import zlib from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Ajv2019, { type ValidateFunction } from 'ajv/dist/2019';
import { ANSWERS_OF_ANY_REQUEST, openApiDocument } from '../rest/openapi';

/**
 * Every answer of /api that a test server gives is checked against the OpenAPI document it serves:
 * the status must be documented for the route, with the content type and a body that matches the
 * schema. A test then fails on an answer the document does not describe, so the two cannot drift.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type SchemaObject = { [key: string]: Json };
type Response = { description: string; content?: Record<string, { schema: SchemaObject }> };
type Operation = { responses: Record<string, Response> };

export type RestAnswer = {
  method: string;
  /** Under /api, with its query string. */
  url: string;
  status: number;
  contentType: string | undefined;
  body: Buffer;
};

/**
 * A copy of a schema in which every object with listed properties accepts no other property (the
 * served document leaves them open), so that a field the answers gained is documented too.
 * `unevaluatedProperties` sees the properties of every member of an allOf.
 */
function closed(schema: Json, inAllOf = false): Json {
  if (Array.isArray(schema)) return schema.map((s) => closed(s));
  if (schema === null || typeof schema !== 'object') return schema;
  const out: SchemaObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$ref' && typeof value === 'string') {
      out.$ref = value.replace('#/components/schemas/', 'openapi#/$defs/');
    } else if (key === 'properties' && value && typeof value === 'object' && !Array.isArray(value)) {
      out.properties = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, closed(v)]));
    } else if (key === 'allOf' && Array.isArray(value)) {
      out.allOf = value.map((s) => closed(s, true));
    } else {
      out[key] = closed(value);
    }
  }
  if (!inAllOf && (out.properties || out.allOf) && out.unevaluatedProperties === undefined) {
    out.type ??= 'object';
    out.unevaluatedProperties = false;
  }
  return out;
}

// Every test file compiles its own validators: the meta-schema checks and the list of every error
// would make each file pay for them. Strict mode still refuses an unknown keyword.
const ajv = new Ajv2019({ strict: true, validateSchema: false, meta: false });
// OpenAPI's annotation, unknown to JSON Schema.
ajv.addKeyword('example');
ajv.addSchema({ $id: 'openapi', $defs: closed(openApiDocument.components.schemas as unknown as Json) });

/** Compiled once per schema text: the error list of every route is one validator. */
const validators = new Map<string, ValidateFunction>();

function validator(schema: SchemaObject): ValidateFunction {
  const key = JSON.stringify(schema);
  let v = validators.get(key);
  if (!v) {
    v = ajv.compile(closed(schema) as SchemaObject);
    validators.set(key, v);
  }
  return v;
}

type Route = { template: string; method: string; operation: Operation };

const routes: Route[] = Object.entries(
  openApiDocument.paths as unknown as Record<string, Record<string, Operation>>,
)
  .flatMap(([template, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      template,
      method: method.toUpperCase(),
      operation,
    })),
  )
  // A literal segment wins over a parameter (/donante/search before /donante/{id}), as in the router.
  .sort((a, b) => Number(a.template.includes('{')) - Number(b.template.includes('{')));

/** Express's routing: case-insensitive, a trailing slash optional. */
function matches(template: string, path: string): boolean {
  const trim = (p: string) => (p.length > 1 ? p.replace(/\/$/, '') : p);
  const pattern = trim(template)
    .split(/(\{\w+\})/)
    .map((part) => (/^\{\w+\}$/.test(part) ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${pattern}$`, 'i').test(trim(path));
}

/** The documented answers of a request: its route's, or for any other path or method a 404 and the common ones. */
function documentedAnswers(
  method: string,
  path: string,
): { label: string; responses: Record<string, Response> } {
  const route = routes.find((r) => r.method === method && matches(r.template, path));
  if (route) return { label: `${method} ${route.template}`, responses: route.operation.responses };
  return {
    label: `${method} (ruta no documentada)`,
    responses: ANSWERS_OF_ANY_REQUEST as Record<string, Response>,
  };
}

function decode(body: Buffer, encoding: string | undefined): Buffer {
  switch (encoding) {
    case undefined:
    case 'identity':
      return body;
    case 'gzip':
      return zlib.gunzipSync(body);
    case 'br':
      return zlib.brotliDecompressSync(body);
    case 'deflate':
      return zlib.inflateSync(body);
    default:
      throw new Error(`codificación desconocida ${encoding}`);
  }
}

/** Compiles the schema of every documented answer: the count (a schema the checker cannot use throws). */
export function compileEveryAnswer(): number {
  const answers = [
    ...routes.map((r) => r.operation.responses),
    ANSWERS_OF_ANY_REQUEST as Record<string, Response>,
  ];
  let count = 0;
  for (const responses of answers) {
    for (const response of Object.values(responses)) {
      for (const { schema } of Object.values(response.content ?? {})) {
        validator(schema);
        count += 1;
      }
    }
  }
  return count;
}

/** What in an answer the document does not describe, or null. */
export function undocumented(answer: RestAnswer, contentEncoding?: string): string | null {
  const path = answer.url.split('?')[0];
  const { label, responses } = documentedAnswers(answer.method, path);
  const where = `${answer.method} /api${answer.url} -> ${answer.status}`;
  const response = responses[String(answer.status)];
  if (!response) {
    return `${where}: estado no documentado para ${label} (documentados: ${Object.keys(responses).join(', ')})`;
  }
  const mediaType = answer.contentType?.split(';')[0].trim().toLowerCase();
  const content = response.content ?? {};
  if (!mediaType || !(mediaType in content)) {
    return `${where}: tipo de contenido ${mediaType ?? '(ninguno)'}, documentado ${Object.keys(content).join(', ') || 'sin cuerpo'}`;
  }
  // A HEAD answer has the headers of its GET and no body.
  if (answer.method === 'HEAD') return null;
  let body: unknown;
  try {
    body = JSON.parse(decode(answer.body, contentEncoding).toString('utf8'));
  } catch {
    return `${where}: el cuerpo no es JSON`;
  }
  const validate = validator(content[mediaType].schema);
  if (validate(body)) return null;
  const errors = (validate.errors ?? [])
    .map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`)
    .join('; ');
  return `${where}: el cuerpo no cumple el esquema de ${label}: ${errors}`;
}

/**
 * Watches the answers of a server's /api: `watch` before the app handles a request. Each answer is
 * checked when the app ends it (before the client can have read it); `take` returns and forgets
 * the mismatches found so far.
 */
export function apiAnswerChecker(): {
  watch: (req: IncomingMessage, res: ServerResponse) => void;
  take: () => string[];
} {
  let found: string[] = [];
  const watch = (req: IncomingMessage, res: ServerResponse): void => {
    const url = req.url ?? '';
    if (!/^\/api(\/|\?|$)/.test(url)) return;
    const chunks: Buffer[] = [];
    const keep = (chunk: unknown, encoding: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      chunks.push(
        Buffer.isBuffer(chunk)
          ? chunk
          : Buffer.from(
              chunk as string,
              typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8',
            ),
      );
    };
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.write = ((...args: unknown[]) => {
      keep(args[0], args[1]);
      return write(...args);
    }) as ServerResponse['write'];
    res.end = ((...args: unknown[]) => {
      keep(args[0], args[1]);
      const contentType = res.getHeader('content-type');
      const contentEncoding = res.getHeader('content-encoding');
      // Never in the answer's way: a failing check is a finding too.
      try {
        const problem = undocumented(
          {
            method: req.method ?? 'GET',
            url: url.slice('/api'.length),
            status: res.statusCode,
            contentType: contentType === undefined ? undefined : String(contentType),
            body: Buffer.concat(chunks),
          },
          contentEncoding === undefined ? undefined : String(contentEncoding),
        );
        if (problem) found.push(problem);
      } catch (error) {
        found.push(`${req.method} ${url}: no se pudo comprobar la respuesta: ${String(error)}`);
      }
      return end(...args);
    }) as ServerResponse['end'];
  };
  return {
    watch,
    take: () => {
      const out = found;
      found = [];
      return out;
    },
  };
}
