/**
 * Quiet API: no answer with personal or health data may be kept by a cache;
 * in production an anonymous caller cannot read the schema; no error ever
 * suggests the names of fields, types or values the caller did not send.
 */
import { MSG } from '../../server/src/domain/messages';
import { registerServicio, Session, startTestServer, TestServer } from '../../server/src/test-utils/harness';
import { CREATE_DONANTE, donanteInput, ok } from './fixtures';

jest.setTimeout(60_000);

let server: TestServer;
let production: TestServer;
let admin: Session;
let donanteId: string;

beforeAll(async () => {
  server = await startTestServer();
  production = await startTestServer({ production: true, sameDatabaseAs: server });
  admin = await registerServicio(server);
  const created = ok(
    await server.gql<{ createDonante: { id: string } }>(
      CREATE_DONANTE,
      { input: donanteInput({ apellido: 'Reservado' }) },
      admin.token,
    ),
  );
  donanteId = created.createDonante.id;
});
afterAll(async () => {
  await production.close();
  await server.close();
});

const DONANTE = `query ($id: ID!) { donante(id: $id) { id apellido dni } }`;
const INTROSPECTION = `{ __schema { queryType { name } } }`;
const TYPE = `{ __type(name: "Donante") { fields { name } } }`;

type Answer = { status: number; cacheControl: string | null; text: string };

async function call(url: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(url, init);
  return { status: res.status, cacheControl: res.headers.get('cache-control'), text: await res.text() };
}

/** POST with JSON: the lean handler. */
function postGql(target: TestServer, query: string, variables: Record<string, unknown> = {}, token?: string) {
  return call(`${target.url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
}

/** GET: served by Express. */
function getGql(target: TestServer, query: string, variables: Record<string, unknown> = {}, token?: string) {
  const search = new URLSearchParams({ query, variables: JSON.stringify(variables) });
  return call(`${target.url}/graphql?${search}`, {
    headers: {
      'apollo-require-preflight': 'true',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
}

test('a donor read is never stored by a cache: GraphQL (both paths) and REST', async () => {
  const answers = {
    post: await postGql(server, DONANTE, { id: donanteId }, admin.token),
    get: await getGql(server, DONANTE, { id: donanteId }, admin.token),
    rest: await call(`${server.url}/api/donante/${donanteId}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    }),
  };
  for (const [path, answer] of Object.entries(answers)) {
    expect({ path, status: answer.status, cacheControl: answer.cacheControl }).toEqual({
      path,
      status: 200,
      cacheControl: 'no-store',
    });
    expect(answer.text).toContain('Reservado');
  }
  // Refusals and errors too.
  const anonymous = await call(`${server.url}/api/donante/${donanteId}`);
  expect([anonymous.status, anonymous.cacheControl]).toEqual([401, 'no-store']);
  const bad = await postGql(server, '{');
  expect(bad.cacheControl).toBe('no-store');
});

test('in production an anonymous caller cannot read the schema; a signed-in one can', async () => {
  for (const query of [
    INTROSPECTION,
    TYPE,
    `query { me { id } ...on Query { __schema { types { name } } } }`,
  ]) {
    for (const send of [postGql, getGql]) {
      const refused = await send(production, query);
      expect(refused.status).toBe(403);
      expect(JSON.parse(refused.text)).toEqual({
        errors: [
          {
            message: MSG.introspeccionNoPermitida,
            extensions: { code: 'FORBIDDEN', errors: [{ field: '', msg: MSG.introspeccionNoPermitida }] },
          },
        ],
      });
    }
  }
  // __typename is data, not the schema.
  const typename = await postGql(production, '{ __typename }');
  expect(JSON.parse(typename.text)).toEqual({ data: { __typename: 'Query' } });

  const signedIn = await postGql(production, TYPE, {}, admin.token);
  expect(signedIn.status).toBe(200);
  expect(signedIn.text).toContain('"apellido"');
  // Outside production (development, tests, codegen tools) it stays open.
  const dev = await postGql(server, INTROSPECTION);
  expect(JSON.parse(dev.text)).toEqual({ data: { __schema: { queryType: { name: 'Query' } } } });
});

test('no error suggests a name: misspelt fields, arguments, types and enum values', async () => {
  const cases: [string, Record<string, unknown>][] = [
    [`query ($id: ID!) { donante(id: $id) { id apelido } }`, { id: donanteId }],
    [`{ donantes { itms { id } } }`, {}],
    [`query ($id: ID!) { donante(idd: $id) { id } }`, { id: donanteId }],
    [`query ($f: DonanteFiltr) { donantes(filter: $f) { total } }`, { f: {} }],
    [`query ($i: IntegranteInput!) { me { id } }`, { i: { rol: 'ROL_MEDIC' } }],
    [`mutation { createIntegrant(input: {}) { id } }`, {}],
    [`mutation { createIntegrante(input: { rol: ROL_MEDIC }) { id } }`, {}],
  ];
  const suggestions: string[] = [];
  for (const target of [server, production]) {
    for (const token of [admin.token, undefined]) {
      for (const [query, variables] of cases) {
        const answer = await postGql(target, query, variables, token);
        expect({ query, status: answer.status }).toEqual({ query, status: 400 });
        if (/did you mean|"(apellido|items|DonanteFilter|ROL_MEDICO|createIntegrante)"/i.test(answer.text)) {
          suggestions.push(`${query} -> ${answer.text}`);
        }
      }
    }
  }
  expect(suggestions).toEqual([]);
});

test('a query text past the token limit is refused in Spanish before it is parsed whole', async () => {
  const fields = Array.from({ length: 2100 }, () => '__typename').join(' ');
  const answer = await postGql(server, `{ ${fields} }`, {}, admin.token);
  expect(answer.status).toBe(400);
  expect(JSON.parse(answer.text).errors[0].message).toBe(MSG.consultaDemasiadoProfunda);
  expect(answer.text).not.toMatch(/tokens|2000/);
});
