import { MSG } from '../../server/src/domain/messages';
import { startTestServer, TestServer } from '../../server/src/test-utils/harness';
import { msgs, registrar, Sesion } from './helpers';

let server: TestServer;
beforeAll(async () => {
  // The clock of the sign-in delays stands still: a wait never runs out by itself here.
  const frozen = Date.now();
  server = await startTestServer({ now: () => frozen });
});
afterAll(() => server.close());

const integranteShape = {
  _id: expect.any(String),
  uid: expect.any(String),
  rol: expect.any(String),
  opciones: {
    nombre: expect.any(String),
    apellido: expect.any(String),
    matricula: expect.any(String),
    email: expect.any(String),
    telefono: expect.any(String),
    agentecph: expect.any(Boolean),
  },
};

describe('POST /api/auth/register', () => {
  it('creates the servicio and answers { token, usuario } with uid = servicio and its options', async () => {
    const res = await server.rest<Sesion>('POST', '/auth/register', {
      nombre: 'Hemoterapia Hospital Sur',
      username: 'hsur',
      email: 'hemo@sur.test',
      password: 'secreto',
      rol: 'ROL_SERVICIO',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      token: expect.any(String),
      usuario: {
        uid: expect.any(String),
        rol: 'ROL_SERVICIO',
        servicio: res.body.usuario.uid,
        opciones: {
          nombre: 'Hemoterapia Hospital Sur',
          direccion: '',
          email: 'hemo@sur.test',
          telefono: '',
          integrantes: [],
        },
      },
    });
    const [row] = await server.dataSource.query(`SELECT nombre FROM servicio WHERE id = $1`, [
      res.body.usuario.uid,
    ]);
    expect(row.nombre).toBe('Hemoterapia Hospital Sur');
  });

  it('refuses with 400 and the spec texts (required, email, password length, taken username)', async () => {
    let res = await server.rest('POST', '/auth/register', {
      nombre: '',
      username: '',
      email: '',
      password: '',
    });
    expect(res.status).toBe(400);
    expect(msgs(res.body)).toEqual([MSG.requerido, MSG.requerido, MSG.requerido, MSG.claveCorta]);
    res = await server.rest('POST', '/auth/register', {
      nombre: 'X',
      username: 'nuevo1',
      email: 'no-es-email',
      password: 'secreto',
    });
    expect(res.status).toBe(400);
    expect(msgs(res.body)).toEqual([MSG.emailInvalido]);
    res = await server.rest('POST', '/auth/register', {
      nombre: 'X',
      username: 'nuevo2',
      email: 'a@b.test',
      password: 'secreto',
      password2: 'otra-clave',
    });
    expect(msgs(res.body)).toEqual([MSG.clavesDistintas]);
    res = await server.rest('POST', '/auth/register', {
      nombre: 'X',
      username: 'HSUR',
      email: 'a@b.test',
      password: 'secreto',
    });
    expect(res.status).toBe(400);
    expect(msgs(res.body)).toEqual([MSG.usuarioExistente]);
    res = await server.rest('POST', '/auth/register', {
      nombre: 'x'.repeat(201),
      username: 'nuevo3',
      email: 'a@b.test',
      password: 'secreto',
    });
    expect(res.status).toBe(400);
    expect(msgs(res.body)).toEqual([MSG.textoDemasiadoLargo(200)]);
  });

  it('refuses a body that is not a JSON object, without internals', async () => {
    const res = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"nombre": ',
    });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ errors: [{ msg: MSG.datosInvalidos }] });
    expect(text).not.toMatch(/at \w+ \(|SyntaxError|node_modules/);
  });
});

describe('POST /api/auth/login', () => {
  it('answers { token, usuario } and the token works bare or as Bearer', async () => {
    const admin = await registrar(server, 'Servicio Login');
    const rows = await server.dataSource.query(`SELECT username FROM usuario WHERE id = $1`, [
      admin.usuario.uid,
    ]);
    const res = await server.rest<Sesion>('POST', '/auth/login', {
      username: rows[0].username,
      password: 'clave-segura',
    });
    expect(res.status).toBe(200);
    expect(res.body.usuario).toEqual(admin.usuario);
    for (const authorization of [res.body.token, `Bearer ${res.body.token}`]) {
      const r = await fetch(`${server.url}/api/donante/search`, { headers: { authorization } });
      expect(r.status).toBe(200);
    }
    const bad = await fetch(`${server.url}/api/donante/search`, {
      headers: { authorization: 'Bearer x.y.z' },
    });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({ errors: [{ msg: MSG.noAutenticado }] });
  });

  it('refuses wrong credentials with the server text, then 429 after too many failures', async () => {
    const res = await server.rest('POST', '/auth/login', { username: 'nadie', password: 'mala-clave' });
    expect(res.status).toBe(401);
    expect(msgs(res.body)).toEqual([MSG.credencialesInvalidas]);
    let last = res;
    for (let i = 0; i < 11; i += 1) {
      last = await server.rest('POST', '/auth/login', { username: 'atacado', password: `mala${i}` });
    }
    expect(last.status).toBe(429);
    expect(msgs(last.body)).toEqual([MSG.demasiadosIntentos(1)]);
  });

  it('a stranger failing from another address never makes the owner wait; the stranger waits', async () => {
    const admin = await registrar(server, 'Servicio Atacado');
    const [{ username }] = await server.dataSource.query(`SELECT username FROM usuario WHERE id = $1`, [
      admin.usuario.uid,
    ]);
    const login = (password: string, ip: string) =>
      fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ username, password }),
      });
    for (let i = 0; i < 5; i += 1) expect((await login(`mala${i}`, '203.0.113.9')).status).toBe(401);
    const stranger = await login('mala', '203.0.113.9');
    expect(stranger.status).toBe(429);
    expect(stranger.headers.get('retry-after')).toBe('1');
    expect(stranger.headers.get('cache-control')).toBe('no-store');
    expect(await stranger.json()).toEqual({ errors: [{ msg: MSG.demasiadosIntentos(1) }] });
    const owner = await login('clave-segura', '198.51.100.20');
    expect(owner.status).toBe(200);
    expect(((await owner.json()) as Sesion).usuario.uid).toBe(admin.usuario.uid);
  });
});

describe('POST /api/auth/opciones', () => {
  it('saves the options and answers the options object', async () => {
    const admin = await registrar(server);
    const res = await server.rest(
      'POST',
      '/auth/opciones',
      {
        uid: admin.usuario.uid,
        ...admin.usuario.opciones,
        nombre: 'Hemoterapia Central',
        direccion: 'Calle 1 123',
        email: 'central@hospital.test',
        telefono: '011-4444',
      },
      admin.token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      nombre: 'Hemoterapia Central',
      direccion: 'Calle 1 123',
      email: 'central@hospital.test',
      telefono: '011-4444',
      integrantes: [],
    });
    const [row] = await server.dataSource.query(`SELECT nombre, direccion FROM servicio WHERE id = $1`, [
      admin.usuario.servicio,
    ]);
    expect(row).toEqual({ nombre: 'Hemoterapia Central', direccion: 'Calle 1 123' });
  });

  it('400 with the spec texts, 403 for another servicio uid', async () => {
    const admin = await registrar(server);
    const other = await registrar(server);
    let res = await server.rest(
      'POST',
      '/auth/opciones',
      { uid: admin.usuario.uid, nombre: '', email: 'x' },
      admin.token,
    );
    expect(res.status).toBe(400);
    expect(msgs(res.body)).toEqual([MSG.requerido, MSG.emailNoValido]);
    res = await server.rest(
      'POST',
      '/auth/opciones',
      { uid: other.usuario.uid, nombre: 'Robado' },
      admin.token,
    );
    expect(res.status).toBe(403);
    expect(msgs(res.body)).toEqual([MSG.sinPermiso]);
    const [row] = await server.dataSource.query(`SELECT nombre FROM servicio WHERE id = $1`, [
      other.usuario.uid,
    ]);
    expect(row.nombre).not.toBe('Robado');
  });
});

describe('staff: POST, PUT /api/auth/integrante and DELETE /api/auth/integrante/:_id/user/:uid', () => {
  it('creates, edits and deletes a member, each answer in the original shape', async () => {
    const admin = await registrar(server);
    const uid = admin.usuario.uid;
    const created = await server.rest<Record<string, unknown>>(
      'POST',
      '/auth/integrante',
      {
        uid,
        nombre: 'Laura',
        apellido: 'Gómez',
        username: `laura${Date.now()}`,
        password: 'clave-laura',
        rol: 'ROL_TECNICO',
        matricula: 'MN 1234',
        email: 'laura@hospital.test',
        telefono: '11',
        agentecph: true,
      },
      admin.token,
    );
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      ...integranteShape,
      rol: 'ROL_TECNICO',
      opciones: { nombre: 'Laura', apellido: 'Gómez', matricula: 'MN 1234', agentecph: true },
    });
    const memberId = created.body._id as string;
    expect(created.body.uid).toBe(memberId);

    // The member signs in: the session carries the servicio's options and the CPH agents.
    const username = (
      await server.dataSource.query(`SELECT username FROM usuario WHERE id = $1`, [memberId])
    )[0].username;
    const login = await server.rest<Sesion>('POST', '/auth/login', { username, password: 'clave-laura' });
    expect(login.status).toBe(200);
    expect(login.body.usuario).toMatchObject({ uid: memberId, rol: 'ROL_TECNICO', servicio: uid });
    expect(login.body.usuario.opciones.integrantes.map((i) => i._id)).toEqual([memberId]);
    // Staff may not manage staff.
    const forbidden = await server.rest(
      'POST',
      '/auth/integrante',
      { uid, nombre: 'A', apellido: 'B', username: 'zz1', password: 'secreto' },
      login.body.token,
    );
    expect(forbidden.status).toBe(403);

    const edited = await server.rest<Record<string, unknown>>(
      'PUT',
      '/auth/integrante',
      { uid: memberId, nombre: 'Laura Inés', apellido: 'Gómez', agentecph: false },
      admin.token,
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      _id: memberId,
      opciones: { nombre: 'Laura Inés', agentecph: false },
    });

    const session = await server.rest<Sesion>('POST', '/auth/login', { username, password: 'clave-laura' });

    const deleted = await server.rest(
      'DELETE',
      `/auth/integrante/${memberId}/user/${uid}`,
      undefined,
      admin.token,
    );
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ ok: true, msg: MSG.integranteEliminado });
    const [row] = await server.dataSource.query(`SELECT deleted_at FROM usuario WHERE id = $1`, [memberId]);
    expect(row.deleted_at).not.toBeNull();
    // The member's session ends at once.
    const after = await server.rest('GET', '/donante/search', undefined, session.body.token);
    expect(after.status).toBe(401);
    const again = await server.rest(
      'DELETE',
      `/auth/integrante/${memberId}/user/${uid}`,
      undefined,
      admin.token,
    );
    expect(again.status).toBe(404);
  });

  it('400 with the spec texts for a new member and an edit', async () => {
    const admin = await registrar(server);
    const uid = admin.usuario.uid;
    let res = await server.rest(
      'POST',
      '/auth/integrante',
      { uid, nombre: '', apellido: '', username: '', password: '' },
      admin.token,
    );
    expect(res.status).toBe(400);
    expect(msgs(res.body)).toEqual([MSG.requerido, MSG.requerido, MSG.requerido, MSG.requerido]);
    res = await server.rest(
      'POST',
      '/auth/integrante',
      { uid, nombre: 'A', apellido: 'B', username: 'corto', password: '123' },
      admin.token,
    );
    expect(msgs(res.body)).toEqual([MSG.claveCorta]);
    res = await server.rest(
      'POST',
      '/auth/integrante',
      { uid, nombre: 'A', apellido: 'B', username: 'rep', password: 'secreto', password2: 'secreta' },
      admin.token,
    );
    expect(msgs(res.body)).toEqual([MSG.clavesDistintas]);
    const created = await server.rest<{ _id: string }>(
      'POST',
      '/auth/integrante',
      {
        uid,
        opciones: { nombre: 'Anidado', apellido: 'B' },
        username: `an${Date.now()}`,
        password: 'secreto',
      },
      admin.token,
    );
    expect(created.status).toBe(200);
    res = await server.rest(
      'PUT',
      '/auth/integrante',
      { uid: created.body._id, nombre: '', apellido: '' },
      admin.token,
    );
    expect(res.status).toBe(400);
    expect(msgs(res.body)).toEqual([MSG.requerido, MSG.requerido]);
    res = await server.rest(
      'PUT',
      '/auth/integrante',
      { uid: 'no-es-uuid', nombre: 'A', apellido: 'B' },
      admin.token,
    );
    expect(res.status).toBe(404);
  });
});

describe('POST /api/auth/password', () => {
  it('changes the password and answers a status text; the old password and token stop working', async () => {
    const admin = await registrar(server);
    const username = (
      await server.dataSource.query(`SELECT username FROM usuario WHERE id = $1`, [admin.usuario.uid])
    )[0].username;
    let res = await server.rest(
      'POST',
      '/auth/password',
      { uid: admin.usuario.uid, oldPassword: 'mala-clave', newPassword: 'nueva-clave' },
      admin.token,
    );
    expect(res.status).toBe(400);
    expect(msgs(res.body)).toEqual([MSG.claveActualIncorrecta]);
    res = await server.rest(
      'POST',
      '/auth/password',
      { uid: admin.usuario.uid, oldPassword: 'clave-segura', newPassword: '123' },
      admin.token,
    );
    expect(msgs(res.body)).toEqual([MSG.claveCorta]);
    res = await server.rest(
      'POST',
      '/auth/password',
      { uid: 'otro-usuario', oldPassword: 'clave-segura', newPassword: 'nueva-clave' },
      admin.token,
    );
    expect(res.status).toBe(403);

    res = await server.rest(
      'POST',
      '/auth/password',
      { uid: admin.usuario.uid, oldPassword: 'clave-segura', newPassword: 'nueva-clave' },
      admin.token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, msg: MSG.claveActualizada, token: expect.any(String) });
    expect((await server.rest('GET', '/donante/search', undefined, admin.token)).status).toBe(401);
    expect((await server.rest('POST', '/auth/login', { username, password: 'clave-segura' })).status).toBe(
      401,
    );
    expect((await server.rest('POST', '/auth/login', { username, password: 'nueva-clave' })).status).toBe(
      200,
    );
  });
});
