/**
 * Tokens: expired, tampered, alg none, wrong secret, other algorithm,
 * malformed and missing-claim tokens are all refused on GraphQL and REST,
 * and a refused token never writes anything.
 */
import jwt from 'jsonwebtoken';
import { startTestServer, TEST_JWT_SECRET, TestServer } from '../../server/src/test-utils/harness';
import { codeOf, CREATE_DONANTE, donanteInput, seedWorld, snapshot, World } from './fixtures';

jest.setTimeout(60_000);

let server: TestServer;
let w: World;

beforeAll(async () => {
  server = await startTestServer();
  w = await seedWorld(server, 'Tokens');
});
afterAll(() => server.close());

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

const FORGERIES = [
  'expired',
  'tampered',
  'algNone',
  'algNoneNoDot',
  'wrongSecret',
  'hs512',
  'notYetValid',
  'noExp',
  'noUid',
  'noServicio',
  'noRol',
  'noTv',
  'badRol',
  'otherServicio',
  'unknownUid',
  'wrongTokenVersion',
  'payloadString',
  'malformed',
  'threeDots',
  'emptyParts',
  'badBase64',
  'huge',
  'unicode',
];

function forged(): Record<string, string> {
  const claims = jwt.decode(w.admin.token) as Record<string, unknown>;
  const { iat: _i, exp: _e, ...base } = claims;
  const [header, , signature] = w.members.ROL_TECNICO.token.split('.');
  const tecnico = jwt.decode(w.members.ROL_TECNICO.token) as Record<string, unknown>;
  const sign = (payload: object, options: jwt.SignOptions = {}, secret = TEST_JWT_SECRET) =>
    jwt.sign(payload, secret, { algorithm: 'HS256', expiresIn: 3600, ...options });
  const withoutClaim = (name: string) => {
    const copy = { ...base } as Record<string, unknown>;
    delete copy[name];
    return sign(copy);
  };
  return {
    expired: jwt.sign({ ...base, exp: Math.floor(Date.now() / 1000) - 60 }, TEST_JWT_SECRET, {
      algorithm: 'HS256',
    }),
    // A staff token whose payload claims ROL_SERVICIO, with the staff signature kept.
    tampered: `${header}.${b64({ ...tecnico, rol: 'ROL_SERVICIO' })}.${signature}`,
    algNone: `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...base, exp: Math.floor(Date.now() / 1000) + 3600 })}.`,
    algNoneNoDot: `${b64({ alg: 'none', typ: 'JWT' })}.${b64(base)}`,
    wrongSecret: sign(base, {}, 'otro-secreto-de-al-menos-treinta-y-dos-caracteres!!'),
    hs512: jwt.sign(base, TEST_JWT_SECRET, { algorithm: 'HS512', expiresIn: 3600 }),
    notYetValid: sign(base, { notBefore: 3600 }),
    noExp: jwt.sign(base, TEST_JWT_SECRET, { algorithm: 'HS256' }),
    noUid: withoutClaim('uid'),
    noServicio: withoutClaim('servicio'),
    noRol: withoutClaim('rol'),
    noTv: withoutClaim('tv'),
    badRol: sign({ ...base, rol: 'ROL_ROOT' }),
    otherServicio: sign({ ...base, servicio: '00000000-0000-4000-8000-000000000000' }),
    unknownUid: sign({ ...base, uid: '00000000-0000-4000-8000-000000000001' }),
    wrongTokenVersion: sign({ ...base, tv: Number(base.tv) + 1 }),
    payloadString: jwt.sign('texto', TEST_JWT_SECRET, { algorithm: 'HS256' }),
    malformed: 'esto-no-es-un-token',
    threeDots: 'a.b.c',
    emptyParts: '..',
    badBase64: '%%%.###.$$$',
    huge: `${'a'.repeat(6000)}.${'b'.repeat(6000)}.c`,
    unicode: 'ñ.á.ü',
  };
}

test('a genuine token works (the forgeries below start from it)', async () => {
  const res = await server.gql(`{ me { id } }`, {}, w.admin.token);
  expect(res.errors).toBeUndefined();
});

test('the list of forgeries is complete', () => {
  expect(Object.keys(forged()).sort()).toEqual([...FORGERIES].sort());
});

test.each(FORGERIES)('%s token is refused on GraphQL and REST and writes nothing', async (name) => {
  const token = forged()[name];
  const before = await snapshot(server, w.admin.servicio);
  const me = await server.gql(`{ me { id } }`, {}, token);
  expect(codeOf(me)).toBe('UNAUTHENTICATED');
  expect(me.data ?? null).toBeNull();
  const write = await server.gql(CREATE_DONANTE, { input: donanteInput() }, token);
  expect(codeOf(write)).toBe('UNAUTHENTICATED');
  const staff = await server.gql(`{ integrantes { id } }`, {}, token);
  expect(codeOf(staff)).toBe('UNAUTHENTICATED');
  const search = await server.rest('GET', `/donante/search?dni=${w.donanteDni}`, undefined, token);
  expect(search.status).toBe(401);
  expect(JSON.stringify(search.body)).not.toContain(w.donanteId);
  const post = await server.rest(
    'POST',
    '/donante/',
    { ...donanteInput(), fechaNacimiento: '19900510' },
    token,
  );
  expect(post.status).toBe(401);
  expect(await snapshot(server, w.admin.servicio)).toEqual(before);
});

test('the Authorization header variants without a usable token are refused', async () => {
  for (const header of ['Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', `Token ${w.admin.token}x`]) {
    const res = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: header },
      body: JSON.stringify({ query: '{ me { id } }' }),
    });
    const body = (await res.json()) as { errors?: { extensions?: { code?: string } }[] };
    expect({ header, code: body.errors?.[0]?.extensions?.code }).toEqual({ header, code: 'UNAUTHENTICATED' });
  }
});
