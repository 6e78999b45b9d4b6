/**
 * Roles: every operation's allowed roles are listed once (permissions.ts) and
 * each operation is called by every role, by an anonymous caller, by a
 * deleted member and with a token issued before a password change.
 */
import { MSG } from '../../server/src/domain/messages';
import { Rol } from '../../server/src/domain/roles';
import { startTestServer, TestServer } from '../../server/src/test-utils/harness';
import {
  codeOf,
  ok,
  operationCalls,
  PASSWORD,
  schemaOperations,
  seedWorld,
  snapshot,
  World,
} from './fixtures';
import { allows, PERMISSIONS, REST_PERMISSIONS } from './permissions';
import { restCases, restRoutes } from './rest-routes';

jest.setTimeout(60_000);

let server: TestServer;
let w: World;

beforeAll(async () => {
  server = await startTestServer();
  w = await seedWorld(server, 'Roles');
});
afterAll(() => server.close());

const tokenOf = (rol: Rol | null): string | undefined =>
  rol === null
    ? undefined
    : rol === 'ROL_SERVICIO'
      ? w.admin.token
      : rol === 'ROL_RED'
        ? w.red.token
        : w.members[rol].token;

test('every GraphQL operation and /api route has a row in the permission table', async () => {
  const missing = [
    ...schemaOperations().filter((op) => !(op in PERMISSIONS)),
    ...(await restRoutes(server)).filter((r) => !(r in REST_PERMISSIONS)),
  ];
  expect(missing.map((op) => `operación sin permisos declarados: ${op}`)).toEqual([]);
});

test('refused roles get FORBIDDEN (anonymous: UNAUTHENTICATED) and change nothing; allowed roles pass', async () => {
  const calls = operationCalls(w);
  const failures: string[] = [];
  // ROL_SERVICIO last: its allowed calls delete a member whose token the others use.
  const order: (Rol | null)[] = [
    null,
    'ROL_RED',
    'ROL_ADMINISTRATIVO',
    'ROL_TECNICO',
    'ROL_MEDICO',
    'ROL_SERVICIO',
  ];
  for (const rol of order) {
    for (const op of schemaOperations()) {
      const rule = PERMISSIONS[op];
      const call = calls[op];
      if (!rule || !call) continue;
      const before = allows(rule, rol) ? null : await snapshot(server, w.admin.servicio);
      const res = await server.gql(call.query, call.variables, tokenOf(rol));
      const code = codeOf(res);
      if (allows(rule, rol)) {
        // A public call may still be refused for its own reasons (login with a wrong password).
        const refused = code === 'FORBIDDEN' || (code === 'UNAUTHENTICATED' && rule !== 'public');
        if (refused) failures.push(`${op} rechazado para ${rol}`);
      } else {
        const want = rol === null ? 'UNAUTHENTICATED' : 'FORBIDDEN';
        if (code !== want) failures.push(`${op} para ${rol}: se esperaba ${want}, llegó ${code ?? 'éxito'}`);
        if (res.data && Object.values(res.data).some((v) => v !== null))
          failures.push(`${op} devolvió datos a ${rol}`);
        expect(await snapshot(server, w.admin.servicio)).toEqual(before);
      }
    }
  }
  expect(failures).toEqual([]);
});

test('staff get 403 from the /api routes of staff and options management (and re-typing), and nothing changes', async () => {
  const other = await seedWorld(server, 'RolesRest');
  const cases = restCases(other);
  const before = await snapshot(server, other.admin.servicio);
  for (const route of await restRoutes(server)) {
    const rule = REST_PERMISSIONS[route];
    if (rule === 'public' || rule === 'any' || !rule) continue;
    for (const member of Object.values(other.members)) {
      const c = cases[route];
      // Aimed at the member's own servicio: only the role stands in the way.
      const res = await server.rest(c.method, c.path, c.body, member.token);
      // An allowed role gets past it (the re-typing case's donation has nothing to re-type: 400, no
      // change); the password case names the servicio's own account, 403 to anyone else.
      const pasa = allows(rule, member.rol) && route !== 'POST /auth/password';
      const status = pasa && res.status !== 403 ? 'no 403' : res.status;
      expect({ route, rol: member.rol, status }).toEqual({
        route,
        rol: member.rol,
        status: pasa ? 'no 403' : 403,
      });
    }
    const anon = await server.rest(cases[route].method, cases[route].path, cases[route].body);
    expect({ route, status: anon.status }).toEqual({ route, status: 401 });
  }
  expect(await snapshot(server, other.admin.servicio)).toEqual(before);
});

test("a network's account gets 403 with a Spanish message from every /api route but its own password's", async () => {
  const other = await seedWorld(server, 'RolesRed');
  const cases = restCases(other);
  const before = await snapshot(server, other.admin.servicio);
  const redBefore = await snapshot(server, other.red.id);
  const checked: string[] = [];
  for (const route of await restRoutes(server)) {
    // Public routes need no token; the password route is the network account's own (red: true).
    if (REST_PERMISSIONS[route] === 'public' || route === 'POST /auth/password') continue;
    const c = cases[route];
    const res = await server.rest<{ errors?: { msg: string }[] }>(c.method, c.path, c.body, other.red.token);
    expect({ route, status: res.status, errors: res.body.errors }).toEqual({
      route,
      status: 403,
      errors: [{ msg: MSG.redSoloIndicadores }],
    });
    checked.push(route);
  }
  expect(checked.length).toBeGreaterThanOrEqual(14);
  expect(await snapshot(server, other.admin.servicio)).toEqual(before);
  expect(await snapshot(server, other.red.id)).toEqual(redBefore);
});

describe('tokens that no longer belong to anyone get nothing', () => {
  let dead: World;
  let deletedToken: string;
  let oldToken: string;

  beforeAll(async () => {
    dead = await seedWorld(server, 'Baja');
    deletedToken = dead.members.ROL_MEDICO.token;
    ok(
      await server.gql(
        `mutation ($id: ID!) { deleteIntegrante(id: $id) { message } }`,
        { id: dead.members.ROL_MEDICO.id },
        dead.admin.token,
      ),
    );
    oldToken = dead.members.ROL_TECNICO.token;
    ok(
      await server.gql(
        `mutation ($input: PasswordChangeInput!) { changePassword(input: $input) { token } }`,
        { input: { oldPassword: PASSWORD, newPassword: 'clave-nueva-1', newPassword2: 'clave-nueva-1' } },
        oldToken,
      ),
    );
  });

  test.each([
    ['deleted member', () => deletedToken],
    ['pre-password-change token', () => oldToken],
  ])('%s: every GraphQL operation and /api route answers UNAUTHENTICATED / 401', async (_label, token) => {
    const before = await snapshot(server, dead.admin.servicio);
    const calls = operationCalls(dead);
    for (const op of schemaOperations()) {
      if (PERMISSIONS[op] === 'public') continue;
      const res = await server.gql(calls[op].query, calls[op].variables, token());
      expect({ op, code: codeOf(res) }).toEqual({ op, code: 'UNAUTHENTICATED' });
    }
    const cases = restCases(dead);
    for (const route of await restRoutes(server)) {
      if (REST_PERMISSIONS[route] === 'public') continue;
      const c = cases[route];
      const res = await server.rest(c.method, c.path, c.body, token());
      expect({ route, status: res.status }).toEqual({ route, status: 401 });
    }
    expect(await snapshot(server, dead.admin.servicio)).toEqual(before);
  });
});
