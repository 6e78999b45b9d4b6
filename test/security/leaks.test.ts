/**
 * Login protection: no response of a full journey carries a password hash,
 * the token secret or a stack trace; passwords are argon2id with at least
 * OWASP's parameters; repeated failed logins are rate-limited in Spanish.
 */
import { MSG } from '../../server/src/domain/messages';
import { startTestServer, TEST_JWT_SECRET, TestServer } from '../../server/src/test-utils/harness';
import { operationCalls, PASSWORD, schemaOperations, seedWorld } from './fixtures';
import { restCases, restRoutes } from './rest-routes';

jest.setTimeout(60_000);

let server: TestServer;
const bodies: string[] = [];

beforeAll(async () => {
  // The clock of the sign-in delays stands still: a wait never runs out during the suite.
  const frozen = Date.now();
  server = await startTestServer({ now: () => frozen });
  // Every answer the journey gets is kept and scanned.
  const gql = server.gql;
  const rest = server.rest;
  server.gql = (async (q: string, v?: Record<string, unknown>, t?: string) => {
    const res = await gql(q, v, t);
    bodies.push(JSON.stringify(res));
    return res;
  }) as TestServer['gql'];
  server.rest = (async (m: string, p: string, b?: unknown, t?: string) => {
    const res = await rest(m, p, b, t);
    bodies.push(JSON.stringify(res.body));
    return res;
  }) as TestServer['rest'];
});
afterAll(() => server.close());

test('no response of a full journey leaks a hash, the secret or a stack trace', async () => {
  // register, login, donors, donations, staff (seedWorld), then every query and route.
  const w = await seedWorld(server, 'Fuga');
  const calls = operationCalls(w);
  for (const op of schemaOperations().filter((o) => o.startsWith('Query.'))) {
    await server.gql(calls[op].query, calls[op].variables, w.admin.token);
  }
  await server.gql(`{ me { id username } integrantes { id username } }`, {}, w.members.ROL_MEDICO.token);
  const cases = restCases(w);
  for (const route of await restRoutes(server)) {
    if (cases[route].method === 'GET') await server.rest('GET', cases[route].path, undefined, w.admin.token);
  }
  await server.rest('POST', '/auth/login', { username: w.username, password: PASSWORD });
  await server.rest('POST', '/auth/login', { username: w.username, password: 'mala' });
  expect(bodies.length).toBeGreaterThan(30);
  const hashes: { password_hash: string }[] = await server.dataSource.query(
    `SELECT password_hash FROM usuario`,
  );
  for (const body of bodies) {
    expect(body).not.toContain('$argon2');
    expect(body).not.toContain(TEST_JWT_SECRET);
    expect(body).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/);
    expect(body).not.toMatch(/password_?hash|passwordHash|token_?version/i);
    for (const { password_hash } of hashes) expect(body).not.toContain(password_hash.split('$').pop());
  }
});

test('passwords are stored as argon2id with at least m=19456, t=2, p=1', async () => {
  const rows: { password_hash: string }[] = await server.dataSource.query(
    `SELECT password_hash FROM usuario`,
  );
  expect(rows.length).toBeGreaterThan(0);
  for (const { password_hash } of rows) {
    const [, type, , params] = password_hash.split('$');
    expect(type).toBe('argon2id');
    const p = Object.fromEntries(params.split(',').map((kv) => kv.split('=')));
    expect(Number(p.m)).toBeGreaterThanOrEqual(19_456);
    expect(Number(p.t)).toBeGreaterThanOrEqual(2);
    expect(Number(p.p)).toBeGreaterThanOrEqual(1);
  }
});

test('repeated failed logins for one username are refused with the Spanish message', async () => {
  const w = await seedWorld(server, 'Limite');
  const LOGIN = `mutation ($input: LoginInput!) { login(input: $input) { token } }`;
  let last = '';
  for (let i = 0; i < 12; i += 1) {
    const res = await server.gql(LOGIN, { input: { username: w.username, password: `mala${i}` } });
    last = res.errors?.[0].message ?? '';
  }
  expect(last).toBe(MSG.demasiadosIntentos(1));
  // Even the right password is refused from that address while the wait lasts.
  const right = await server.gql(LOGIN, { input: { username: w.username, password: PASSWORD } });
  expect(right.errors?.[0].message).toBe(MSG.demasiadosIntentos(1));
});
