/**
 * Bad input: every mutation and every /api route gets malformed, oversized,
 * wrongly typed, injection-like and unicode-edge values from a deterministic
 * generator. Never a 500, never a stack trace or SQL text, never a partial
 * write, always a Spanish message. Oversized bodies and over-deep or
 * over-complex queries are refused; LIKE metacharacters are searched literally.
 */
import { MSG } from '../../server/src/domain/messages';
import { GqlResult, startTestServer, TestServer } from '../../server/src/test-utils/harness';
import {
  CREATE_DONANTE,
  donanteInput,
  ok,
  operationCalls,
  schemaOperations,
  seedWorld,
  World,
} from './fixtures';
import { restCases, restRoutes } from './rest-routes';

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
