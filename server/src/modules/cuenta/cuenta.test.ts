import jwt from 'jsonwebtoken';
import { MSG } from '../../domain/messages';
import {
  GqlResult,
  registerServicio,
  startTestServer,
  TEST_JWT_SECRET,
  TestServer,
} from '../../test-utils/harness';

const REGISTER = `mutation ($input: RegisterInput!) {
  register(input: $input) { token usuario { id servicioId username rol nombre email servicio { id nombre email } } }
}`;
const LOGIN = `mutation ($input: LoginInput!) { login(input: $input) { token usuario { id rol servicioId } } }`;
const ME = `{ me { id username rol servicio { nombre } } }`;

const MINUTE = 60 * 1000;
/** The clock of the sign-in delays: tests move it instead of waiting. */
let now = Date.now();

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ now: () => now });
});
afterAll(() => server.close());

type LoginResult = GqlResult<{ login: { token: string; usuario: { id: string } } }>;

/** A login as if from `ip` (the app trusts X-Forwarded-For from loopback, as from its proxy). */
async function loginFrom(
  target: TestServer,
  username: string,
  password: string,
  ip: string,
): Promise<LoginResult> {
  const res = await fetch(`${target.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ query: LOGIN, variables: { input: { username, password } } }),
  });
  return (await res.json()) as LoginResult;
}

const count = async (table: string) =>
  Number((await server.dataSource.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n);

describe('register', () => {
  it('creates the servicio and its administrator with the same id, audited', async () => {
    const res = await server.gql<{ register: { token: string; usuario: Record<string, unknown> } }>(
      REGISTER,
      {
        input: {
          nombre: 'Hemoterapia Hospital Posadas',
          username: 'posadas',
          email: 'hemo@posadas.gob.ar',
          password: 'secreto',
          password2: 'secreto',
          rol: 'ROL_SERVICIO',
        },
      },
    );
    expect(res.errors).toBeUndefined();
    const { token, usuario } = res.data!.register;
    expect(usuario).toMatchObject({
      username: 'posadas',
      rol: 'ROL_SERVICIO',
      nombre: 'Hemoterapia Hospital Posadas',
      servicio: { nombre: 'Hemoterapia Hospital Posadas', email: 'hemo@posadas.gob.ar' },
    });
    expect(usuario.id).toBe(usuario.servicioId);
    const claims = jwt.verify(token, TEST_JWT_SECRET) as jwt.JwtPayload;
    expect(claims).toMatchObject({ uid: usuario.id, rol: 'ROL_SERVICIO', servicio: usuario.id });
    expect(claims.exp! - claims.iat!).toBe(12 * 60 * 60);
    expect(jwt.decode(token, { complete: true })?.header.alg).toBe('HS256');

    const [row] = await server.dataSource.query(`SELECT password_hash FROM usuario WHERE id = $1`, [
      usuario.id,
    ]);
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$/);
    expect(row.password_hash).toContain('m=19456');
    expect(row.password_hash).toContain('t=2');
    const audits = await server.dataSource.query(
      `SELECT entidad, accion FROM auditoria WHERE servicio_id = $1 ORDER BY id`,
      [usuario.id],
    );
    expect(audits).toEqual([
      { entidad: 'servicio', accion: 'crear' },
      { entidad: 'usuario', accion: 'crear' },
    ]);
  });

  it('refuses invalid input with the spec texts and creates nothing', async () => {
    const before = [await count('servicio'), await count('usuario')];
    const res = await server.gql(REGISTER, {
      input: { nombre: ' ', username: '', email: 'no-es-email', password: '12345', password2: '123456' },
    });
    expect(res.data).toBeNull();
    expect(res.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(res.errors?.[0].extensions?.errors).toEqual([
      { field: 'nombre', msg: 'Requerido' },
      { field: 'username', msg: 'Requerido' },
      { field: 'email', msg: 'El email es invalido' },
      { field: 'password', msg: 'La clave debe tener al menos 6 caracteres' },
      { field: 'password2', msg: 'Las passwords no coinciden' },
    ]);
    expect([await count('servicio'), await count('usuario')]).toEqual(before);
  });

  it('requires the repeated password to match and the email to be present', async () => {
    const res = await server.gql(REGISTER, {
      input: { nombre: 'X', username: 'nuevo', email: '', password: '123456', password2: '1234567' },
    });
    expect(res.errors?.[0].extensions?.errors).toEqual([
      { field: 'email', msg: MSG.requerido },
      { field: 'password2', msg: MSG.clavesDistintas },
    ]);
  });

  it('refuses another role and a taken username (any case)', async () => {
    await registerServicio(server, { username: 'Tomado' });
    const taken = await server.gql(REGISTER, {
      input: { nombre: 'X', username: 'tomado', email: 'x@y.com', password: '123456', password2: '123456' },
    });
    expect(taken.errors?.[0].message).toBe(MSG.usuarioExistente);
    const rol = await server.gql(REGISTER, {
      input: {
        nombre: 'X',
        username: 'otro',
        email: 'x@y.com',
        password: '123456',
        password2: '123456',
        rol: 'ROL_MEDICO',
      },
    });
    expect(rol.errors?.[0].extensions?.errors).toEqual([{ field: 'rol', msg: MSG.valorNoPermitido }]);
  });

  it('limits text sizes', async () => {
    const res = await server.gql(REGISTER, {
      input: {
        nombre: 'x'.repeat(201),
        username: 'u',
        email: 'x@y.com',
        password: '123456',
        password2: '123456',
      },
    });
    expect(res.errors?.[0].extensions?.errors).toEqual([
      { field: 'nombre', msg: 'Debe tener como máximo 200 caracteres' },
    ]);
  });
});

describe('login and me', () => {
  it('signs in with the right password, case-insensitive username', async () => {
    const session = await registerServicio(server, { username: 'Banco', password: 'sangre123' });
    const res = await server.gql<{ login: { token: string; usuario: { id: string } } }>(LOGIN, {
      input: { username: 'banco', password: 'sangre123' },
    });
    expect(res.data?.login.usuario.id).toBe(session.uid);
    const me = await server.gql<{ me: { username: string } }>(ME, {}, res.data!.login.token);
    expect(me.data?.me).toMatchObject({ username: 'Banco', rol: 'ROL_SERVICIO' });
  });

  it('refuses a wrong password or unknown user with a Spanish message', async () => {
    await registerServicio(server, { username: 'hemo2', password: 'sangre123' });
    for (const input of [
      { username: 'hemo2', password: 'otra-clave' },
      { username: 'nadie', password: 'sangre123' },
    ]) {
      const res = await server.gql(LOGIN, { input });
      expect(res.errors?.[0]).toMatchObject({
        message: MSG.credencialesInvalidas,
        extensions: { code: 'UNAUTHENTICATED' },
      });
    }
  });

  it('refuses an unknown user and a wrong password with the same answer', async () => {
    await registerServicio(server, { username: 'hemo3', password: 'sangre123' });
    const wrong = await loginFrom(server, 'hemo3', 'otra-clave', '192.0.2.30');
    const unknown = await loginFrom(server, 'nadie-3', 'otra-clave', '192.0.2.31');
    expect(unknown).toEqual(wrong);
    expect(wrong).toEqual({
      data: null,
      errors: [
        {
          message: MSG.credencialesInvalidas,
          path: ['login'],
          extensions: {
            code: 'UNAUTHENTICATED',
            errors: [{ field: '', msg: MSG.credencialesInvalidas }],
          },
        },
      ],
    });
  });

  it('the owner signs in from their address while an attacker elsewhere has failed 50 times', async () => {
    const owner = await registerServicio(server, { username: 'victima', password: 'sangre123' });
    for (let i = 0; i < 50; i += 1) {
      // Each attempt after the first 5 waits for the attacker's delay (at most 15 minutes).
      now += 15 * MINUTE;
      const res = await loginFrom(server, 'victima', `mal${i}`, '203.0.113.66');
      expect(res.errors?.[0].message).toBe(MSG.credencialesInvalidas);
    }
    const attacker = await loginFrom(server, 'victima', 'sangre123', '203.0.113.66');
    expect(attacker.errors?.[0]).toMatchObject({
      message: MSG.demasiadosIntentos(15 * 60),
      extensions: { code: 'TOO_MANY_REQUESTS' },
    });
    expect(attacker.errors?.[0].message).toBe(
      'Demasiados intentos fallidos. Espere 15 minutos antes de volver a intentar.',
    );
    const signedIn = await loginFrom(server, 'VICTIMA', 'sangre123', '198.51.100.7');
    expect(signedIn.errors).toBeUndefined();
    expect(signedIn.data?.login.usuario.id).toBe(owner.uid);
  });

  it('delays the sixth failure in a row of a user at one address, and less after a success', async () => {
    await registerServicio(server, { username: 'olvidadiza', password: 'sangre123' });
    const ip = '192.0.2.40';
    for (let i = 0; i < 5; i += 1) {
      expect((await loginFrom(server, 'olvidadiza', `mal${i}`, ip)).errors?.[0].message).toBe(
        MSG.credencialesInvalidas,
      );
    }
    const waiting = await loginFrom(server, 'olvidadiza', 'sangre123', ip);
    expect(waiting.errors?.[0].message).toBe(MSG.demasiadosIntentos(1));
    now += 1000;
    expect((await loginFrom(server, 'olvidadiza', 'sangre123', ip)).errors).toBeUndefined();
    // The success cleared the count: five more mistakes are let through.
    for (let i = 0; i < 5; i += 1) {
      expect((await loginFrom(server, 'olvidadiza', `otra${i}`, ip)).errors?.[0].message).toBe(
        MSG.credencialesInvalidas,
      );
    }
  });

  it('two app processes on the same database share the counts', async () => {
    const second = await startTestServer({ now: () => now, sameDatabaseAs: server });
    try {
      await registerServicio(server, { username: 'compartida', password: 'sangre123' });
      const ip = '192.0.2.50';
      for (let i = 0; i < 5; i += 1) {
        await loginFrom(i % 2 ? server : second, 'compartida', `mal${i}`, ip);
      }
      for (const target of [server, second]) {
        const res = await loginFrom(target, 'compartida', 'sangre123', ip);
        expect(res.errors?.[0]).toMatchObject({
          message: MSG.demasiadosIntentos(1),
          extensions: { code: 'TOO_MANY_REQUESTS' },
        });
      }
    } finally {
      await second.close();
    }
  });

  it('refuses missing, tampered, expired, alg none and wrong-secret tokens', async () => {
    const session = await registerServicio(server);
    const [h, p] = session.token.split('.');
    const claims = { uid: session.uid, rol: 'ROL_SERVICIO', servicio: session.servicio, tv: 0 };
    const forged = Buffer.from(JSON.stringify({ ...claims, rol: 'ROL_SERVICIO', uid: 'x' })).toString(
      'base64url',
    );
    const tokens = [
      undefined,
      'basura',
      `${h}.${forged}.${session.token.split('.')[2]}`,
      jwt.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 }, TEST_JWT_SECRET),
      jwt.sign(claims, 'otro-secreto-de-al-menos-treinta-y-dos-caracteres'),
      `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${p}.`,
    ];
    for (const token of tokens) {
      const res = await server.gql(ME, {}, token);
      expect(res.data).toBeNull();
      expect(res.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    }
    const ok = await server.gql(ME, {}, session.token);
    expect(ok.errors).toBeUndefined();
  });
});

describe('the http surface', () => {
  it('answers /healthz once the database answers', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('refuses over-deep queries and oversized bodies in Spanish', async () => {
    const deep = `{ me { servicio { id } ${'servicio { '.repeat(0)} } }`;
    expect((await server.gql(deep)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const nested = `query { ${'a { '.repeat(12)}b${' }'.repeat(12)} }`;
    const res = await server.gql(nested);
    expect(res.errors?.[0].message).toMatch(/consulta|datos/);
    const big = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `{ me { id } }`, variables: { x: 'x'.repeat(300_000) } }),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ errors: [{ msg: MSG.cuerpoDemasiadoGrande }] });
  });

  it('masks unexpected errors: no stack trace, an error id', async () => {
    const res = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query": "{ me { id } ',
    });
    const text = await res.text();
    expect(text).not.toMatch(/at .*\.(ts|js):\d+/);
    expect(text).not.toContain('stack');
  });
});
