/**
 * The standard introspection query (what GraphiQL, Postman, Insomnia and codegen-from-URL send)
 * works for every signed-in caller, within limits of its own; an anonymous caller in production
 * and an API key are still refused. Every limit refuses with its own code, QUERY_TOO_COMPLEX,
 * a 400 and one Spanish message, on both GraphQL paths.
 */
import { getIntrospectionQuery } from 'graphql';
import { MSG } from '../../server/src/domain/messages';
import { onlyReadsSchema, QUERY_TOO_COMPLEX } from '../../server/src/graphql/limits';
import { startTestServer, TestServer } from '../../server/src/test-utils/harness';
import { seedWorld, World } from './fixtures';
import { parse } from 'graphql';

jest.setTimeout(120_000);

let server: TestServer;
let production: TestServer;
let w: World;

beforeAll(async () => {
  server = await startTestServer();
  production = await startTestServer({ production: true, sameDatabaseAs: server });
  w = await seedWorld(server, 'limites');
});
afterAll(async () => {
  await production?.close();
  await server?.close();
});

type Answer = {
  status: number;
  body: { data?: unknown; errors?: { message: string; extensions?: Record<string, unknown> }[] };
};

async function post(target: TestServer, query: string, token?: string): Promise<Answer> {
  const res = await fetch(`${target.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query }),
  });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

async function get(target: TestServer, query: string, token?: string): Promise<Answer> {
  const res = await fetch(`${target.url}/graphql?${new URLSearchParams({ query })}`, {
    headers: { 'apollo-require-preflight': 'true', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

/** The standard query as graphql-js writes it, with its defaults and with every option on. */
const STANDARD = {
  default: getIntrospectionQuery(),
  every: getIntrospectionQuery({
    descriptions: true,
    specifiedByUrl: true,
    directiveIsRepeatable: true,
    schemaDescription: true,
    inputValueDeprecation: true,
    oneOf: true,
  }),
};

function signedIn(): [string, string][] {
  return [
    ['ROL_SERVICIO', w.admin.token],
    ...Object.entries(w.members).map(([rol, m]): [string, string] => [rol, m.token]),
    ['ROL_RED', w.red.token],
  ];
}

test('the standard introspection query works for every signed-in caller, in production too', async () => {
  for (const [variant, query] of Object.entries(STANDARD)) {
    for (const [rol, token] of signedIn()) {
      for (const [where, target] of [
        ['production', production],
        ['development', server],
      ] as const) {
        const answer = await post(target, query, token);
        expect({ variant, rol, where, status: answer.status, errors: answer.body.errors }).toEqual({
          variant,
          rol,
          where,
          status: 200,
          errors: undefined,
        });
        const schema = (
          answer.body.data as { __schema: { queryType: { name: string }; types: { name: string }[] } }
        ).__schema;
        expect(schema.queryType.name).toBe('Query');
        expect(schema.types.map((t) => t.name)).toEqual(expect.arrayContaining(['Donante', 'Donacion']));
      }
    }
  }
  // Over GET as well (what a tool that sends queries by URL uses).
  const byGet = await get(production, STANDARD.default, w.admin.token);
  expect([byGet.status, byGet.body.errors]).toEqual([200, undefined]);
});

test('the standard introspection query is still refused to an anonymous caller in production and to an API key', async () => {
  for (const send of [post, get]) {
    const anonymous = await send(production, STANDARD.default);
    expect(anonymous.status).toBe(403);
    expect(anonymous.body.errors?.[0]).toMatchObject({
      message: MSG.introspeccionNoPermitida,
      extensions: { code: 'FORBIDDEN' },
    });
    expect(anonymous.body.data).toBeUndefined();
    for (const target of [production, server]) {
      const key = await send(target, STANDARD.default, w.claveApiSecreto);
      expect(key.status).toBe(403);
      expect(key.body.errors?.[0]).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
      expect(key.body.data).toBeUndefined();
    }
  }
  // Outside production anyone may read it, as before.
  const dev = await post(server, STANDARD.default);
  expect([dev.status, dev.body.errors]).toEqual([200, undefined]);
});

/** Nested `ofType` selections: `n` levels below a type. */
function ofTypes(n: number): string {
  let inner = 'name';
  for (let i = 0; i < n; i += 1) inner = `ofType { ${inner} }`;
  return inner;
}

/** One query past each limit (and within every other one). */
const PAST_LIMITS: Record<string, string> = {
  'depth (10 levels)': `{ me { id } __type(name: "Donante") { fields { type { ${ofTypes(6)} } } } }`,
  'aliases (16)': `{ ${Array.from({ length: 16 }, (_, i) => `a${i}: me { id }`).join(' ')} }`,
  'cost (over 2000)': `{ me { id } __schema { types { fields { type { ${ofTypes(3).replace('name', 'name '.repeat(200))} } } } } }`,
  'directives (21)': `{ me { ${'__typename @include(if: true) '.repeat(21)} } }`,
  'tokens (over 2000)': `{ ${Array.from({ length: 2100 }, () => '__typename').join(' ')} }`,
  'introspection depth (16 levels)': `{ __schema { types { fields { type { ${ofTypes(11)} } } } } }`,
  'introspection lists (fields of fields of fields)': `{ __schema { types { fields { type { fields { type { fields { name } } } } } } } }`,
  'introspection aliases (16)': `{ ${Array.from({ length: 16 }, (_, i) => `s${i}: __schema { queryType { name } }`).join(' ')} }`,
  'introspection directives (21)': `{ __schema { queryType { ${'name @include(if: true) '.repeat(21)} } } }`,
  'introspection beside data, measured in full': `{ me { id } ...Q } fragment Q on Query { __schema { types { fields { type { ${ofTypes(5)} } } } } }`,
};

test('every limit refuses with QUERY_TOO_COMPLEX, 400 and one Spanish message, on both paths and for everyone', async () => {
  const found: string[] = [];
  for (const [limit, query] of Object.entries(PAST_LIMITS)) {
    for (const [who, target, token] of [
      ['signed in', server, w.admin.token],
      ['signed in, production', production, w.admin.token],
      ['anonymous', server, undefined],
    ] as const) {
      for (const send of query.length > 6000 ? [post] : [post, get]) {
        const answer = await send(target, query, token);
        const errors = answer.body.errors ?? [];
        const expected = {
          status: 400,
          message: MSG.consultaDemasiadoProfunda,
          extensions: { code: QUERY_TOO_COMPLEX },
        };
        const got = { status: answer.status, message: errors[0]?.message, extensions: errors[0]?.extensions };
        if (
          JSON.stringify(got) !== JSON.stringify(expected) ||
          errors.length !== 1 ||
          answer.body.data !== undefined
        ) {
          found.push(`${limit} (${who}, ${send.name}): ${answer.status} ${JSON.stringify(answer.body)}`);
        }
      }
    }
  }
  expect(found).toEqual([]);
});

test('a query within every limit runs; other validation errors keep GRAPHQL_VALIDATION_FAILED', async () => {
  const within = await post(
    server,
    `{ ${Array.from({ length: 15 }, (_, i) => `a${i}: me { id }`).join(' ')} }`,
    w.admin.token,
  );
  expect([within.status, within.body.errors]).toEqual([200, undefined]);
  const unknown = await post(server, '{ noExiste }', w.admin.token);
  expect(unknown.status).toBe(400);
  expect(unknown.body.errors?.[0]).toMatchObject({
    message: MSG.datosInvalidos,
    extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
  });
});

test('onlyReadsSchema: the schema fields only, at the root of every operation, through fragments', () => {
  const cases: [string, boolean][] = [
    [STANDARD.default, true],
    ['{ __typename }', true],
    ['{ __type(name: "Donante") { name } __typename }', true],
    ['query { ...Q } fragment Q on Query { __schema { queryType { name } } }', true],
    ['{ ... on Query { __schema { queryType { name } } } }', true],
    ['{ me { id } __schema { queryType { name } } }', false],
    ['query { ...Q } fragment Q on Query { me { id } }', false],
    ['query A { __typename } query B { me { id } }', false],
    ['mutation { __typename }', false],
    ['fragment Q on Query { __typename }', false],
    ['query { ...Q } fragment Q on Query { ...Q }', false],
  ];
  for (const [query, expected] of cases) {
    expect({ query, only: onlyReadsSchema(parse(query)) }).toEqual({ query, only: expected });
  }
});
