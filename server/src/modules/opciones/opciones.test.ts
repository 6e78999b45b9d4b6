import { MSG } from '../../domain/messages';
import { Rol } from '../usuario/rol.enum';
import { registerServicio, Session, startTestServer, TestServer } from '../../test-utils/harness';

const SERVICIO = `{ servicio { id nombre direccion email telefono } }`;
const UPDATE = `mutation ($input: OpcionesInput!) {
  updateOpciones(input: $input) { message servicio { id nombre direccion email telefono } }
}`;
const CREATE = `mutation ($input: IntegranteInput!) { createIntegrante(input: $input) { integrante { id } } }`;
const LOGIN = `mutation ($input: LoginInput!) { login(input: $input) { token } }`;

let server: TestServer;
let admin: Session;

beforeAll(async () => {
  server = await startTestServer();
  admin = await registerServicio(server, {
    nombre: 'Hemoterapia Hospital Italiano',
    email: 'hemo@italiano.test',
  });
});
afterAll(() => server.close());

const rowOf = async (id: string) =>
  (await server.dataSource.query(`SELECT * FROM servicio WHERE id = $1`, [id]))[0];

async function staffToken(session: Session, rol = 'ROL_MEDICO'): Promise<string> {
  const username = `staff_${rol}_${Date.now()}_${Math.random().toString(36).slice(2, 6)}`;
  const created = await server.gql(
    CREATE,
    { input: { nombre: 'N', apellido: 'A', username, password: 'clave123', password2: 'clave123', rol } },
    session.token,
  );
  expect(created.errors).toBeUndefined();
  const res = await server.gql<{ login: { token: string } }>(LOGIN, {
    input: { username, password: 'clave123' },
  });
  return res.data!.login.token;
}

describe('servicio query', () => {
  it('gives the caller its own servicio, for every role', async () => {
    const res = await server.gql(SERVICIO, {}, admin.token);
    expect(res.data?.servicio).toEqual({
      id: admin.servicio,
      nombre: 'Hemoterapia Hospital Italiano',
      direccion: null,
      email: 'hemo@italiano.test',
      telefono: null,
    });
    const staff = await server.gql(SERVICIO, {}, await staffToken(admin, 'ROL_ADMINISTRATIVO'));
    expect(staff.data?.servicio).toMatchObject({ id: admin.servicio });
    const other = await registerServicio(server);
    expect((await server.gql(SERVICIO, {}, other.token)).data?.servicio).toMatchObject({
      id: other.servicio,
    });
    expect((await server.gql(SERVICIO)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('updateOpciones', () => {
  it('saves the options with the spec message and an audit diff', async () => {
    const input = {
      nombre: 'Servicio de Hemoterapia - Hospital Italiano',
      direccion: 'Tte. Gral. Juan Domingo Perón 4190, CABA',
      email: 'hemoterapia@italiano.test',
      telefono: '011 4959-0200',
    };
    const res = await server.gql(UPDATE, { input }, admin.token);
    expect(res.errors).toBeUndefined();
    expect(res.data?.updateOpciones).toEqual({
      message: 'Opciones guardadas con exito',
      servicio: { id: admin.servicio, ...input },
    });
    expect(await rowOf(admin.servicio)).toMatchObject(input);
    const audits = await server.dataSource.query(
      `SELECT accion, usuario_id, cambios FROM auditoria WHERE entidad = 'servicio' AND entidad_id = $1 ORDER BY id`,
      [admin.servicio],
    );
    expect(audits.at(-1)).toEqual({
      accion: 'editar',
      usuario_id: admin.uid,
      cambios: {
        nombre: ['Hemoterapia Hospital Italiano', input.nombre],
        direccion: [null, input.direccion],
        email: ['hemo@italiano.test', input.email],
        telefono: [null, input.telefono],
      },
    });
    const cleared = await server.gql(
      UPDATE,
      { input: { nombre: input.nombre, direccion: ' ' } },
      admin.token,
    );
    expect(cleared.data?.updateOpciones).toMatchObject({ servicio: { direccion: null, email: null } });
  });

  it('validates: nombre required, email valid if given', async () => {
    const before = await rowOf(admin.servicio);
    const res = await server.gql(UPDATE, { input: { nombre: ' ', email: 'no-es-email' } }, admin.token);
    expect(res.errors?.[0].extensions?.errors).toEqual([
      { field: 'nombre', msg: MSG.requerido },
      { field: 'email', msg: 'No es un email válido' },
    ]);
    expect(await rowOf(admin.servicio)).toEqual(before);
  });

  it('staff cannot change them (FORBIDDEN, nothing changed)', async () => {
    const before = await rowOf(admin.servicio);
    for (const rol of ['ROL_MEDICO', 'ROL_TECNICO', 'ROL_ADMINISTRATIVO']) {
      const res = await server.gql(UPDATE, { input: { nombre: 'Tomado' } }, await staffToken(admin, rol));
      expect(res.data).toBeNull();
      expect(res.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    }
    expect(await rowOf(admin.servicio)).toEqual(before);
  });

  it("changes only the caller's servicio", async () => {
    const other = await registerServicio(server, { nombre: 'Otro' });
    await server.gql(UPDATE, { input: { nombre: 'Cambiado' } }, admin.token);
    expect((await rowOf(other.servicio)).nombre).toBe('Otro');
  });
});

describe('updatePanelResultados', () => {
  const PANEL = `mutation ($m: [MarcadorAdicional!]!) {
    updatePanelResultados(marcadores: $m) { id marcadoresAdicionales }
  }`;
  const entradas = async (id: string) =>
    (
      await server.dataSource.query(
        `SELECT cambios FROM auditoria WHERE entidad = 'servicio' AND entidad_id = $1
           AND cambios ? 'panelResultados' ORDER BY id`,
        [id],
      )
    ).map((r: { cambios: Record<string, unknown> }) => r.cambios.panelResultados);

  it('the administrator sets the NAT tests of the panel, in panel order, audited in words', async () => {
    const s = await registerServicio(server);
    expect((await server.gql(`{ servicio { marcadoresAdicionales } }`, {}, s.token)).data).toEqual({
      servicio: { marcadoresAdicionales: [] },
    });
    const res = await server.gql(PANEL, { m: ['NAT_HBV', 'NAT_HIV', 'NAT_HIV'] }, s.token);
    expect(res.data?.updatePanelResultados).toEqual({
      id: s.servicio,
      marcadoresAdicionales: ['NAT_HIV', 'NAT_HBV'],
    });
    expect((await rowOf(s.servicio)).marcadores_adicionales).toEqual(['NAT_HIV', 'NAT_HBV']);
    // The same panel again writes nothing; none leaves the national screening alone.
    await server.gql(PANEL, { m: ['NAT_HIV', 'NAT_HBV'] }, s.token);
    await server.gql(PANEL, { m: [] }, s.token);
    expect((await rowOf(s.servicio)).marcadores_adicionales).toEqual([]);
    expect(await entradas(s.servicio)).toEqual([
      ['Ninguna', 'NAT HIV, NAT HBV'],
      ['NAT HIV, NAT HBV', 'Ninguna'],
    ]);
    // Every role reads it.
    await server.gql(PANEL, { m: ['NAT_HCV'] }, s.token);
    const staff = await server.gql(`{ servicio { marcadoresAdicionales } }`, {}, await staffToken(s));
    expect(staff.data).toEqual({ servicio: { marcadoresAdicionales: ['NAT_HCV'] } });
  });

  it('staff are refused and a marker outside the allowed set is a Spanish error; nothing changes', async () => {
    const s = await registerServicio(server);
    const medico = await server.gql(PANEL, { m: ['NAT_HIV'] }, await staffToken(s));
    expect(medico.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    for (const m of [['HIV'], ['NAT_HIV', 'OTRA']]) {
      const res = await server.gql(PANEL, { m }, s.token);
      expect(res.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
      expect(res.errors?.[0].message).toBeTruthy();
    }
    // The allowed set named in the message, as a client that sends text reads it.
    const svc = await server.services.opciones
      .updatePanelResultados({ uid: s.uid, servicio: s.servicio, rol: Rol.ROL_SERVICIO }, ['HIV'])
      .catch((e: { errors: unknown }) => e.errors);
    expect(svc).toEqual([
      { field: 'marcadores', msg: MSG.marcadorAdicionalNoPermitido('NAT HIV, NAT HCV, NAT HBV') },
    ]);
    expect((await rowOf(s.servicio)).marcadores_adicionales).toEqual([]);
    expect(await entradas(s.servicio)).toEqual([]);
  });
});
