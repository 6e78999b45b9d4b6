/**
 * Bad input: every mutation and every /api route gets malformed, oversized,
 * wrongly typed, injection-like and unicode-edge values from a deterministic
 * generator. Never a 500, never a stack trace or SQL text, never a partial
 * write, always a Spanish message. Oversized bodies and over-deep or
 * over-complex queries are refused; LIKE metacharacters are searched literally.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import {
  getNamedType,
  GraphQLInputType,
  isEnumType,
  isInputObjectType,
  isScalarType,
  Kind,
  parse,
} from 'graphql';
import { MSG } from '../../server/src/domain/messages';
import { getSchema } from '../../server/src/graphql/schema';
import { openApiDocument } from '../../server/src/rest/openapi';
import { resolvers } from '../../server/src/services';
import { GqlResult, startTestServer, TestServer } from '../../server/src/test-utils/harness';
import {
  Call,
  CREATE_DONANTE,
  donanteInput,
  nextDni,
  nextNumero,
  ok,
  operationCalls,
  schemaOperations,
  seedWorld,
  World,
} from './fixtures';
import { RestCase, restCases, restRoutes } from './rest-routes';

jest.setTimeout(90_000);

let server: TestServer;
let w: World;

beforeAll(async () => {
  server = await startTestServer();
  w = await seedWorld(server, 'Fuzz');
});
afterAll(() => server.close());

const EVIL_STRINGS = [
  '',
  '   ',
  'x'.repeat(5000),
  "' OR 1=1 --",
  "'; DROP TABLE donante; --",
  '"; SELECT pg_sleep(5); --',
  '%',
  '_',
  '\\',
  "\\'",
  '\u0000',
  'a\u0000b',
  '\ud800',
  '😀'.repeat(40),
  'e\u0301\u0301\u0301',
  '\u202Eevil',
  '\uFEFF',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '__proto__',
  '../../etc/passwd',
  '2024-02-30',
  '99999999999999999999',
];
const EVIL_VALUES: unknown[] = [
  ...EVIL_STRINGS,
  12345,
  -1,
  1.5,
  2 ** 31,
  1e308,
  true,
  null,
  {},
  [],
  [1, 2],
  { $gt: '' },
];

/** Every way to spoil one leaf of a variables object: each leaf gets each evil value. */
function* variants(value: unknown, path: string[] = []): Generator<{ path: string; value: unknown }> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) yield* variants(v, [...path, k]);
    return;
  }
  for (const evil of EVIL_VALUES) yield { path: path.join('.'), value: evil };
}

function setPath(obj: unknown, path: string, value: unknown): unknown {
  const copy = structuredClone(obj) as Record<string, unknown>;
  const keys = path.split('.');
  let cur = copy;
  for (const k of keys.slice(0, -1)) cur = cur[k] as Record<string, unknown>;
  cur[keys[keys.length - 1]] = value;
  return copy;
}

const FORBIDDEN_TEXT = [
  /\n\s+at /,
  /node_modules/,
  /\bat .*\.(js|ts):\d+/,
  /\b(SELECT|INSERT|UPDATE|DELETE)\b.*\b(FROM|INTO|SET)\b/i,
  /syntax error at or near/i,
  /relation "/,
  /QueryFailedError|TypeError|ReferenceError/,
];
const SPANISH =
  /[áéíóúñ¿¡]|^(El|La|Los|Las|Debe|No|Ya|Este|Esta|Usuario|Demasiados|Requerido|Valor|Sin|Error|Primero|Se|Hay|Un|Una|Datos|Fecha|Peso|Hemoglobina|Hto|FC|TAS|TAD|Ingrese|Seleccione|Solo|Sólo)\b/;

function problems(label: string, status: number, body: unknown): string[] {
  const out: string[] = [];
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  if (status >= 500) out.push(`${label}: HTTP ${status}`);
  for (const re of FORBIDDEN_TEXT)
    if (re.test(text)) out.push(`${label}: filtra ${re} -> ${text.slice(0, 200)}`);
  const errors = ((body as GqlResult)?.errors ?? []) as {
    message?: string;
    msg?: string;
    extensions?: { code?: string };
  }[];
  for (const e of errors) {
    const msg = e.message ?? e.msg ?? '';
    if (e.extensions?.code === 'INTERNAL_SERVER_ERROR' || msg.startsWith(MSG.errorInesperado)) {
      out.push(`${label}: error inesperado -> ${msg}`);
    } else if (!SPANISH.test(msg)) out.push(`${label}: mensaje no castellano -> ${msg}`);
  }
  return out;
}

async function counts(): Promise<string> {
  const [row] = await server.dataSource.query(
    `SELECT (SELECT count(*) FROM donante) AS donante, (SELECT count(*) FROM donacion) AS donacion,
            (SELECT count(*) FROM usuario) AS usuario, (SELECT count(*) FROM auditoria) AS auditoria,
            (SELECT count(*) FROM servicio) AS servicio`,
  );
  return JSON.stringify(row);
}

async function post(path: string, body: string, token?: string, contentType = 'application/json') {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body,
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // keep text
  }
  return { status: res.status, body: parsed };
}

// Operations whose successful fuzzed call changes state legitimately (the value was acceptable).
const MUTATIONS = () =>
  schemaOperations().filter((op) => op.startsWith('Mutation.') && op !== 'Mutation.changePassword');

test('every mutation survives the fuzz: no 500, no internals, Spanish errors, no partial write', async () => {
  const found: string[] = [];
  let sent = 0;
  for (const op of MUTATIONS()) {
    const call = operationCalls(w)[op];
    // Aimed at own records, so the only thing standing in the way is the input.
    for (const v of variants(call.variables ?? {})) {
      const variables = setPath(call.variables, v.path, v.value) as Record<string, unknown>;
      const before = await counts();
      const res = await post('/graphql', JSON.stringify({ query: call.query, variables }), w.admin.token);
      sent += 1;
      found.push(
        ...problems(`${op} ${v.path}=${JSON.stringify(v.value).slice(0, 30)}`, res.status, res.body),
      );
      if ((res.body as GqlResult).errors) {
        const after = await counts();
        if (after !== before) found.push(`${op} ${v.path}: escritura parcial (${before} -> ${after})`);
      }
    }
  }
  expect(sent).toBeGreaterThan(500);
  expect(found).toEqual([]);
});

test('every /api route survives the fuzz', async () => {
  const found: string[] = [];
  const cases = restCases(w);
  for (const route of await restRoutes(server)) {
    if (route === 'POST /auth/password') continue; // a valid fuzzed value would change the admin's password
    const c = cases[route];
    const bodies: unknown[] = [];
    if (c.body && typeof c.body === 'object') {
      for (const v of variants(c.body)) bodies.push(setPath(c.body, v.path, v.value));
    }
    bodies.push('[1,2,3]', '"texto"', 'null', '{"a":', 'no es json');
    for (const b of bodies) {
      const before = await counts();
      const res = await fetch(`${server.url}/api${c.path}`, {
        method: c.method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${w.admin.token}` },
        body: c.method === 'GET' ? undefined : typeof b === 'string' ? b : JSON.stringify(b),
      });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON
      }
      const label = `${route} ${JSON.stringify(b).slice(0, 40)}`;
      found.push(...problems(label, res.status, body));
      if (res.status >= 400) {
        const list = (body as { errors?: { msg?: string }[] })?.errors;
        if (!Array.isArray(list) || list.length === 0) found.push(`${label}: sin lista de errores`);
        for (const e of list ?? []) if (!SPANISH.test(e.msg ?? '')) found.push(`${label}: mensaje ${e.msg}`);
        if ((await counts()) !== before) found.push(`${label}: escritura parcial`);
      }
    }
    // Query strings of the searches.
    for (const evil of EVIL_STRINGS.filter((e) => !/[\ud800-\udfff]/.test(e) || /\ud83d/.test(e))) {
      const res = await server.rest(
        c.method,
        `${c.path.split('?')[0]}?dni=${encodeURIComponent(evil)}&numero=${encodeURIComponent(evil)}&fecha=${encodeURIComponent(evil)}&nombre=${encodeURIComponent(evil)}`,
        undefined,
        w.admin.token,
      );
      if (c.method === 'GET')
        found.push(...problems(`${route} ?${JSON.stringify(evil)}`, res.status, res.body));
    }
  }
  expect(found).toEqual([]);
});

test('search strings with %, _, quote and backslash are searched literally', async () => {
  const apellidos = ['Per%ez', 'Per_ez', "Per'ez", 'Per\\ez', 'Perxez', 'Perez'];
  for (const apellido of apellidos) {
    ok(
      await server.gql(
        CREATE_DONANTE,
        { input: donanteInput({ apellido, nombre: 'Literal' }) },
        w.admin.token,
      ),
    );
  }
  const search = `query ($f: DonanteFilter) { donantes(filter: $f) { items { apellido } } }`;
  for (const [needle, expected] of [
    ['Per%', ['Per%ez']],
    ['Per_', ['Per_ez']],
    ["Per'", ["Per'ez"]],
    ['Per\\', ['Per\\ez']],
    ['%', []],
    ['_', []],
  ] as const) {
    const res = ok(
      await server.gql<{ donantes: { items: { apellido: string }[] } }>(
        search,
        { f: { apellido: needle } },
        w.admin.token,
      ),
    );
    expect({ needle, found: res.donantes.items.map((i) => i.apellido).sort() }).toEqual({
      needle,
      found: [...expected].sort(),
    });
  }
  for (const [needle, expected] of [
    ['Per%', 'Per%ez'],
    ['Per_', 'Per_ez'],
  ] as const) {
    const res = await server.rest<unknown>(
      'GET',
      `/donante/search?apellido=${encodeURIComponent(needle)}`,
      undefined,
      w.admin.token,
    );
    expect(res.status).toBe(200);
    const text = JSON.stringify(res.body);
    expect(text).toContain(JSON.stringify(expected).slice(1, -1));
    expect(text).not.toContain('Perxez');
  }
});

test('oversized bodies are refused with 413 and a Spanish message', async () => {
  const big = JSON.stringify({ query: `{ me { id } }`, variables: { x: 'x'.repeat(300_000) } });
  for (const path of ['/graphql', '/api/donante/']) {
    const before = await counts();
    const res = await post(path, big, w.admin.token);
    expect({ path, status: res.status }).toEqual({ path, status: 413 });
    expect(JSON.stringify(res.body)).toContain(MSG.cuerpoDemasiadoGrande);
    expect(await counts()).toBe(before);
  }
});

test('over-deep and over-complex GraphQL queries are refused before running', async () => {
  let deep = 'name';
  for (let i = 0; i < 12; i += 1) deep = `ofType { ${deep} }`;
  const deepRes = await post(
    '/graphql',
    JSON.stringify({ query: `{ __schema { types { fields { type { ${deep} } } } } }` }),
    w.admin.token,
  );
  expect((deepRes.body as GqlResult).errors?.[0].message).toBe(MSG.consultaDemasiadoProfunda);

  const aliases = Array.from({ length: 500 }, (_, i) => `a${i}: me { id }`).join(' ');
  const wide = await post('/graphql', JSON.stringify({ query: `{ ${aliases} }` }), w.admin.token);
  expect((wide.body as GqlResult).errors?.[0].message).toBe(MSG.consultaDemasiadoProfunda);

  const frag = `fragment F on Donante { id dni nombre apellido sexo email telefono }`;
  const many = Array.from({ length: 80 }, (_, i) => `d${i}: donantes { items { ...F } }`).join(' ');
  const fragRes = await post('/graphql', JSON.stringify({ query: `{ ${many} } ${frag}` }), w.admin.token);
  expect((fragRes.body as GqlResult).errors?.[0].message).toBe(MSG.consultaDemasiadoProfunda);

  for (const bad of ['{', 'query { me { id }', '{ noExiste }', 'mutation { createDonante }']) {
    const res = await post('/graphql', JSON.stringify({ query: bad }), w.admin.token);
    expect(problems(bad, res.status, res.body)).toEqual([]);
    expect((res.body as GqlResult).errors?.[0].message).toBe(MSG.datosInvalidos);
  }
  for (const raw of ['{"query":', 'no es json', '[]', '{"query": 5}']) {
    const res = await post('/graphql', raw, w.admin.token);
    expect(problems(raw, res.status, res.body)).toEqual([]);
  }
});

// ---------------------------------------------------------------------------------------------
// Every kind of client input that once gave a 500, sent to every /api route and every GraphQL
// mutation (both GraphQL paths: the lean JSON handler and Express). Each must be answered with a
// 2xx or a 4xx with a Spanish message that changed nothing; never a 5xx or INTERNAL_SERVER_ERROR.
// ---------------------------------------------------------------------------------------------

/**
 * Blank-looking and invisible variants of an enum-like text, each a value and never a choice: a
 * space, a BOM and other characters String.trim removes (no-break, ideographic and line separator
 * spaces, tab, newline), a zero-width space (which trim keeps), and all of them around a space.
 */
const WS_VARIANTS = [' ', '\uFEFF', '\u00A0\u3000\u2028\t\n', '\u200B', ' \uFEFF\u200B\u00A0 '];
/** The JSON-string fields the REST shim parses (a string, or the value already parsed). */
const REST_JSON_FIELDS = ['cph', 'sv', 'serologia'];
/** Content types that are not JSON in UTF-8: refused (415) or not read as a body. */
const CONTENT_TYPES = [
  'application/json; charset=latin1',
  'application/json; charset=iso-8859-1',
  'application/json; charset=utf-16',
  'application/json; charset=ucs-2',
  'application/json; charset="foo"',
  'application/json; charset=',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
];
/** Content encodings the body does not have, or that no parser knows. */
const CONTENT_ENCODINGS = [
  'gzip',
  'GZIP',
  'br',
  'deflate',
  'x-gzip',
  'identity, gzip',
  'gzip, gzip',
  'compress',
  'zzz',
];
/** The lean handler serves exactly this type; a parameter more sends the request through Express. */
const GRAPHQL_PATHS = ['application/json', 'application/json; charset=utf-8; via=express'];
/** Each test below sends hundreds to a few thousand requests. */
const KIND_TIMEOUT = 240_000;
const DEPTH = 10_000;
const DEEP_ARRAY = '['.repeat(DEPTH) + ']'.repeat(DEPTH);
const DEEP_OBJECT = '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH);

type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; text: string; body: unknown };

/** A request exactly as given: any method, raw path (no URL normalisation), headers and bytes. */
function raw(method: string, rawPath: string, headers: Record<string, string>, body?: string | Buffer) {
  const { hostname, port } = new URL(server.url);
  return new Promise<RawAnswer>((resolve, reject) => {
    const req = http.request({ host: hostname, port, method, path: rawPath, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // not JSON: kept as text
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body: parsed });
      });
    });
    req.on('error', reject);
    // Always a declared length: Node sends a GET's or DELETE's body without one otherwise.
    if (body !== undefined) req.setHeader('content-length', Buffer.byteLength(body));
    req.end(body);
  });
}

/**
 * What is wrong with an answer to bad input: a 5xx, an internal error, internals in the text, a
 * 4xx without a Spanish message (REST: a non-empty `errors` list), or rows that changed on a 4xx.
 */
async function badAnswer(label: string, res: RawAnswer, before: string): Promise<string[]> {
  // A successful answer that is not JSON is a served file (a form, the app's scripts): not examined.
  const served = res.status < 400 && typeof res.body === 'string';
  const found = served ? [] : problems(label, res.status, res.body);
  if (res.status >= 400) {
    const list = (res.body as { errors?: unknown[] })?.errors;
    if (!Array.isArray(list) || list.length === 0) found.push(`${label}: ${res.status} sin lista de errores`);
    if ((await counts()) !== before) found.push(`${label}: escritura parcial`);
  }
  return found;
}

/** Sends one request and collects what is wrong with its answer. */
async function check(
  found: string[],
  label: string,
  method: string,
  rawPath: string,
  headers: Record<string, string>,
  body?: string | Buffer,
): Promise<RawAnswer> {
  const before = await counts();
  const res = await raw(method, rawPath, headers, body);
  found.push(...(await badAnswer(label, res, before)));
  return res;
}

type OpenApiSchema = { $ref?: string; properties?: Record<string, unknown> };
type OpenApiOperation = {
  parameters?: { name: string; in: string }[];
  requestBody?: { content: { 'application/json': { schema: OpenApiSchema } } };
};

/** The body fields and query parameters /api/openapi.json documents for a route ('PUT /donante/:id'). */
function documented(route: string): { fields: string[]; query: string[] } {
  const doc = openApiDocument as unknown as {
    paths: Record<string, Record<string, OpenApiOperation>>;
    components: { schemas: Record<string, OpenApiSchema> };
  };
  const [method, routePath] = route.split(' ');
  const operation = doc.paths[routePath.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
  let schema = operation?.requestBody?.content['application/json'].schema;
  if (schema?.$ref) schema = doc.components.schemas[schema.$ref.split('/').pop()!];
  return {
    fields: Object.keys(schema?.properties ?? {}),
    query: (operation?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
  };
}

function setDeep(obj: unknown, keys: string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(obj ?? {}) as Record<string, unknown>;
  let cur = copy;
  for (const k of keys.slice(0, -1)) {
    if (cur[k] === null || typeof cur[k] !== 'object') cur[k] = {};
    cur = cur[k] as Record<string, unknown>;
  }
  cur[keys[keys.length - 1]] = value;
  return copy;
}

/** Every text, ID and enum leaf of a mutation's arguments, from the schema: `input.cph.contacto1.email`. */
function textLeaves(op: string, call: Call): string[][] {
  const fieldName = op.split('.')[1];
  const field = getSchema(resolvers).getMutationType()!.getFields()[fieldName];
  const out: string[][] = [];
  const walk = (type: GraphQLInputType, keys: string[]) => {
    const named = getNamedType(type);
    if (isInputObjectType(named)) {
      if (keys.length < 5) for (const f of Object.values(named.getFields())) walk(f.type, [...keys, f.name]);
    } else if (isEnumType(named) || (isScalarType(named) && ['String', 'ID'].includes(named.name))) {
      out.push(keys);
    }
  };
  for (const definition of parse(call.query).definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    for (const selection of definition.selectionSet.selections) {
      if (selection.kind !== Kind.FIELD || selection.name.value !== fieldName) continue;
      for (const arg of selection.arguments ?? []) {
        const def = field.args.find((a) => a.name === arg.name.value);
        if (def && arg.value.kind === Kind.VARIABLE) walk(def.type, [arg.value.name.value]);
      }
    }
  }
  return out;
}

describe('every kind of input that once gave a 500', () => {
  let k: World;
  let calls: Record<string, Call>;
  let cases: Record<string, RestCase>;
  let routes: string[];
  const auth = () => ({ authorization: `Bearer ${k.admin.token}` });
  const json = () => ({ ...auth(), 'content-type': 'application/json' });
  const newDonor = async () =>
    ok(
      await server.gql<{ createDonante: { id: string } }>(
        CREATE_DONANTE,
        { input: donanteInput() },
        k.admin.token,
      ),
    ).createDonante.id;

  /**
   * The call with fresh unique values (DNI, username, label number, a donor with no donation),
   * so that a value the validation lets through reaches the write instead of a duplicate check.
   */
  async function freshVariables(op: string): Promise<Record<string, unknown>> {
    const variables = structuredClone(calls[op].variables ?? {});
    const input = variables.input as Record<string, unknown> | undefined;
    if (op === 'Mutation.createDonante' && input) input.dni = nextDni();
    if (op === 'Mutation.createIntegrante' && input) input.username = `k_${nextDni()}`;
    if (op === 'Mutation.createDonacion' && input) {
      input.numero = nextNumero();
      input.donanteId = await newDonor();
    }
    return variables;
  }

  /** The route's body; the password change always with a wrong current password (it must never succeed). */
  const baseBody = (route: string): Record<string, unknown> => {
    const body = structuredClone((cases[route].body ?? {}) as Record<string, unknown>);
    if (route === 'POST /auth/password') body.oldPassword = 'no-es-la-clave';
    return body;
  };

  async function freshBody(route: string): Promise<Record<string, unknown>> {
    const body = baseBody(route);
    if (route === 'POST /donante/') body.dni = nextDni();
    if (route === 'POST /auth/integrante' || route === 'POST /auth/register')
      body.username = `k_${nextDni()}`;
    if (route === 'POST /donacion/') {
      body.numero = nextNumero();
      body.donanteId = await newDonor();
    }
    return body;
  }

  /** The route's path with its own ids; `:param` segments replaced when asked. */
  const routePath = (route: string, param?: string, value?: string) => {
    const c = cases[route];
    if (!param) return `/api${c.path}`;
    const pattern = route.split(' ')[1].split('/');
    const real = c.path.split('?')[0].split('/');
    return `/api${pattern.map((seg, i) => (seg === `:${param}` ? encodeURIComponent(value ?? '') : real[i])).join('/')}`;
  };
  const methodOf = (route: string) => route.split(' ')[0];
  const mutations = () => schemaOperations().filter((op) => op.startsWith('Mutation.'));

  beforeAll(async () => {
    k = await seedWorld(server, 'Clases');
    calls = operationCalls(k);
    cases = restCases(k);
    // Routes that delete go last: what they delete would turn later cases into 404s.
    routes = (await restRoutes(server)).sort(
      (a, b) => Number(a.startsWith('DELETE')) - Number(b.startsWith('DELETE')) || a.localeCompare(b),
    );
  });

  test(
    'enum-like values of whitespace, BOM or zero-width characters: every mutation, every text leaf',
    async () => {
      const found: string[] = [];
      let sent = 0;
      for (const op of mutations()) {
        for (const keys of textLeaves(op, calls[op])) {
          for (const value of WS_VARIANTS) {
            const variables = setDeep(await freshVariables(op), keys, value);
            await check(
              found,
              `${op} ${keys.join('.')}=${JSON.stringify(value)}`,
              'POST',
              '/graphql',
              json(),
              JSON.stringify({ query: calls[op].query, variables }),
            );
            sent += 1;
          }
        }
      }
      // The staff role that once gave a 500 through REST is refused the same way here.
      const rol = await raw(
        'POST',
        '/graphql',
        json(),
        JSON.stringify({
          query: calls['Mutation.updateIntegrante'].query,
          variables: setDeep(calls['Mutation.updateIntegrante'].variables, ['input', 'rol'], ' '),
        }),
      );
      expect(rol.status).toBe(400);
      expect(sent).toBeGreaterThan(500);
      expect(found).toEqual([]);
    },
    KIND_TIMEOUT,
  );

  test(
    'enum-like values of whitespace, BOM or zero-width characters: every /api route, body, query and path',
    async () => {
      const found: string[] = [];
      for (const route of routes) {
        const method = methodOf(route);
        const { fields, query } = documented(route);
        if (method === 'POST' || method === 'PUT') {
          const leaves = new Set([...variants(cases[route].body ?? {})].map((v) => v.path));
          for (const field of fields) leaves.add(field);
          for (const leaf of leaves) {
            for (const value of WS_VARIANTS) {
              const body = setDeep(await freshBody(route), leaf.split('.'), value);
              await check(
                found,
                `${route} ${leaf}=${JSON.stringify(value)}`,
                method,
                routePath(route),
                json(),
                JSON.stringify(body),
              );
            }
          }
        }
        for (const value of WS_VARIANTS) {
          const base = cases[route].path.split('?')[0];
          for (const param of query) {
            const query = `${param}=${encodeURIComponent(value)}`;
            await check(found, `${route} ?${query}`, 'GET', `/api${base}?${query}`, auth());
          }
          for (const param of route
            .split(' ')[1]
            .split('/')
            .filter((s) => s.startsWith(':'))) {
            await check(
              found,
              `${route} ${param}=${JSON.stringify(value)}`,
              method,
              routePath(route, param.slice(1), value),
              json(),
              '{}',
            );
          }
        }
      }
      // The staff role of a single space or a BOM: refused, the member unchanged (a BOM is an
      // invisible character, refused before the route by domain/texto.ts).
      for (const [rol, msg] of [
        [' ', MSG.valorNoPermitido],
        ['\uFEFF', MSG.caracteresNoPermitidos],
      ]) {
        for (const method of ['POST', 'PUT']) {
          const route = `${method} /auth/integrante`;
          const res = await raw(
            method,
            routePath(route),
            json(),
            JSON.stringify({ ...(await freshBody(route)), rol }),
          );
          expect({ route, rol, status: res.status, body: res.body }).toEqual({
            route,
            rol,
            status: 400,
            body: { errors: [{ msg, param: 'rol' }] },
          });
        }
      }
      expect(found).toEqual([]);
    },
    KIND_TIMEOUT,
  );

  test(
    'deeply nested JSON: whole bodies, any field, and inside the JSON-string fields (cph, sv, serologia)',
    async () => {
      const found: string[] = [];
      const deepBodies = [DEEP_ARRAY, DEEP_OBJECT];
      for (const route of routes) {
        const method = methodOf(route);
        const base = baseBody(route);
        const refused = { errors: [{ msg: MSG.datosDemasiadoAnidados }] };
        // What must answer 400 "too deep": nesting in the body itself, before the route runs; a
        // JSON-string field the route documents, with the field named; anything else a 4xx or a 2xx.
        const bodies: { text: string; answer?: unknown }[] = [
          ...deepBodies.map((text) => ({ text, answer: refused })),
          { text: `{"x":${DEEP_OBJECT}}`, answer: refused },
          { text: `{"x":${DEEP_ARRAY}}`, answer: refused },
          ...REST_JSON_FIELDS.flatMap((field) => {
            const asText = documented(route).fields.includes(field)
              ? { errors: [{ msg: MSG.datosDemasiadoAnidados, param: field }] }
              : undefined;
            const prefix = JSON.stringify({ ...base, [field]: null }).slice(0, -1);
            return [
              { text: JSON.stringify({ ...base, [field]: DEEP_ARRAY }), answer: asText },
              { text: JSON.stringify({ ...base, [field]: DEEP_OBJECT }), answer: asText },
              { text: `${prefix},"${field}":${DEEP_ARRAY}}`, answer: refused },
              { text: `${prefix},"${field}":${DEEP_OBJECT}}`, answer: refused },
            ];
          }),
        ];
        for (const [i, { text, answer }] of bodies.entries()) {
          const res = await check(found, `${route} profundo #${i}`, method, routePath(route), json(), text);
          if (answer) {
            expect({ route, i, status: res.status, body: res.body }).toEqual({
              route,
              i,
              status: 400,
              body: answer,
            });
          }
        }
      }
      for (const op of mutations()) {
        const { query, variables = {} } = calls[op];
        const first = Object.keys(variables)[0] ?? 'x';
        const bodies = [
          ...deepBodies,
          `{"query":${JSON.stringify(query)},"variables":{"${first}":${DEEP_OBJECT}}}`,
          `{"query":${JSON.stringify(query)},"variables":{"${first}":${DEEP_ARRAY}}}`,
          `{"query":${JSON.stringify(query)},"variables":${JSON.stringify(variables)},"extensions":${DEEP_OBJECT}}`,
        ];
        for (const type of GRAPHQL_PATHS) {
          for (const [i, body] of bodies.entries()) {
            const res = await check(
              found,
              `${op} ${type} profundo #${i}`,
              'POST',
              '/graphql',
              { ...auth(), 'content-type': type },
              body,
            );
            expect({ op, type, i, status: res.status }).toEqual({ op, type, i, status: 400 });
          }
        }
      }
      expect(found).toEqual([]);
    },
    KIND_TIMEOUT,
  );

  test(
    'unusual Content-Type charsets and Content-Encoding values: every /api route and every mutation, both GraphQL paths',
    async () => {
      const found: string[] = [];
      const targets: { label: string; method: string; path: string; body: string; types: string[] }[] = [
        ...routes.map((route) => ({
          label: route,
          method: methodOf(route),
          path: routePath(route),
          body: JSON.stringify(baseBody(route)),
          types: ['application/json'],
        })),
        ...mutations().map((op) => ({
          label: op,
          method: 'POST',
          path: '/graphql',
          body: JSON.stringify({ query: calls[op].query, variables: calls[op].variables }),
          types: GRAPHQL_PATHS,
        })),
      ];
      for (const t of targets) {
        for (const type of CONTENT_TYPES) {
          const res = await check(
            found,
            `${t.label} ${type}`,
            t.method,
            t.path,
            { ...auth(), 'content-type': type },
            t.body,
          );
          if (/charset=(latin1|iso-8859-1|"foo")/.test(type)) {
            expect({ label: t.label, type, status: res.status, body: res.body }).toEqual({
              label: t.label,
              type,
              status: 415,
              body: { errors: [{ msg: MSG.tipoContenidoNoAdmitido }] },
            });
          }
        }
        for (const type of t.types) {
          for (const encoding of CONTENT_ENCODINGS) {
            const res = await check(
              found,
              `${t.label} ${type} Content-Encoding: ${encoding}`,
              t.method,
              t.path,
              { ...auth(), 'content-type': type, 'content-encoding': encoding },
              t.body,
            );
            expect({ label: t.label, encoding, status: [400, 415].includes(res.status) }).toEqual({
              label: t.label,
              encoding,
              status: true,
            });
          }
        }
      }
      expect(found).toEqual([]);
    },
    KIND_TIMEOUT,
  );

  test(
    'operation types the schema does not have, unknown operation names, GET mutations and batches: every mutation, both paths',
    async () => {
      const found: string[] = [];
      for (const op of mutations()) {
        const { query, variables } = calls[op];
        const named = query.replace(/^mutation\b/, 'mutation Uno');
        const bodies: unknown[] = [
          { query: query.replace(/^mutation\b/, 'subscription'), variables },
          { query: query.replace(/^mutation\b/, 'query'), variables },
          { query: named, variables, operationName: 'NoExiste' },
          { query: `${named} query Dos { me { id } }`, variables, operationName: 'Tres' },
          { query: `${named} subscription Dos { x }`, variables, operationName: 'Dos' },
          { query: 'subscription { x }' },
          [{ query, variables }],
          [],
        ];
        for (const type of GRAPHQL_PATHS) {
          for (const body of bodies) {
            const res = await check(
              found,
              `${op} ${type} ${JSON.stringify(body).slice(0, 60)}`,
              'POST',
              '/graphql',
              { ...auth(), 'content-type': type },
              JSON.stringify(body),
            );
            expect({ op, body, status: res.status }).toEqual({ op, body, status: 400 });
          }
        }
        const search = new URLSearchParams({ query, variables: JSON.stringify(variables ?? {}) });
        const get = await check(found, `GET ${op}`, 'GET', `/graphql?${search}`, {
          ...auth(),
          'apollo-require-preflight': 'true',
        });
        expect({ op, status: get.status }).toEqual({ op, status: 405 });
        const subscription = new URLSearchParams({ query: query.replace(/^mutation\b/, 'subscription') });
        await check(found, `GET subscription ${op}`, 'GET', `/graphql?${subscription}`, {
          ...auth(),
          'apollo-require-preflight': 'true',
        });
      }
      expect(found).toEqual([]);
    },
    KIND_TIMEOUT,
  );

  test('a null for a non-null argument or input field with a default, through a nullable variable or not at all: 400 BAD_USER_INPUT in Spanish, both paths', async () => {
    const found: string[] = [];
    const donanteId = await newDonor();
    const donacion = (aferesis: string) =>
      `createDonacion(input: { donanteId: "${donanteId}", numero: ${nextNumero()}, fecha: "2024-01-10", hora: "10:00", loteBolsa: "L", donacionAferesis: ${aferesis} }) { id }`;
    const refused: { query: string; variables: Record<string, unknown>; field: string }[] = [
      {
        query: `query ($l: Int) { duplicadosDonantes(limit: $l) { total } }`,
        variables: { l: null },
        field: 'limit',
      },
      // Through a fragment, and a default on the variable that the null replaces.
      {
        query: `query ($o: Int = 0) { ...F } fragment F on Query { duplicadosDonantes(offset: $o) { total } }`,
        variables: { o: null },
        field: 'offset',
      },
      // An input object's field with a default, written in the document: nothing is created.
      { query: `mutation ($a: Boolean) { ${donacion('$a')} }`, variables: { a: null }, field: 'input' },
      // A directive's argument.
      {
        query: `query ($i: Boolean = true) { me { id @include(if: $i) } }`,
        variables: { i: null },
        field: 'if',
      },
    ];
    for (const type of GRAPHQL_PATHS) {
      for (const { query, variables, field } of refused) {
        const label = `${type} ${query.slice(0, 60)}`;
        const res = await check(
          found,
          label,
          'POST',
          '/graphql',
          { ...auth(), 'content-type': type },
          JSON.stringify({ query, variables }),
        );
        expect({ label, status: res.status, body: res.body }).toEqual({
          label,
          status: 400,
          body: {
            errors: [
              expect.objectContaining({
                message: MSG.valorNoPermitido,
                extensions: { code: 'BAD_USER_INPUT', errors: [{ field, msg: MSG.valorNoPermitido }] },
              }),
            ],
          },
        });
      }
      // A variable that does not fit its own type: graphql-js's refusal, also a 400.
      const res = await check(
        found,
        `${type} $l: Int! = null`,
        'POST',
        '/graphql',
        { ...auth(), 'content-type': type },
        JSON.stringify({
          query: `query ($l: Int!) { duplicadosDonantes(limit: $l) { total } }`,
          variables: { l: null },
        }),
      );
      expect([res.status, (res.body as GqlResult).errors?.[0].extensions?.code]).toEqual([
        400,
        'BAD_USER_INPUT',
      ]);
    }
    // A variable left out takes the argument's default, and so does a value that fits.
    for (const [query, variables] of [
      [`query ($l: Int) { duplicadosDonantes(limit: $l) { limit } }`, {}],
      [`query ($l: Int) { duplicadosDonantes(limit: $l) { limit } }`, { l: 20 }],
      [`mutation ($a: Boolean) { ${donacion('$a')} }`, {}],
    ] as const) {
      const res = await server.gql<Record<string, unknown>>(query, variables, k.admin.token);
      expect({ query, errors: res.errors }).toEqual({ query, errors: undefined });
    }
    expect(found).toEqual([]);
  });

  test(
    'static files: a Range past the end and encoded ../ are 4xx with a Spanish message; a valid Range is a 206',
    async () => {
      const found: string[] = [];
      const root = path.resolve(__dirname, '..', '..');
      const dist = path.join(root, 'client', 'dist');
      // The built client (its page for any path, its assets) is served only when it was built.
      const built = fs.existsSync(path.join(dist, 'index.html'));
      const files = [
        ...fs
          .readdirSync(path.join(root, 'server', 'planillas'))
          .filter((f) => !f.startsWith('.'))
          .map((f) => `/planillas/${f}`),
        ...(built
          ? [
              '/donantes',
              ...fs
                .readdirSync(path.join(dist, 'assets'))
                .slice(0, 2)
                .map((f) => `/assets/${f}`),
            ]
          : []),
      ];
      for (const file of files) {
        for (const range of ['bytes=999999999-', 'bytes=999999999-1000000000', 'bytes=5-1', 'bytes=-0']) {
          const res = await check(found, `${file} Range: ${range}`, 'GET', file, { range });
          expect({ file, range, status: res.status, body: res.body }).toEqual({
            file,
            range,
            status: 416,
            body: { errors: [{ msg: MSG.rangoNoSatisfacible }] },
          });
          expect(res.headers['content-type']).toMatch(/^application\/json/);
          expect(res.headers['content-range']).toMatch(/^bytes \*\/\d+$/);
        }
        for (const range of ['bytes=abc', 'bytes=0-1,3-4', 'items=0-1', 'bytes=0-1,-']) {
          const res = await check(found, `${file} Range: ${range}`, 'GET', file, { range });
          expect({ file, range, status: res.status }).toEqual({ file, range, status: 200 });
        }
        const partial = await raw('GET', file, { range: 'bytes=0-10' });
        expect({
          file,
          status: partial.status,
          length: Buffer.byteLength(partial.text, 'latin1') > 0,
        }).toEqual({
          file,
          status: 206,
          length: true,
        });
        expect(partial.headers['content-range']).toMatch(/^bytes 0-10\/\d+$/);
      }
      const traversals = [
        '%2e%2e%2fpackage.json',
        '..%2fpackage.json',
        '..%2Fpackage.json',
        '%2e%2e/%2e%2e/package.json',
        '..%252fpackage.json',
        '%252e%252e%252fpackage.json',
        '..%5cpackage.json',
        '..\\package.json',
        '%2e%2e%5c%2e%2e%5cpackage.json',
        '%2e%2e',
        '..%2F..%2F..%2Fetc%2Fpasswd',
        'x%2F..%2F..%2Fpackage.json',
        '%00',
        'a%00b.pdf',
        'hoja-de-donacion.pdf%00.txt',
        '%c0%ae%c0%ae%c0%afpackage.json',
        '%',
        '%zz',
        '.env',
        '%2e%65nv',
      ];
      for (const prefix of ['/planillas/', '/', '/assets/']) {
        for (const t of traversals) {
          const res = await check(found, `${prefix}${t}`, 'GET', `${prefix}${t}`, {});
          if (prefix === '/planillas/')
            expect({ t, status: [400, 403, 404].includes(res.status) }).toEqual({ t, status: true });
          else
            expect({ t, status: [200, 301, 400, 403, 404].includes(res.status) }).toEqual({
              t,
              status: true,
            });
          // Never a file outside the served folders: at most the app's own page.
          expect(res.text).not.toMatch(/"name": "hemoterapia"|root:x:0:0/);
        }
      }
      expect(found).toEqual([]);
    },
    KIND_TIMEOUT,
  );
});
