import { MSG } from '../../server/src/domain/messages';
import { startTestServer, TestServer } from '../../server/src/test-utils/harness';
import { compacta, donacionBody, donanteBody, msgs, Sesion } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Rec = Record<string, unknown>;

it('a full journey as the original client makes it', async () => {
  // Register, then sign in again.
  const reg = await server.rest<Sesion>('POST', '/auth/register', {
    nombre: 'Hemoterapia Hospital Oeste',
    username: 'oeste',
    email: 'oeste@hospital.test',
    password: 'clave-oeste',
    rol: 'ROL_SERVICIO',
  });
  expect(reg.status).toBe(200);
  const login = await server.rest<Sesion>('POST', '/auth/login', {
    username: 'oeste',
    password: 'clave-oeste',
  });
  expect(login.status).toBe(200);
  const { token, usuario } = login.body;
  const call = <T = Rec>(method: string, path: string, body?: unknown) =>
    server.rest<T>(method, path, body, token);

  // Options and staff.
  const opciones = await call('POST', '/auth/opciones', {
    uid: usuario.uid,
    ...usuario.opciones,
    telefono: '4444-5555',
  });
  expect(opciones.body).toMatchObject({ nombre: 'Hemoterapia Hospital Oeste', telefono: '4444-5555' });
  const medico = await call<Rec>('POST', '/auth/integrante', {
    uid: usuario.uid,
    nombre: 'Pedro',
    apellido: 'Álvarez',
    username: 'pedro',
    password: 'clave-pedro',
    agentecph: true,
  });
  expect(medico.body).toMatchObject({ rol: 'ROL_MEDICO', opciones: { agentecph: true } });
  const relogin = await server.rest<Sesion>('POST', '/auth/login', {
    username: 'oeste',
    password: 'clave-oeste',
  });
  expect(relogin.body.usuario.opciones).toMatchObject({
    telefono: '4444-5555',
    integrantes: [{ _id: medico.body._id }],
  });

  // The doctor records a donor and a donation with a server-issued label number.
  const pedro = await server.rest<Sesion>('POST', '/auth/login', {
    username: 'pedro',
    password: 'clave-pedro',
  });
  const asPedro = <T = Rec>(method: string, path: string, body?: unknown) =>
    server.rest<T>(method, path, body, pedro.body.token);
  const donante = await asPedro<Rec>(
    'POST',
    '/donante/',
    donanteBody({ nombre: 'Sofía', apellido: 'Benítez' }),
  );
  expect(donante.status).toBe(200);
  const found = await asPedro<{ donantes: Rec[] }>('GET', '/donante/search?nombre=sofia&apellido=&dni=');
  expect(found.body.donantes.map((d) => d._id)).toEqual([donante.body._id]);
  const { numero } = (
    await asPedro<{ numero: number }>('POST', '/donacion/next-etiqueta-number', {
      servicioId: usuario.servicio,
    })
  ).body;
  const saved = await asPedro<Rec & { donacion: Rec[] }>(
    'POST',
    '/donacion/',
    donacionBody(usuario.servicio, donante.body._id as string, numero),
  );
  expect(saved.status).toBe(200);
  const donacion = saved.body.donacion[saved.body.donacion.length - 1];
  expect(donacion).toMatchObject({ numero, fecha: compacta(0) });
  const again = await asPedro(
    'POST',
    '/donacion/',
    donacionBody(usuario.servicio, donante.body._id as string, numero),
  );
  expect(msgs(again.body)).toEqual([MSG.donacionYaRegistrada]);

  // Results, then the searches show them.
  const results = await asPedro<{ donacion: Rec; message: string }>(
    'PUT',
    `/donacion/${donacion._id}/donante/${donante.body._id}`,
    {
      abo: 'O',
      rh: 'POSITIVO',
      serologia: JSON.stringify({
        hiv: false,
        hepB: false,
        hepC: false,
        vdrl: false,
        brucelosis: false,
        chagas: false,
        htlv: false,
      }),
      exclusionDefinitiva: '',
      exclusionTiempo: 0,
      exclusionCodigo: '',
    },
  );
  expect(results.body).toMatchObject({ message: MSG.donacionActualizada, donacion: { grupoYFactor: 'O+' } });
  const byFecha = await call<{ donaciones: Rec[] }>('GET', `/donacion/search?numero=&fecha=${compacta(0)}`);
  expect(byFecha.body.donaciones).toEqual([
    expect.objectContaining({ _id: donacion._id, abo: 'O', rh: 'POSITIVO' }),
  ]);
  const single = await call<Rec[]>('GET', `/donacion/${donacion._id}`);
  expect(single.body[0]).toMatchObject({ nombre: 'Sofía', apellido: 'Benítez' });
  const conLista = await call<Rec>('GET', `/donante/${donante.body._id}`);
  expect(conLista.body).toMatchObject({ puedeDonar: false, donacion: [{ _id: donacion._id }] });

  // Deletes: the donation, the donor, the staff member.
  expect((await call('DELETE', `/donacion/${donacion._id}/donante/${donante.body._id}`)).status).toBe(200);
  expect(
    (await call<{ donaciones: Rec[] }>('GET', `/donacion/search?fecha=${compacta(0)}`)).body.donaciones,
  ).toEqual([]);
  expect((await call('DELETE', `/donante/${donante.body._id}`)).status).toBe(200);
  expect((await call<{ donantes: Rec[] }>('GET', '/donante/search?nombre=sofia')).body.donantes).toEqual([]);
  expect((await call('DELETE', `/auth/integrante/${medico.body._id}/user/${usuario.uid}`)).status).toBe(200);
  expect(
    (await server.rest('POST', '/auth/login', { username: 'pedro', password: 'clave-pedro' })).status,
  ).toBe(401);
  const audit = await server.dataSource.query(
    `SELECT entidad, accion FROM auditoria WHERE servicio_id = $1 AND accion = 'eliminar' ORDER BY id`,
    [usuario.servicio],
  );
  expect(audit).toEqual([
    { entidad: 'donacion', accion: 'eliminar' },
    { entidad: 'donante', accion: 'eliminar' },
    { entidad: 'usuario', accion: 'eliminar' },
  ]);
});
