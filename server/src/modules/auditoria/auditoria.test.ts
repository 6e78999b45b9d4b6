import { registerServicio, Session, startTestServer, TestServer } from '../../test-utils/harness';

const LOGIN = `mutation ($input: LoginInput!) { login(input: $input) { token } }`;
const AUDITORIA = `query ($f: AuditoriaFilter, $p: PageInput) {
  auditoria(filter: $f, page: $p) {
    total
    items { accion entidad entidadId usuarioId usuarioNombre autor personas { id nombre } cambios }
  }
}`;

type Entry = {
  accion: string;
  entidad: string;
  entidadId: string;
  usuarioId: string | null;
  usuarioNombre: string | null;
  autor: string | null;
  personas: { id: string; nombre: string }[];
  cambios: Record<string, unknown>;
};

let server: TestServer;
let admin: Session;
let tecnico: { id: string; token: string };

async function nuevoTecnico(s: Session, nombre: string, apellido: string) {
  const username = `tec_${Math.random().toString(36).slice(2, 8)}`;
  const res = await server.gql<{ createIntegrante: { integrante: { id: string } } }>(
    `mutation ($input: IntegranteInput!) { createIntegrante(input: $input) { integrante { id } } }`,
    {
      input: {
        nombre,
        apellido,
        username,
        password: 'clave-segura-1',
        password2: 'clave-segura-1',
        rol: 'ROL_TECNICO',
      },
    },
    s.token,
  );
  const id = res.data!.createIntegrante.integrante.id;
  const login = await server.gql<{ login: { token: string } }>(LOGIN, {
    input: { username, password: 'clave-segura-1' },
  });
  return { id, token: login.data!.login.token };
}

async function donacionDe(token: string, dni: string) {
  const donante = await server.gql<{ createDonante: { id: string } }>(
    `mutation ($input: DonanteInput!) { createDonante(input: $input) { id } }`,
    { input: { nombre: 'Juan', apellido: 'Pérez', dni, fechaNacimiento: '1990-05-01' } },
    token,
  );
  const donanteId = donante.data!.createDonante.id;
  const numero = await server.gql<{ nextEtiquetaNumero: number }>(
    `mutation { nextEtiquetaNumero }`,
    {},
    token,
  );
  const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(
    new Date(),
  );
  const res = await server.gql<{ createDonacion: { id: string } }>(
    `mutation ($input: CreateDonacionInput!) { createDonacion(input: $input) { id } }`,
    {
      input: {
        donanteId,
        numero: numero.data!.nextEtiquetaNumero,
        fecha: hoy,
        hora: '09:30',
        loteBolsa: 'L-1',
        tipoBolsa: 'Bolsa Doble',
        sv: { tas: 120, tad: 80, fc: 72, peso: 70, temp: 36.5, hb: 14, hto: 42 },
      },
    },
    token,
  );
  expect(res.errors).toBeUndefined();
  return res.data!.createDonacion.id;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await registerServicio(server, { nombre: 'Hemoterapia Hospital Italiano' });
  tecnico = await nuevoTecnico(admin, 'Marta', 'Gómez');
});
afterAll(() => server.close());

describe('auditoría: quién, por su nombre', () => {
  it("names the author and the donation's 'Registrado por' by nombre and apellido", async () => {
    const donacionId = await donacionDe(tecnico.token, '30111222');
    const res = await server.gql<{ auditoria: { items: Entry[] } }>(
      AUDITORIA,
      { f: { entidad: 'donacion', entidadId: donacionId } },
      admin.token,
    );
    expect(res.errors).toBeUndefined();
    const [alta] = res.data!.auditoria.items;
    expect(alta.accion).toBe('crear');
    expect(alta.usuarioId).toBe(tecnico.id);
    expect(alta.autor).toBe('Marta Gómez');
    expect(alta.cambios.registradoPor).toEqual([null, tecnico.id]);
    expect(alta.personas).toEqual([{ id: tecnico.id, nombre: 'Marta Gómez' }]);
  });

  it("the service account reads as the service's name", async () => {
    const res = await server.gql<{ auditoria: { items: Entry[] } }>(
      AUDITORIA,
      { f: { entidad: 'usuario', entidadId: tecnico.id } },
      admin.token,
    );
    expect(res.data!.auditoria.items[0].autor).toBe('Hemoterapia Hospital Italiano');
  });

  it('loads the names of a whole page in one query (no query per entry)', async () => {
    const otro = await nuevoTecnico(admin, 'Luis', 'Ríos');
    await donacionDe(otro.token, '30111333');
    await donacionDe(tecnico.token, '30111444');
    const spy = jest.spyOn(server.dataSource, 'query');
    try {
      const res = await server.gql<{ auditoria: { total: number; items: Entry[] } }>(
        AUDITORIA,
        { p: { limit: 50 } },
        admin.token,
      );
      expect(res.errors).toBeUndefined();
      const autores = new Set(res.data!.auditoria.items.map((e) => e.autor));
      expect(autores).toEqual(new Set(['Hemoterapia Hospital Italiano', 'Marta Gómez', 'Luis Ríos']));
      expect(res.data!.auditoria.items.length).toBeGreaterThan(6);
      const deUsuarios = spy.mock.calls.filter(([sql]) => /FROM usuario u\s/.test(String(sql)));
      expect(deUsuarios).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
  });

  it("never names another servicio's user, even when an entry carries its id", async () => {
    const otroServicio = await registerServicio(server, { nombre: 'Otro Servicio' });
    const ajeno = await nuevoTecnico(otroServicio, 'Ajeno', 'Secreto');
    const donacionId = await donacionDe(tecnico.token, '30111555');
    // An entry of this servicio that names the other servicio's user (no path of the app writes
    // one; the loader must still answer only inside the caller's servicio).
    await server.dataSource.query(
      `INSERT INTO auditoria (servicio_id, usuario_id, accion, entidad, entidad_id, cambios)
       VALUES ($1, $2, 'editar', 'donacion', $3, $4::jsonb)`,
      [admin.servicio, ajeno.id, donacionId, JSON.stringify({ registradoPor: [tecnico.id, ajeno.id] })],
    );
    const res = await server.gql<{ auditoria: { items: Entry[] } }>(
      AUDITORIA,
      { f: { entidad: 'donacion', entidadId: donacionId } },
      admin.token,
    );
    const [edicion] = res.data!.auditoria.items;
    expect(edicion.accion).toBe('editar');
    expect(edicion.autor).toBeNull();
    expect(edicion.usuarioNombre).toBeNull();
    expect(edicion.personas).toEqual([{ id: tecnico.id, nombre: 'Marta Gómez' }]);
    expect(JSON.stringify(res.data)).not.toContain('Secreto');
  });
});
