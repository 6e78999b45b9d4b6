import { codigoEtiqueta } from '../../server/src/domain/etiquetas';
import { MSG } from '../../server/src/domain/messages';
import { startTestServer, TestServer } from '../../server/src/test-utils/harness';
import { compacta, donacionBody, donanteBody, Errores, iso, msgs, registrar, Sesion } from './helpers';

let server: TestServer;
let admin: Sesion;
beforeAll(async () => {
  server = await startTestServer();
  admin = await registrar(server, 'Hemoterapia Norte');
});
afterAll(() => server.close());

type Rec = Record<string, unknown>;
const post = <T = Rec>(path: string, body: unknown) => server.rest<T>('POST', path, body, admin.token);
const get = <T = Rec>(path: string) => server.rest<T>('GET', path, undefined, admin.token);

async function nuevoDonante(overrides: Rec = {}): Promise<Rec> {
  const res = await post('/donante/', donanteBody(overrides));
  expect(res.status).toBe(200);
  return res.body;
}

/** A staff member of the servicio with `rol`, signed in: their token. */
async function integrante(rol: string): Promise<string> {
  const username = `${rol.slice(4).toLowerCase()}_${Date.now()}`;
  await server.gql(
    `mutation ($input: IntegranteInput!) { createIntegrante(input: $input) { integrante { id } } }`,
    {
      input: {
        nombre: 'Ana',
        apellido: 'Integrante',
        username,
        password: 'clave-segura',
        password2: 'clave-segura',
        rol,
      },
    },
    admin.token,
  );
  const login = await server.gql<{ login: { token: string } }>(
    `mutation ($input: LoginInput!) { login(input: $input) { token } }`,
    { input: { username, password: 'clave-segura' } },
  );
  return login.data!.login.token;
}

async function numero(): Promise<number> {
  const res = await post<{ numero: number }>('/donacion/next-etiqueta-number', {
    servicioId: admin.usuario.servicio,
  });
  expect(res.status).toBe(200);
  return res.body.numero;
}

describe('donors', () => {
  it('POST /donante/ answers 200 with the record: _id = uid = id, cph as a JSON string', async () => {
    const body = donanteBody({ nombre: 'Ramón', dni: '20.111.222' });
    const res = await post('/donante/', body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      _id: expect.any(String),
      nombre: 'Ramón',
      dni: '20111222',
      fechaNacimiento: '1990-05-01',
      esVoluntario: 'Si',
      donacionAnterior: true,
      domActualPiso: '',
    });
    expect(res.body.uid).toBe(res.body._id);
    expect(JSON.parse(res.body.cph as string)).toMatchObject({
      establecimientoLaboral: 'Hospital',
      contacto1: { Nombre: 'Ana', Relacion: 'Hermana' },
      contacto2: { Nombre: '' },
    });
    const [row] = await server.dataSource.query(`SELECT nombre, cph FROM donante WHERE id = $1`, [
      res.body._id,
    ]);
    expect(row.cph.contacto1.Nombre).toBe('Ana');
  });

  it('refuses with 400 and the spec texts: required, fecha, age, email, cph JSON, duplicate dni', async () => {
    let res = await post('/donante/', donanteBody({ nombre: '', apellido: ' ', dni: '' }));
    expect(res.status).toBe(400);
    expect(msgs(res.body)).toEqual([MSG.requerido, MSG.requerido, MSG.requerido]);
    res = await post('/donante/', donanteBody({ fechaNacimiento: '' }));
    expect(msgs(res.body)).toEqual([MSG.fechaNacimientoRequerida]);
    res = await post('/donante/', donanteBody({ fechaNacimiento: '1990-02-30' }));
    expect(msgs(res.body)).toEqual([MSG.fechaInvalida]);
    res = await post('/donante/', donanteBody({ fechaNacimiento: iso(365 * 15) }));
    expect(msgs(res.body)).toEqual([MSG.edadDonante]);
    res = await post('/donante/', donanteBody({ email: 'no-es-email' }));
    expect(msgs(res.body)).toEqual([MSG.emailNoValido]);
    res = await post('/donante/', donanteBody({ cph: '{roto' }));
    expect(res.status).toBe(400);
    expect(msgs(res.body)).toEqual([MSG.datosInvalidos]);
    const first = await nuevoDonante({ apellido: 'Duplicado', nombre: 'Uno' });
    res = await post('/donante/', donanteBody({ dni: first.dni }));
    expect(res.status).toBe(400);
    expect(msgs(res.body)).toEqual([`Ya existe un donante con DNI ${first.dni}: Duplicado, Uno`]);
  });

  it('GET /donante/search answers { donantes } by nombre, apellido, dni prefix, with offset/limit', async () => {
    const d = await nuevoDonante({ nombre: 'Éster', apellido: 'Zúñiga' });
    let res = await get<{ donantes: Rec[] }>('/donante/search?apellido=zuni&nombre=ester');
    expect(res.status).toBe(200);
    expect(res.body.donantes.map((x) => x._id)).toEqual([d._id]);
    res = await get(`/donante/search?dni=${String(d.dni).slice(0, 6)}&nombre=&apellido=`);
    expect(res.body.donantes.map((x) => x._id)).toContain(d._id);
    res = await get('/donante/search?apellido=inexistente');
    expect(res.body).toMatchObject({ donantes: [], total: 0 });
    res = await get('/donante/search?limit=1&offset=1');
    expect(res.body.donantes).toHaveLength(1);
    expect(res.body).toMatchObject({ offset: 1, limit: 1 });
    const bad = await get('/donante/search?limit=500');
    expect(bad.status).toBe(400);
    expect(msgs(bad.body)).toEqual([MSG.valorNoPermitido]);
  });

  it('GET, PUT, DELETE /donante/:id; missing and malformed ids are 404', async () => {
    const d = await nuevoDonante();
    let res = await get(`/donante/${d._id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: d._id, uid: d._id, donacion: [] });
    res = await server.rest(
      'PUT',
      `/donante/${d._id}`,
      { ...donanteBody({ dni: d.dni }), telefono: '1199998888' },
      admin.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.telefono).toBe('1199998888');
    res = await server.rest('PUT', `/donante/${d._id}`, { ...donanteBody(), nombre: '' }, admin.token);
    expect(res.status).toBe(400);
    expect(msgs(res.body)).toEqual([MSG.requerido]);
    res = await server.rest('DELETE', `/donante/${d._id}`, undefined, admin.token);
    expect(res.status).toBe(200);
    const [row] = await server.dataSource.query(`SELECT deleted_at FROM donante WHERE id = $1`, [d._id]);
    expect(row.deleted_at).not.toBeNull();
    for (const id of [d._id, 'no-es-un-uuid', '00000000-0000-4000-8000-000000000000']) {
      res = await get(`/donante/${id}`);
      expect(res.status).toBe(404);
      expect(msgs(res.body)).toEqual([MSG.donanteNoEncontrado]);
    }
    expect((await server.rest('PUT', '/donante/xyz', donanteBody(), admin.token)).status).toBe(404);
    expect((await server.rest('DELETE', '/donante/xyz', undefined, admin.token)).status).toBe(404);
  });
});

describe('donations', () => {
  it('POST /donacion/next-etiqueta-number answers { numero }, always higher', async () => {
    const a = await numero();
    const b = await numero();
    expect(b).toBe(a + 1);
  });

  it('POST /donacion/ answers the donor with its donation list in the original shape', async () => {
    const d = await nuevoDonante({ nombre: 'Carla', apellido: 'Ruiz' });
    const n = await numero();
    const res = await post<Rec & { donacion: Rec[] }>(
      '/donacion/',
      donacionBody(admin.usuario.servicio, d._id as string, n, {
        sv: JSON.stringify({ ta: '120/80', fc: 72, peso: '70,5', temp: '___', hb: '13_', hto: '41' }),
        plasmaCovid: 'true',
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: d._id, uid: d._id, nombre: 'Carla', puedeDonar: false });
    expect(res.body.donacion).toHaveLength(1);
    const [don] = res.body.donacion;
    expect(don).toMatchObject({
      uid: d._id,
      numero: n,
      fecha: compacta(0),
      hora: '09:30',
      servicio: admin.usuario.servicio,
      nombre: 'Carla',
      apellido: 'Ruiz',
      plasmaCovid: true,
      tipoBolsa: 'Bolsa Doble',
      loteBolsa: 'L-2025-01',
      abo: '',
      rh: '',
      serologia: null,
      dni: d.dni,
    });
    expect(JSON.parse(don.sv as string)).toEqual({
      ta: '120/80',
      fc: '72',
      peso: '70.5',
      temp: '',
      hb: '13',
      hto: '41',
    });
    const [row] = await server.dataSource.query(
      `SELECT fecha::text, peso, temp, hb FROM donacion WHERE id = $1`,
      [don._id],
    );
    expect(row).toEqual({ fecha: iso(0), peso: '70.50', temp: null, hb: '13.00' });
  });

  it('refuses with 400: required fields, vital-sign bounds, bag type, bad sv JSON', async () => {
    const d = await nuevoDonante();
    const s = admin.usuario.servicio;
    let res = await post('/donacion/', donacionBody(s, d._id as string, '', { loteBolsa: '' }));
    expect(res.status).toBe(400);
    expect(msgs(res.body)).toEqual([MSG.requerido, MSG.requerido]);
    res = await post(
      '/donacion/',
      donacionBody(s, d._id as string, 9001, {
        sv: JSON.stringify({ ta: '80/50', fc: '120', peso: '45', hb: '10', hto: '30' }),
      }),
    );
    expect(msgs(res.body).sort()).toEqual(
      [MSG.fcAlta, MSG.htoBajo, MSG.tasBaja, MSG.tadBaja, MSG.pesoBajo, MSG.hemoglobinaBaja].sort(),
    );
    res = await post(
      '/donacion/',
      donacionBody(s, d._id as string, 9001, { sv: JSON.stringify({ ta: '200/110', fc: '50' }) }),
    );
    expect(msgs(res.body).sort()).toEqual([MSG.fcBaja, MSG.tasAlta, MSG.tadAlta].sort());
    res = await post('/donacion/', donacionBody(s, d._id as string, 9001, { tipoBolsa: 'Bolsa Cuádruple' }));
    expect(msgs(res.body)).toEqual([MSG.valorNoPermitido]);
    res = await post('/donacion/', donacionBody(s, d._id as string, 9001, { sv: 'no-es-json' }));
    expect(msgs(res.body)).toEqual([MSG.datosInvalidos]);
    res = await post('/donacion/', donacionBody(s, d._id as string, 9001, { fecha: '20251340' }));
    expect(msgs(res.body)).toEqual([MSG.fechaInvalida]);
    const count = await server.dataSource.query(
      `SELECT count(*)::int AS n FROM donacion WHERE donante_id = $1`,
      [d._id],
    );
    expect(count[0].n).toBe(0);
  });

  it('refuses a duplicate (same date and number) and a donation within 8 weeks, allows after 8 weeks', async () => {
    const d = await nuevoDonante();
    const s = admin.usuario.servicio;
    const n = await numero();
    expect(
      (await post('/donacion/', donacionBody(s, d._id as string, n, { fecha: compacta(56) }))).status,
    ).toBe(200);
    let res = await post('/donacion/', donacionBody(s, d._id as string, n, { fecha: compacta(56) }));
    expect(res.status).toBe(400);
    expect(msgs(res.body)).toEqual([MSG.donacionYaRegistrada]);
    res = await post('/donacion/', donacionBody(s, d._id as string, await numero(), { fecha: compacta(1) }));
    expect(res.status).toBe(400);
    const [y, m, dd] = iso(56).split('-');
    expect(msgs(res.body)).toEqual([`Este donante dono hace menos de 8 semanas (${dd}/${m}/${y}).`]);
    const ok = await post<{ donacion: Rec[] }>(
      '/donacion/',
      donacionBody(s, d._id as string, await numero(), { fecha: compacta(0) }),
    );
    expect(ok.status).toBe(200);
    expect(ok.body.donacion.map((x) => x.fecha)).toEqual([compacta(56), compacta(0)]);
  });

  it('GET /donacion/search answers { donaciones } by numero and fecha; GET /donacion/:id an array', async () => {
    const d = await nuevoDonante({ nombre: 'Buscada', apellido: 'Donación' });
    const n = await numero();
    const created = await post<{ donacion: Rec[] }>(
      '/donacion/',
      donacionBody(admin.usuario.servicio, d._id as string, n),
    );
    const id = created.body.donacion[0]._id;
    let res = await get<{ donaciones: Rec[] }>(`/donacion/search?numero=${n}&fecha=${compacta(0)}`);
    expect(res.status).toBe(200);
    expect(res.body.donaciones).toHaveLength(1);
    expect(res.body.donaciones[0]).toMatchObject({
      _id: id,
      nombre: 'Buscada',
      apellido: 'Donación',
      numero: n,
    });
    res = await get(`/donacion/search?fecha=${compacta(0)}&limit=2`);
    expect(res.body.donaciones.length).toBeLessThanOrEqual(2);
    res = await get('/donacion/search?numero=999999');
    expect(res.body).toMatchObject({ donaciones: [], total: 0 });
    res = await get('/donacion/search?fecha=20251399');
    expect(res.status).toBe(400);
    expect(msgs(res.body)).toEqual([MSG.fechaInvalida]);
    res = await get('/donacion/search?numero=abc');
    expect(res.status).toBe(400);
    expect(msgs(res.body)).toEqual([MSG.codigoEtiquetaInvalido]);
    res = await get(`/donacion/search?numero=${codigoEtiqueta(n)}`);
    expect(res.body.donaciones.map((x) => x._id)).toEqual([id]);

    const one = await get<Rec[]>(`/donacion/${id}`);
    expect(one.status).toBe(200);
    expect(Array.isArray(one.body)).toBe(true);
    expect(one.body[0]).toMatchObject({ _id: id, uid: d._id, fecha: compacta(0), hora: '09:30' });
    expect((await get('/donacion/no-es-uuid')).status).toBe(404);
    expect((await get('/donacion/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('PUT /donacion/:id/donante/:donorId maps abo, rh, serologia and exclusion; answers { donacion, message }', async () => {
    const d = await nuevoDonante();
    const created = await post<{ donacion: Rec[] }>(
      '/donacion/',
      donacionBody(admin.usuario.servicio, d._id as string, await numero()),
    );
    const id = created.body.donacion[0]._id;
    // Reactive markers with a temporary exclusion: a doctor's decision.
    const username = `medico_${Date.now()}`;
    await server.gql(
      `mutation ($input: IntegranteInput!) { createIntegrante(input: $input) { integrante { id } } }`,
      {
        input: {
          nombre: 'Ana',
          apellido: 'Medica',
          username,
          password: 'clave-segura',
          password2: 'clave-segura',
          rol: 'ROL_MEDICO',
        },
      },
      admin.token,
    );
    const login = await server.gql<{ login: { token: string } }>(
      `mutation ($input: LoginInput!) { login(input: $input) { token } }`,
      { input: { username, password: 'clave-segura' } },
    );
    const medico = login.data!.login.token;
    const put = (donor: unknown, b: Rec) =>
      server.rest<Rec>('PUT', `/donacion/${id}/donante/${donor}`, b, medico);
    let res = await put(d._id, {
      abo: 'ab',
      rh: 'Negativo',
      serologia: JSON.stringify({ hiv: false, hepB: 'true', chagas: true }),
      exclusionDefinitiva: 'temporal',
      exclusionTiempo: '90',
      exclusionCodigo: 'T-12',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.donacionActualizada);
    expect(res.body.donacion).toMatchObject({
      _id: id,
      abo: 'AB',
      rh: 'NEGATIVO',
      grupoYFactor: 'AB-',
      exclusionDefinitiva: 'Temporal',
      exclusionTiempo: 90,
      exclusionCodigo: 'T-12',
    });
    expect(JSON.parse((res.body.donacion as Rec).serologia as string)).toEqual({
      hiv: false,
      hepB: true,
      hepC: false,
      vdrl: false,
      brucelosis: false,
      chagas: true,
      htlv: false,
    });
    const [row] = await server.dataSource.query(`SELECT abo, rh, serologia FROM donacion WHERE id = $1`, [
      id,
    ]);
    expect(row).toMatchObject({ abo: 'AB', rh: 'NEGATIVO', serologia: { hepB: true, chagas: true } });
    res = await put(d._id, { rh: '+' });
    expect((res.body.donacion as Rec).rh).toBe('POSITIVO');
    expect((res.body.donacion as Rec).abo).toBe('AB');

    res = await put(d._id, { serologia: '{hiv:' });
    expect(res.status).toBe(400);
    expect(msgs(res.body)).toEqual([MSG.errorLeerSerologia]);
    res = await put(d._id, { abo: 'C', rh: 'quizás', exclusionTiempo: 45 });
    expect(msgs(res.body)).toEqual([MSG.valorNoPermitido, MSG.valorNoPermitido, MSG.valorNoPermitido]);
    const other = await nuevoDonante();
    res = await put(other._id, { abo: 'O' });
    expect(res.status).toBe(404);
    expect((await server.dataSource.query(`SELECT abo FROM donacion WHERE id = $1`, [id]))[0].abo).toBe('AB');
  });

  it('PUT /donacion/:id/donante/:donorId takes confirmarGrupo and motivoGrupo for a group that differs, as GraphQL', async () => {
    const d = await nuevoDonante();
    const donor = d._id as string;
    // A donation 10 weeks ago typed O Positivo, and today's.
    const anterior = await post<{ donacion: Rec[] }>(
      '/donacion/',
      donacionBody(admin.usuario.servicio, donor, await numero(), { fecha: compacta(70) }),
    );
    expect(anterior.status).toBe(200);
    const primera = anterior.body.donacion[0]._id;
    const put = (id: unknown, b: Rec, token = admin.token) =>
      server.rest<Rec>('PUT', `/donacion/${id}/donante/${donor}`, b, token);
    expect((await put(primera, { abo: 'O', rh: 'POSITIVO' })).status).toBe(200);
    const hoy = await post<{ donacion: Rec[] }>(
      '/donacion/',
      donacionBody(admin.usuario.servicio, donor, await numero()),
    );
    expect(hoy.status).toBe(200);
    const segunda = hoy.body.donacion.find((x) => x._id !== primera)!._id;
    const grupo = async () =>
      (
        await server.dataSource.query(
          `SELECT abo, rh, grupo_discordante, grupo_motivo FROM donacion WHERE id = $1`,
          [segunda],
        )
      )[0];
    const sinCambios = { abo: '', rh: '', grupo_discordante: false, grupo_motivo: null };

    // A different group is refused unless confirmed.
    let res = await put(segunda, { abo: 'A', rh: 'POSITIVO' });
    expect(res.status).toBe(400);
    expect((res.body as Errores).errors).toEqual([
      expect.objectContaining({ param: 'abo', msg: expect.stringContaining('O+') }),
    ]);
    // The servicio's administrator may not confirm it: a doctor or a technician.
    res = await put(segunda, { abo: 'A', rh: 'POSITIVO', confirmarGrupo: true, motivoGrupo: 'Retipificado' });
    expect(res.status).toBe(403);
    expect(msgs(res.body)).toEqual([MSG.soloMedicoTecnicoGrupo]);
    const tecnico = await integrante('ROL_TECNICO');
    // Bad input: a flag that is not one, a confirmation without its reason.
    res = await put(segunda, { abo: 'A', rh: 'POSITIVO', confirmarGrupo: 'quizás' }, tecnico);
    expect(res.status).toBe(400);
    expect((res.body as Errores).errors).toEqual([
      expect.objectContaining({ param: 'confirmarGrupo', msg: MSG.valorNoPermitido }),
    ]);
    res = await put(segunda, { abo: 'A', rh: 'POSITIVO', confirmarGrupo: true, motivoGrupo: ' ' }, tecnico);
    expect(res.status).toBe(400);
    expect((res.body as Errores).errors).toEqual([
      expect.objectContaining({ param: 'motivoGrupo', msg: MSG.requerido }),
    ]);
    res = await put(segunda, { abo: 'A', rh: 'POSITIVO', motivoGrupo: ['x'] }, tecnico);
    expect(res.status).toBe(400);
    expect(await grupo()).toEqual(sinCambios);

    res = await put(
      segunda,
      { abo: 'A', rh: 'POSITIVO', confirmarGrupo: 'true', motivoGrupo: 'Tipificado dos veces' },
      tecnico,
    );
    expect(res.status).toBe(200);
    expect(res.body.donacion).toMatchObject({ _id: segunda, abo: 'A', rh: 'POSITIVO' });
    expect(await grupo()).toEqual({
      abo: 'A',
      rh: 'POSITIVO',
      grupo_discordante: true,
      grupo_motivo: 'Tipificado dos veces',
    });
  });

  it('DELETE /donacion/:_id/donante/:uid soft-deletes and frees the donor', async () => {
    const d = await nuevoDonante();
    const created = await post<{ donacion: Rec[] }>(
      '/donacion/',
      donacionBody(admin.usuario.servicio, d._id as string, await numero()),
    );
    const id = created.body.donacion[0]._id;
    const other = await nuevoDonante();
    expect(
      (await server.rest('DELETE', `/donacion/${id}/donante/${other._id}`, undefined, admin.token)).status,
    ).toBe(404);
    const res = await server.rest('DELETE', `/donacion/${id}/donante/${d._id}`, undefined, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, msg: MSG.donacionEliminada });
    const [row] = await server.dataSource.query(`SELECT deleted_at FROM donacion WHERE id = $1`, [id]);
    expect(row.deleted_at).not.toBeNull();
    expect((await get(`/donacion/${id}`)).status).toBe(404);
    expect((await get<Rec>(`/donante/${d._id}`)).body).toMatchObject({ donacion: [], puedeDonar: true });
    expect(
      (await server.rest('DELETE', `/donacion/${id}/donante/${d._id}`, undefined, admin.token)).status,
    ).toBe(404);
  });
});
