import { addDays, todayIso } from '../../domain/dates';
import { codigoEtiqueta, codigoEtiquetaImpreso } from '../../domain/etiquetas';
import { MSG } from '../../domain/messages';
import { registerServicio, Session, startTestServer, TestServer } from '../../test-utils/harness';

const AUDITORIA = `query ($f: AuditoriaFilter, $p: PageInput) {
  auditoria(filter: $f, page: $p) { total offset limit items { id accion entidad entidadId usuarioId at } }
}`;
const LOGIN = `mutation ($input: LoginInput!) { login(input: $input) { token } }`;

type Entry = {
  id: string;
  accion: string;
  entidad: string;
  entidadId: string;
  usuarioId: string | null;
  at: string;
};
type Page = { total: number; offset: number; limit: number; items: Entry[] };

const HOY = todayIso();

let server: TestServer;
let admin: Session;
let marta: { id: string; token: string };
let medico: { id: string; token: string };
let dniSeq = 30_500_000;
/** Ana Benítez: a donation (later deleted), a label issued for her, a 'No apto' visit. */
const ana = { id: '', dni: '', donacion: { id: '', numero: 0 }, etiqueta: 0, visita: '' };
/** Zoe Benítez, deleted; Juan Pérez with a donation of his own. */
const zoe = { id: '', dni: '' };
const juan = { id: '', donacion: { id: '', numero: 0 } };

async function gql<T>(query: string, variables: Record<string, unknown>, token: string): Promise<T> {
  const res = await server.gql<T>(query, variables, token);
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!;
}

async function integrante(nombre: string, apellido: string, rol: string) {
  const username = `u_${Math.random().toString(36).slice(2, 9)}`;
  const { createIntegrante } = await gql<{ createIntegrante: { integrante: { id: string } } }>(
    `mutation ($input: IntegranteInput!) { createIntegrante(input: $input) { integrante { id } } }`,
    { input: { nombre, apellido, username, password: 'clave123', password2: 'clave123', rol } },
    admin.token,
  );
  const { login } = await gql<{ login: { token: string } }>(
    LOGIN,
    { input: { username, password: 'clave123' } },
    '',
  );
  return { id: createIntegrante.integrante.id, token: login.token };
}

async function donante(token: string, nombre: string, apellido: string) {
  dniSeq += 1;
  const dni = String(dniSeq);
  const { createDonante } = await gql<{ createDonante: { id: string } }>(
    `mutation ($input: DonanteInput!) { createDonante(input: $input) { id } }`,
    { input: { nombre, apellido, dni, fechaNacimiento: '1988-04-02' } },
    token,
  );
  return { id: createDonante.id, dni };
}

async function donacion(token: string, donanteId: string, fecha = HOY) {
  const { nextEtiquetaNumero: numero } = await gql<{ nextEtiquetaNumero: number }>(
    `mutation { nextEtiquetaNumero }`,
    {},
    token,
  );
  const { createDonacion } = await gql<{ createDonacion: { id: string; numero: number } }>(
    `mutation ($input: CreateDonacionInput!) { createDonacion(input: $input) { id numero } }`,
    {
      input: { donanteId, numero, fecha, hora: '09:00', loteBolsa: 'L-1', tipoBolsa: 'Bolsa Doble' },
    },
    token,
  );
  return createDonacion;
}

async function buscar(f: Record<string, unknown>, p?: { offset: number; limit: number }): Promise<Page> {
  return (await gql<{ auditoria: Page }>(AUDITORIA, { f, p: p ?? { offset: 0, limit: 100 } }, admin.token))
    .auditoria;
}

async function rechazo(f: Record<string, unknown>) {
  const res = await server.gql(AUDITORIA, { f }, admin.token);
  return res.errors?.[0].extensions?.errors;
}

/** An entry as 'entidad accion', for comparing sets. */
const clave = (e: Entry) => `${e.entidad} ${e.accion} ${e.entidadId}`;

beforeAll(async () => {
  server = await startTestServer();
  admin = await registerServicio(server, { nombre: 'Hemoterapia Hospital Alemán' });
  marta = await integrante('Marta', 'Gómez', 'ROL_TECNICO');
  medico = await integrante('Pablo', 'Ruiz', 'ROL_MEDICO');

  Object.assign(ana, await donante(marta.token, 'Ana', 'Benítez'));
  ana.donacion = await donacion(marta.token, ana.id, addDays(HOY, -90));
  await gql(`mutation ($id: ID!) { deleteDonacion(id: $id) { id } }`, { id: ana.donacion.id }, admin.token);
  ana.etiqueta = (
    await gql<{ nextEtiquetaNumero: number }>(
      `mutation ($d: ID) { nextEtiquetaNumero(donanteId: $d) }`,
      { d: ana.id },
      marta.token,
    )
  ).nextEtiquetaNumero;
  ana.visita = (
    await gql<{ registrarNoApto: { id: string } }>(
      `mutation ($input: NoAptoInput!) { registrarNoApto(input: $input) { id } }`,
      {
        input: {
          donanteId: ana.id,
          fecha: HOY,
          hora: '08:00',
          motivo: 'Hemoglobina baja',
          diferimientoDias: 15,
        },
      },
      medico.token,
    )
  ).registrarNoApto.id;

  Object.assign(zoe, await donante(admin.token, 'Zoe', 'Benítez'));
  await gql(`mutation ($id: ID!) { deleteDonante(id: $id) }`, { id: zoe.id }, admin.token);

  juan.id = (await donante(marta.token, 'Juan', 'Pérez')).id;
  juan.donacion = await donacion(marta.token, juan.id);
});
afterAll(() => server.close());

describe('Auditoría: search by donor, donation number, user, action and dates', () => {
  it("a donor's DNI, typed any way, finds everything about the person, and nothing else", async () => {
    const esperado = [
      `donante crear ${ana.id}`,
      `donacion crear ${ana.donacion.id}`,
      `donacion eliminar ${ana.donacion.id}`,
      `etiqueta crear ${ana.etiqueta}`,
      `visita_no_apto crear ${ana.visita}`,
    ].sort();
    for (const dni of [ana.dni, `DNI ${Number(ana.dni).toLocaleString('de-DE')}`, `0${ana.dni}`]) {
      const page = await buscar({ donante: dni });
      expect({ dni, claves: page.items.map(clave).sort() }).toEqual({ dni, claves: esperado });
      expect(page.total).toBe(esperado.length);
    }
    // Newest first.
    const page = await buscar({ donante: ana.dni });
    const ats = page.items.map((e) => Date.parse(e.at));
    expect([...ats].sort((a, b) => b - a)).toEqual(ats);
  });

  it('a surname finds its donors, deleted ones too, without accents or case; with the name, only that one', async () => {
    const todos = await buscar({ donante: 'benitez' });
    const ids = new Set(todos.items.map((e) => e.entidadId));
    expect(ids.has(ana.id)).toBe(true);
    expect(ids.has(zoe.id)).toBe(true);
    expect(ids.has(juan.id)).toBe(false);
    const soloZoe = await buscar({ donante: 'BENÍTEZ, zo' });
    expect(soloZoe.items.map((e) => `${e.entidad} ${e.accion}`).sort()).toEqual([
      'donante crear',
      'donante eliminar',
    ]);
    expect(new Set(soloZoe.items.map((e) => e.entidadId))).toEqual(new Set([zoe.id]));
    expect((await buscar({ donante: 'Nadie Así' })).total).toBe(0);
  });

  it("a donation's number or its code finds the donation's entries and its label's issue", async () => {
    const esperado = [`donacion crear ${juan.donacion.id}`, `etiqueta crear ${juan.donacion.numero}`].sort();
    const codigo = codigoEtiqueta(juan.donacion.numero);
    for (const numero of [String(juan.donacion.numero), codigoEtiquetaImpreso(codigo)]) {
      const page = await buscar({ numero });
      expect({ numero, claves: page.items.map(clave).sort() }).toEqual({ numero, claves: esperado });
    }
    // A deleted donation's number still finds it.
    const borrada = await buscar({ numero: String(ana.donacion.numero) });
    expect(borrada.items.map((e) => `${e.entidad} ${e.accion}`)).toEqual(
      expect.arrayContaining(['donacion eliminar', 'donacion crear']),
    );
    const malo = `${juan.donacion.numero}-${codigo.endsWith('A') ? 'B' : 'A'}`;
    expect(await rechazo({ numero: malo })).toEqual([{ field: 'numero', msg: MSG.codigoEtiquetaInvalido }]);
  });

  it('by who made the change and by action, each alone and together with the others', async () => {
    const deMarta = await buscar({ usuarioId: marta.id });
    expect(deMarta.total).toBeGreaterThanOrEqual(6);
    expect(deMarta.items.every((e) => e.usuarioId === marta.id)).toBe(true);
    const eliminaciones = await buscar({ accion: 'eliminar' });
    expect(eliminaciones.items.map((e) => `${e.entidad} ${e.entidadId}`).sort()).toEqual(
      [`donacion ${ana.donacion.id}`, `donante ${zoe.id}`].sort(),
    );
    // Together: what the administrator deleted of Ana's, today.
    const juntos = await buscar({
      donante: ana.dni,
      accion: 'eliminar',
      usuarioId: admin.uid,
      desde: HOY,
      hasta: HOY,
    });
    expect(juntos.items.map(clave)).toEqual([`donacion eliminar ${ana.donacion.id}`]);
    expect((await buscar({ donante: ana.dni, usuarioId: medico.id })).items.map(clave)).toEqual([
      `visita_no_apto crear ${ana.visita}`,
    ]);
    expect((await buscar({ donante: ana.dni, desde: addDays(HOY, 1) })).total).toBe(0);
    expect((await buscar({ donante: ana.dni, numero: String(juan.donacion.numero) })).total).toBe(0);
  });

  it('is paginated', async () => {
    const todo = await buscar({ usuarioId: marta.id });
    const segunda = await buscar({ usuarioId: marta.id }, { offset: 2, limit: 3 });
    expect(segunda).toMatchObject({ total: todo.total, offset: 2, limit: 3 });
    expect(segunda.items.map((e) => e.id)).toEqual(todo.items.slice(2, 5).map((e) => e.id));
  });

  it('refuses what cannot name anything, in Spanish', async () => {
    expect(await rechazo({ donante: 'a' })).toEqual([{ field: 'donante', msg: MSG.auditoriaDonanteCorto }]);
    expect(await rechazo({ donante: '12' })).toEqual([{ field: 'donante', msg: MSG.dniInvalido }]);
    expect(await rechazo({ accion: 'borrar' })).toEqual([{ field: 'accion', msg: MSG.valorNoPermitido }]);
    expect(await rechazo({ usuarioId: 'marta' })).toEqual([
      { field: 'usuarioId', msg: MSG.valorNoPermitido },
    ]);
  });

  it('asks for more of the surname when too many donors match', async () => {
    // Names of letters only ('Aa', 'Ab'...): a digit would make the text a DNI.
    const letras = (i: number) => String.fromCharCode(65 + Math.floor(i / 26), 97 + (i % 26));
    for (let i = 0; i < 101; i++) await donante(admin.token, letras(i), 'Gonzalvez');
    expect(await rechazo({ donante: 'gonzal' })).toEqual([
      { field: 'donante', msg: MSG.auditoriaDemasiadosDonantes(100) },
    ]);
    expect((await buscar({ donante: 'Gonzalvez Bq' })).items.map((e) => e.accion)).toEqual(['crear']);
  });

  it("never reaches another servicio's trail, whatever it names", async () => {
    const otro = await registerServicio(server);
    const { createDonante } = await gql<{ createDonante: { id: string } }>(
      `mutation ($input: DonanteInput!) { createDonante(input: $input) { id } }`,
      { input: { nombre: 'Ana', apellido: 'Benítez', dni: ana.dni, fechaNacimiento: '1988-04-02' } },
      otro.token,
    );
    const mio = await buscar({ donante: ana.dni });
    expect(mio.items.some((e) => e.entidadId === createDonante.id)).toBe(false);
    const suyo = (await gql<{ auditoria: Page }>(AUDITORIA, { f: { donante: ana.dni } }, otro.token))
      .auditoria;
    expect(suyo.items.map(clave)).toEqual([`donante crear ${createDonante.id}`]);
    const conMarta = (await gql<{ auditoria: Page }>(AUDITORIA, { f: { usuarioId: marta.id } }, otro.token))
      .auditoria;
    expect(conMarta.total).toBe(0);
  });

  it("each filter reads the trail through its own index, not by walking the servicio's trail", async () => {
    // A trail of some size (6,000 other entries, a tenth by the doctor), so the planner weighs
    // the indexes as it would on a real one.
    await server.dataSource.query(
      `INSERT INTO auditoria (servicio_id, usuario_id, accion, entidad, entidad_id, cambios)
       SELECT $1, CASE WHEN g % 10 = 0 THEN $2::uuid END, (ARRAY['crear', 'editar', 'consultar'])[1 + g % 3],
              'donante', gen_random_uuid()::text, '{}'::jsonb
         FROM generate_series(1, 6000) g`,
      [admin.servicio, medico.id],
    );
    await server.dataSource.query(`ANALYZE`);
    const spy = jest.spyOn(server.dataSource, 'query');
    // The filter, and the index of auditoria its statements must read.
    const filtros: [Record<string, string>, string][] = [
      [{ donante: ana.dni }, 'auditoria_entidad_idx'],
      [{ donante: 'benitez an' }, 'auditoria_entidad_idx'],
      [{ numero: String(juan.donacion.numero) }, 'auditoria_entidad_idx'],
      [{ usuarioId: marta.id }, 'auditoria_usuario_idx'],
      [{ accion: 'eliminar' }, 'auditoria_accion_idx'],
    ];
    const casos: { filtro: Record<string, string>; indice: string; sentencias: [string, unknown[]][] }[] = [];
    for (const [filtro, indice] of filtros) {
      spy.mockClear();
      const page = await server.services.auditoria.list(
        { uid: admin.uid, servicio: admin.servicio, rol: 'ROL_SERVICIO' } as never,
        filtro,
      );
      expect(page.total).toBeGreaterThan(0);
      const sentencias = (spy.mock.calls as [string, unknown[]][]).filter(([sql]) =>
        /FROM auditoria a/.test(sql),
      );
      casos.push({ filtro, indice, sentencias });
    }
    spy.mockRestore();
    for (const { filtro, indice, sentencias } of casos) {
      expect(sentencias).toHaveLength(2);
      for (const [sql, params] of sentencias) {
        const [{ 'QUERY PLAN': plan }] = await server.dataSource.query(
          `EXPLAIN (FORMAT JSON) ${sql}`,
          params,
        );
        const texto = JSON.stringify(plan);
        expect({ filtro, seq: /"Seq Scan"[^}]*"Relation Name":"auditoria"/.test(texto) }).toEqual({
          filtro,
          seq: false,
        });
        expect({ filtro, indice, usado: texto.includes(`"${indice}"`) }).toEqual({
          filtro,
          indice,
          usado: true,
        });
        expect({ filtro, recorre: texto.includes('"auditoria_servicio_at_idx"') }).toEqual({
          filtro,
          recorre: false,
        });
      }
    }
  });
});

describe('usuariosAuditoria: the users the trail may name', () => {
  it('every user of the servicio by name, the administrator first, a deleted one marked', async () => {
    const ido = await integrante('Carla', 'Acosta', 'ROL_ADMINISTRATIVO');
    await gql(`mutation ($id: ID!) { deleteIntegrante(id: $id) { message } }`, { id: ido.id }, admin.token);
    const { usuariosAuditoria } = await gql<{ usuariosAuditoria: { id: string; nombre: string }[] }>(
      `{ usuariosAuditoria { id nombre } }`,
      {},
      admin.token,
    );
    expect(usuariosAuditoria[0]).toEqual({ id: admin.uid, nombre: 'Hemoterapia Hospital Alemán' });
    expect(usuariosAuditoria).toEqual(
      expect.arrayContaining([
        { id: marta.id, nombre: 'Marta Gómez' },
        { id: medico.id, nombre: 'Pablo Ruiz' },
        { id: ido.id, nombre: 'Carla Acosta (eliminado)' },
      ]),
    );
    const res = await server.gql(`{ usuariosAuditoria { id } }`, {}, marta.token);
    expect(res.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});

describe('auditoria(orden): the whole trail ordered by a column, on the server', () => {
  const ORDENADA = `query ($f: AuditoriaFilter, $p: PageInput, $o: AuditoriaOrden) {
    auditoria(filter: $f, page: $p, orden: $o) { total items { id accion entidad entidadId usuarioId at } }
  }`;
  const lista = (o?: object, p: object = { limit: 100 }) =>
    gql<{ auditoria: Page }>(ORDENADA, { o, p }, admin.token).then((r) => r.auditoria);
  /** Whether each value is not before the one above it, in the direction given. */
  const enOrden = (values: string[], dir: 'ASC' | 'DESC') =>
    values.every((v, i) => i === 0 || (dir === 'ASC' ? values[i - 1] <= v : values[i - 1] >= v));

  it('by fecha, acción and registro, both ways; equal values newest first', async () => {
    const todo = await lista();
    expect(todo.total).toBeGreaterThan(5);
    for (const dir of ['ASC', 'DESC'] as const) {
      const porFecha = await lista({ campo: 'FECHA', direccion: dir });
      expect(
        enOrden(
          porFecha.items.map((e) => e.at),
          dir,
        ),
      ).toBe(true);
      const porAccion = await lista({ campo: 'ACCION', direccion: dir });
      expect(
        enOrden(
          porAccion.items.map((e) => e.accion),
          dir,
        ),
      ).toBe(true);
      // Within one action, newest first.
      for (const accion of new Set(porAccion.items.map((e) => e.accion))) {
        const ats = porAccion.items.filter((e) => e.accion === accion).map((e) => e.at);
        expect(enOrden(ats, 'DESC')).toBe(true);
      }
      const porRegistro = await lista({ campo: 'REGISTRO', direccion: dir });
      expect(
        enOrden(
          porRegistro.items.map((e) => `${e.entidad}\u0000${e.entidadId}`),
          dir,
        ),
      ).toBe(true);
      for (const l of [porFecha, porAccion, porRegistro]) expect(l.total).toBe(todo.total);
    }
    expect((await lista({ campo: 'FECHA', direccion: 'DESC' })).items.map((e) => e.id)).toEqual(
      todo.items.map((e) => e.id),
    );
  });

  it('by usuario: each user’s entries together, those of no user last either way', async () => {
    for (const dir of ['ASC', 'DESC'] as const) {
      const ids = (await lista({ campo: 'USUARIO', direccion: dir })).items.map((e) => e.usuarioId);
      const grupos = ids.filter((id, i) => i === 0 || id !== ids[i - 1]);
      expect(new Set(grupos).size).toBe(grupos.length);
      if (ids.includes(null)) expect(ids.slice(ids.indexOf(null)).every((id) => id === null)).toBe(true);
    }
  });

  it('pages of an ordered trail are the trail cut in order; a filter still applies', async () => {
    const o = { campo: 'ACCION', direccion: 'DESC' };
    const todo = await lista(o);
    const a = await lista(o, { offset: 0, limit: 3 });
    const b = await lista(o, { offset: 3, limit: 3 });
    expect([...a.items, ...b.items].map((e) => e.id)).toEqual(todo.items.slice(0, 6).map((e) => e.id));
    const soloCrear = await gql<{ auditoria: Page }>(ORDENADA, { f: { accion: 'crear' }, o }, admin.token);
    expect(soloCrear.auditoria.items.every((e) => e.accion === 'crear')).toBe(true);
  });

  it('a column that is not in the list is refused, and nothing is listed', async () => {
    const res = await server.gql(ORDENADA, { o: { campo: 'cambios' } }, admin.token);
    expect([res.errors?.[0].extensions?.code, res.errors?.[0].message, res.data ?? null]).toEqual([
      'BAD_USER_INPUT',
      MSG.datosInvalidos,
      null,
    ]);
  });
});
