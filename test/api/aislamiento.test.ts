import { MSG } from '../../server/src/domain/messages';
import { startTestServer, TestServer } from '../../server/src/test-utils/harness';
import { donacionBody, donanteBody, msgs, registrar, Sesion } from './helpers';

let server: TestServer;
let a: Sesion;
let b: Sesion;
let donanteId: string;
let donacionId: string;
let memberId: string;

beforeAll(async () => {
  server = await startTestServer();
  a = await registrar(server, 'Servicio A');
  b = await registrar(server, 'Servicio B');
  const d = await server.rest<{ _id: string }>('POST', '/donante/', donanteBody(), a.token);
  donanteId = d.body._id;
  const n = await server.rest<{ numero: number }>('POST', '/donacion/next-etiqueta-number', {}, a.token);
  const created = await server.rest<{ donacion: { _id: string }[] }>(
    'POST',
    '/donacion/',
    donacionBody(a.usuario.servicio, donanteId, n.body.numero),
    a.token,
  );
  donacionId = created.body.donacion[0]._id;
  const m = await server.rest<{ _id: string }>(
    'POST',
    '/auth/integrante',
    {
      uid: a.usuario.uid,
      nombre: 'Ana',
      apellido: 'Sosa',
      username: `ana${Date.now()}`,
      password: 'secreto',
    },
    a.token,
  );
  memberId = m.body._id;
});
afterAll(() => server.close());

/** Every row of A that a request could change, to prove nothing did. */
const snapshot = () =>
  Promise.all([
    server.dataSource.query(`SELECT * FROM donante WHERE id = $1`, [donanteId]),
    server.dataSource.query(`SELECT * FROM donacion WHERE id = $1`, [donacionId]),
    server.dataSource.query(`SELECT * FROM usuario WHERE id = $1`, [memberId]),
    server.dataSource.query(`SELECT * FROM servicio WHERE id = $1`, [a.usuario.servicio]),
    server.dataSource.query(`SELECT * FROM etiqueta_contador WHERE servicio_id = $1`, [a.usuario.servicio]),
  ]);

describe('401 without a valid token on every authenticated path', () => {
  const calls: [string, () => string, unknown][] = [
    ['POST', () => '/auth/opciones', { nombre: 'x' }],
    ['POST', () => '/auth/password', { oldPassword: 'secreto', newPassword: 'secreto2' }],
    ['POST', () => '/auth/integrante', { nombre: 'x' }],
    ['PUT', () => '/auth/integrante', { uid: memberId, nombre: 'x', apellido: 'y' }],
    ['DELETE', () => `/auth/integrante/${memberId}/user/${a.usuario.uid}`, undefined],
    ['POST', () => '/donante/', donanteBody()],
    ['GET', () => '/donante/search?nombre=Juan', undefined],
    ['GET', () => `/donante/${donanteId}`, undefined],
    ['PUT', () => `/donante/${donanteId}`, donanteBody()],
    ['DELETE', () => `/donante/${donanteId}`, undefined],
    ['POST', () => '/donacion/', { donanteId }],
    ['POST', () => '/donacion/next-etiqueta-number', {}],
    ['GET', () => '/donacion/search?numero=1', undefined],
    ['GET', () => `/donacion/${donacionId}`, undefined],
    ['PUT', () => `/donacion/${donacionId}/donante/${donanteId}`, { abo: 'A' }],
    ['DELETE', () => `/donacion/${donacionId}/donante/${donanteId}`, undefined],
  ];

  it.each(calls)('%s %#', async (method, path, body) => {
    const before = await snapshot();
    for (const token of [undefined, 'basura', `${a.token}x`]) {
      const res = await server.rest(method, path(), body, token);
      expect(res.status).toBe(401);
      expect(msgs(res.body)).toEqual([MSG.noAutenticado]);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe("another servicio's token is refused and nothing changes", () => {
  const calls: [string, () => string, () => unknown, number][] = [
    ['POST', () => '/auth/opciones', () => ({ uid: a.usuario.uid, nombre: 'Robado' }), 403],
    [
      'POST',
      () => '/auth/integrante',
      () => ({ uid: a.usuario.uid, nombre: 'X', apellido: 'Y', username: 'intruso', password: 'secreto' }),
      403,
    ],
    ['PUT', () => '/auth/integrante', () => ({ uid: memberId, nombre: 'Robado', apellido: 'Y' }), 404],
    ['DELETE', () => `/auth/integrante/${memberId}/user/${a.usuario.uid}`, () => undefined, 403],
    ['DELETE', () => `/auth/integrante/${memberId}/user/${b.usuario.uid}`, () => undefined, 404],
    ['POST', () => '/donante/', () => donanteBody({ servicio: a.usuario.servicio }), 403],
    ['GET', () => `/donante/${donanteId}`, () => undefined, 404],
    ['PUT', () => `/donante/${donanteId}`, () => donanteBody({ nombre: 'Robado' }), 404],
    ['DELETE', () => `/donante/${donanteId}`, () => undefined, 404],
    ['POST', () => '/donacion/', () => donacionBody(b.usuario.servicio, donanteId, 777), 404],
    ['POST', () => '/donacion/', () => donacionBody(a.usuario.servicio, donanteId, 777), 403],
    ['POST', () => '/donacion/next-etiqueta-number', () => ({ servicioId: a.usuario.servicio }), 403],
    ['GET', () => `/donacion/${donacionId}`, () => undefined, 404],
    ['PUT', () => `/donacion/${donacionId}/donante/${donanteId}`, () => ({ abo: 'O' }), 404],
    ['DELETE', () => `/donacion/${donacionId}/donante/${donanteId}`, () => undefined, 404],
  ];

  it.each(calls)('%s %#', async (method, path, body, status) => {
    const before = await snapshot();
    const res = await server.rest(method, path(), body(), b.token);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ errors: [{ msg: expect.any(String) }] });
    expect(await snapshot()).toEqual(before);
  });

  it("searches never show the other servicio's records", async () => {
    const donantes = await server.rest<{ donantes: unknown[] }>('GET', '/donante/search', undefined, b.token);
    expect(donantes.body.donantes).toEqual([]);
    const donaciones = await server.rest<{ donaciones: unknown[] }>(
      'GET',
      '/donacion/search',
      undefined,
      b.token,
    );
    expect(donaciones.body.donaciones).toEqual([]);
  });
});
