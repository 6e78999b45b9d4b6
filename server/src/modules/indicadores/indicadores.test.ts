/**
 * The indicators against a hand-counted fixture, through GraphQL on a real Postgres, and the daily
 * roll-up that serves them kept right by every kind of write (results, deletion, restore, a donor's
 * edit, a back-dated donation, concurrent creations).
 */
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { migrations } from '../../database/migrations';
import { addDays, todayIso } from '../../domain/dates';
import { cuentaSerologia, type ResultadoMarcador } from '../../domain/resultados';
import {
  createTestDatabase,
  registerServicio,
  Session,
  startTestServer,
  TestServer,
  ok,
} from '../../test-utils/harness';

jest.setTimeout(90_000);

const QUERY = `query ($desde: String!, $hasta: String!, $agrupacion: Agrupacion) {
  indicadores(desde: $desde, hasta: $hasta, agrupacion: $agrupacion) {
    desde hasta agrupacion
    donaciones donantesDistintos atendidos noAptos voluntarias reposicion porcentajeVoluntarias
    primeraVez habituales aferesis
    porGrupo { abo rh cantidad }
    pendientes
    serologia { marcador analizadas reactivas pendientes porcentaje }
    exclusiones { temporales definitivas }
    serie { periodo donaciones voluntarias reposicion }
  }
}`;

type Indicadores = {
  donaciones: number;
  donantesDistintos: number;
  atendidos: number;
  noAptos: number;
  voluntarias: number;
  reposicion: number;
  porcentajeVoluntarias: number;
  primeraVez: number;
  habituales: number;
  aferesis: number;
  pendientes: number;
  porGrupo: { abo: string; rh: string; cantidad: number }[];
  serologia: {
    marcador: string;
    analizadas: number;
    reactivas: number;
    pendientes: number;
    porcentaje: number;
  }[];
  exclusiones: { temporales: number; definitivas: number };
  serie: { periodo: string; donaciones: number; voluntarias: number; reposicion: number }[];
};

let server: TestServer;
let s: Session;
let numero = 0;

async function indicadores(
  desde: string,
  hasta: string,
  agrupacion = 'MES',
  session: Session = s,
): Promise<Indicadores> {
  return ok(
    await server.gql<{ indicadores: Indicadores }>(QUERY, { desde, hasta, agrupacion }, session.token),
  ).indicadores;
}

async function donante(
  session: Session,
  datos: { voluntario?: boolean; anterior?: boolean; sexo?: string; dni?: string; duplicadoDe?: string } = {},
): Promise<string> {
  const id = randomUUID();
  await server.dataSource.query(
    `INSERT INTO donante (id, servicio_id, nombre, apellido, dni, fecha_nacimiento, sexo, provincia_actual,
       nacionalidad, es_voluntario, donacion_anterior, duplicado_de)
     VALUES ($1, $2, 'Ana', 'Ruiz', $3, '1990-05-10', $4, 'Buenos Aires', 'Argentina', $5, $6, $7)`,
    [
      id,
      session.servicio,
      datos.dni ?? String(10_000_000 + Math.floor(Math.random() * 89_999_999)),
      datos.sexo ?? 'Masculino',
      datos.voluntario === false ? 'No' : 'Si',
      datos.anterior === true,
      datos.duplicadoDe ?? null,
    ],
  );
  return id;
}

/** A doctor of the servicio (results with a reactive marker are a doctor's decision), made once. */
const medicos = new Map<string, Promise<string>>();
function medicoDe(session: Session): Promise<string> {
  if (!medicos.has(session.servicio)) {
    medicos.set(
      session.servicio,
      (async () => {
        const username = `medico_${session.servicio.slice(0, 8)}`;
        ok(
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
            session.token,
          ),
        );
        const login = ok(
          await server.gql<{ login: { token: string } }>(
            `mutation ($input: LoginInput!) { login(input: $input) { token } }`,
            { input: { username, password: 'clave-segura' } },
          ),
        );
        return login.login.token;
      })(),
    );
  }
  return medicos.get(session.servicio)!;
}

async function donacion(
  session: Session,
  donanteId: string,
  fecha: string,
  resultados: Record<string, unknown> | null = null,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const res = ok(
    await server.gql<{ createDonacion: { id: string } }>(
      `mutation ($input: CreateDonacionInput!) { createDonacion(input: $input) { id } }`,
      { input: { donanteId, numero: (numero += 1), fecha, hora: '10:00', loteBolsa: 'L', ...extra } },
      session.token,
    ),
  );
  const id = res.createDonacion.id;
  if (resultados) {
    ok(
      await server.gql(
        `mutation ($id: ID!, $input: ResultadosDonacionInput!) { updateResultadosDonacion(id: $id, input: $input) { message } }`,
        { id, input: resultados },
        await medicoDe(session),
      ),
    );
  }
  return id;
}

async function noApto(session: Session, donanteId: string, fecha: string, dias: number): Promise<void> {
  ok(
    await server.gql(
      `mutation ($input: NoAptoInput!) { registrarNoApto(input: $input) { id } }`,
      { input: { donanteId, fecha, hora: '09:00', motivo: 'Hemoglobina baja', diferimientoDias: dias } },
      session.token,
    ),
  );
}

async function servicio(): Promise<Session> {
  const session = await registerServicio(server);
  ok(await server.gql(`mutation { avanzarContadorEtiquetas(ultimo: 1000000) }`, {}, session.token));
  return session;
}

/**
 * Both roll-ups of a servicio, in order: what they count (not the copy of the results kept for
 * readers outside the servicio, migration 1764200000000, which a recount starts afresh).
 */
async function rollUps(servicioId: string): Promise<unknown[]> {
  const contado = (filas: Record<string, unknown>[]) =>
    filas.map((f) => Object.fromEntries(Object.entries(f).filter(([k]) => !/^pub(licado)?_/.test(k))));
  return Promise.all([
    server.dataSource
      .query(`SELECT * FROM indicador_diario WHERE servicio_id = $1 ORDER BY fecha`, [servicioId])
      .then(contado),
    server.dataSource.query(
      `SELECT * FROM indicador_distintos WHERE servicio_id = $1 ORDER BY fecha, mes_anterior`,
      [servicioId],
    ),
  ]);
}

/**
 * The roll-ups counted again from the rows, day by day, equal those the triggers kept, and each
 * live donation's fecha_anterior is its donor's previous live donation.
 */
async function expectRollUpExacto(servicioId: string): Promise<void> {
  const anteriores = await server.dataSource.query(
    `SELECT id FROM (
       SELECT id, fecha_anterior, lag(fecha) OVER (PARTITION BY donante_id ORDER BY fecha, id) AS previa
         FROM donacion WHERE servicio_id = $1 AND deleted_at IS NULL) t
      WHERE fecha_anterior IS DISTINCT FROM previa`,
    [servicioId],
  );
  expect(anteriores).toEqual([]);
  const mantenido = await rollUps(servicioId);
  await server.dataSource.query(`DELETE FROM indicador_diario WHERE servicio_id = $1`, [servicioId]);
  await server.dataSource.query(`DELETE FROM indicador_distintos WHERE servicio_id = $1`, [servicioId]);
  await server.dataSource.query(
    `SELECT indicador_recalcular(servicio_id, fecha) FROM (
       SELECT servicio_id, fecha FROM donacion WHERE servicio_id = $1
       UNION SELECT servicio_id, fecha FROM visita_no_apto WHERE servicio_id = $1) d ORDER BY fecha`,
    [servicioId],
  );
  expect(mantenido).toEqual(await rollUps(servicioId));
}

beforeAll(async () => {
  server = await startTestServer();
  s = await servicio();
});
afterAll(() => server.close());

// The fixture, counted by hand: March and April 2025 of one servicio (other dates outside).
//
//   donor  voluntario  declared earlier  donations (date: results)
//   A      Si          no                2025-01-10 (outside: makes A habitual),
//                                        2025-03-10 A POSITIVO, serology S(A)
//   B      Si          no                2025-03-12 O NEGATIVO, serology S(B), Temporal 90
//   C      No          yes               2025-03-01 no results; 2025-04-26 A POSITIVO, Definitiva
//   D      No          no                2025-04-02 apheresis, AB POSITIVO, serology S(D)
//   E      Si          no                'No apto' 2025-03-20 (30 days), 'No apto' 2025-04-25 (0 days)
//
// In 2025-03-01..2025-04-30: 5 donations by 4 donors; 2 'No apto'; 7 attended;
// voluntary: A, B = 2 (40 %); replacement: C, C, D = 3; first time: B (March), D = 2
// (A donated in January, C declared an earlier donation, C's second follows its first);
// habitual 3; apheresis 1; groups: A+ 2, O- 1, AB+ 1, not recorded 1;
// serology recorded on 3 (A's, B's, D's), each marker reactive on its own set of them, so that
// no two markers count alike on every day (REACTIVOS below): hiv, hepB, hepC 1 (33.3 %); vdrl,
// brucelosis, chagas 2 (66.7 %); htlv 3 (100 %); exclusions: temporary 2 (B's 90 days, E's
// 30-day visit), definitive 1 (C's April). Every donation keeps the donation rules.
const MARCADORES = ['hiv', 'hepB', 'hepC', 'vdrl', 'brucelosis', 'chagas', 'htlv'] as const;

/** On which of the donations with serology (A's, B's, D's) each marker is reactive. */
const REACTIVOS: Record<(typeof MARCADORES)[number], ('A' | 'B' | 'D')[]> = {
  hiv: ['A'],
  hepB: ['B'],
  hepC: ['D'],
  vdrl: ['A', 'B'],
  brucelosis: ['A', 'D'],
  chagas: ['B', 'D'],
  htlv: ['A', 'B', 'D'],
};

/** The serology of donor x's donation: its markers of REACTIVOS reactive, the rest negative. */
const serologiaDe = (x: 'A' | 'B' | 'D') =>
  Object.fromEntries(MARCADORES.map((m) => [m, REACTIVOS[m].includes(x)]));

describe('indicadores against a hand-counted fixture', () => {
  let f: Session;
  beforeAll(async () => {
    f = await servicio();
    const a = await donante(f);
    const b = await donante(f, { sexo: 'Femenino' });
    const c = await donante(f, { voluntario: false, anterior: true });
    const d = await donante(f, { voluntario: false });
    const e = await donante(f);
    await donacion(f, a, '2025-01-10');
    await donacion(f, a, '2025-03-10', { abo: 'A', rh: 'POSITIVO', serologia: serologiaDe('A') });
    await donacion(f, b, '2025-03-12', {
      abo: 'O',
      rh: 'NEGATIVO',
      serologia: serologiaDe('B'),
      exclusionDefinitiva: 'Temporal',
      exclusionTiempo: 90,
    });
    await donacion(f, c, '2025-03-01');
    await donacion(f, c, '2025-04-26', { abo: 'A', rh: 'POSITIVO', exclusionDefinitiva: 'Definitiva' });
    await donacion(
      f,
      d,
      '2025-04-02',
      { abo: 'AB', rh: 'POSITIVO', serologia: serologiaDe('D') },
      { donacionAferesis: true },
    );
    await noApto(f, e, '2025-03-20', 30);
    await noApto(f, e, '2025-04-25', 0);
  });

  it('counts each figure of March and April 2025', async () => {
    const i = await indicadores('2025-03-01', '2025-04-30', 'MES', f);
    expect(i).toMatchObject({
      donaciones: 5,
      donantesDistintos: 4,
      atendidos: 7,
      noAptos: 2,
      voluntarias: 2,
      reposicion: 3,
      porcentajeVoluntarias: 40,
      primeraVez: 2,
      habituales: 3,
      aferesis: 1,
      exclusiones: { temporales: 2, definitivas: 1 },
    });
    expect(i.porGrupo).toEqual([
      { abo: 'A', rh: 'POSITIVO', cantidad: 2 },
      { abo: 'AB', rh: 'POSITIVO', cantidad: 1 },
      { abo: 'O', rh: 'NEGATIVO', cantidad: 1 },
      { abo: '', rh: '', cantidad: 1 },
    ]);
    expect(i.serologia).toEqual([
      { marcador: 'hiv', analizadas: 3, reactivas: 1, pendientes: 2, porcentaje: 33.3 },
      { marcador: 'hepB', analizadas: 3, reactivas: 1, pendientes: 2, porcentaje: 33.3 },
      { marcador: 'hepC', analizadas: 3, reactivas: 1, pendientes: 2, porcentaje: 33.3 },
      { marcador: 'vdrl', analizadas: 3, reactivas: 2, pendientes: 2, porcentaje: 66.7 },
      { marcador: 'brucelosis', analizadas: 3, reactivas: 2, pendientes: 2, porcentaje: 66.7 },
      { marcador: 'chagas', analizadas: 3, reactivas: 2, pendientes: 2, porcentaje: 66.7 },
      { marcador: 'htlv', analizadas: 3, reactivas: 3, pendientes: 2, porcentaje: 100 },
    ]);
    expect(i.serie).toEqual([
      { periodo: '2025-03', donaciones: 3, voluntarias: 2, reposicion: 1 },
      { periodo: '2025-04', donaciones: 2, voluntarias: 0, reposicion: 2 },
    ]);
  });

  it("each marker's reactive donations, day by day: no marker reads another's column", async () => {
    for (const [x, dia] of [
      ['A', '2025-03-10'],
      ['B', '2025-03-12'],
      ['D', '2025-04-02'],
    ] as const) {
      const i = await indicadores(dia, dia, 'DIA', f);
      expect({ x, serologia: i.serologia }).toEqual({
        x,
        serologia: MARCADORES.map((marcador) => {
          const reactiva = REACTIVOS[marcador].includes(x);
          return {
            marcador,
            analizadas: 1,
            reactivas: reactiva ? 1 : 0,
            pendientes: 0,
            porcentaje: reactiva ? 100 : 0,
          };
        }),
      });
    }
    // A day without serology: nothing analysed, 0 % (not a division by zero).
    const sinSerologia = await indicadores('2025-03-01', '2025-03-01', 'DIA', f);
    expect(sinSerologia.serologia.map((m) => [m.analizadas, m.reactivas, m.porcentaje])).toEqual(
      MARCADORES.map(() => [0, 0, 0]),
    );
  });

  it('one point per period, empty ones included, each grouping', async () => {
    const dias = await indicadores('2025-03-09', '2025-03-13', 'DIA', f);
    expect(dias.serie.map((p) => [p.periodo, p.donaciones])).toEqual([
      ['2025-03-09', 0],
      ['2025-03-10', 1],
      ['2025-03-11', 0],
      ['2025-03-12', 1],
      ['2025-03-13', 0],
    ]);
    // Weeks start on Monday: 2025-03-10 is one, 2025-03-12 (B) is in it.
    const semanas = await indicadores('2025-03-10', '2025-03-23', 'SEMANA', f);
    expect(semanas.serie.map((p) => [p.periodo, p.donaciones])).toEqual([
      ['2025-03-10', 2],
      ['2025-03-17', 0],
    ]);
    const anios = await indicadores('2024-06-01', '2025-12-31', 'ANIO', f);
    expect(anios.serie.map((p) => [p.periodo, p.donaciones])).toEqual([
      ['2024', 0],
      ['2025', 6],
    ]);
    // A period cut inside a month counts only its own days.
    const corte = await indicadores('2025-03-11', '2025-04-05', 'MES', f);
    expect(corte.serie.map((p) => [p.periodo, p.donaciones])).toEqual([
      ['2025-03', 1],
      ['2025-04', 1],
    ]);
    expect(corte.donaciones).toBe(2);
  });

  it('without a grouping, left out or null, the series is by month', async () => {
    for (const variables of [{}, { agrupacion: null }]) {
      const res = ok(
        await server.gql<{ indicadores: { agrupacion: string; serie: { periodo: string }[] } }>(
          QUERY,
          { desde: '2025-03-01', hasta: '2025-04-30', ...variables },
          f.token,
        ),
      ).indicadores;
      expect(res.agrupacion).toBe('MES');
      expect(res.serie.map((p) => p.periodo)).toEqual(['2025-03', '2025-04']);
    }
  });

  it("another servicio's figures are its own", async () => {
    const otro = await servicio();
    const i = await indicadores('2025-03-01', '2025-04-30', 'MES', otro);
    expect(i).toMatchObject({ donaciones: 0, donantesDistintos: 0, atendidos: 0, porcentajeVoluntarias: 0 });
    expect(i.porGrupo).toEqual([]);
  });

  it('refuses a bad period in Spanish', async () => {
    const bad = async (desde: string, hasta: string, agrupacion = 'MES') =>
      (await server.gql(QUERY, { desde, hasta, agrupacion }, f.token)).errors?.[0].extensions?.errors;
    expect(await bad('2025-02-30', '2025-03-01')).toEqual([
      { field: 'desde', msg: 'Debe proporcionar una fecha válida' },
    ]);
    expect(await bad('2025-03-02', '2025-03-01')).toEqual([
      { field: 'hasta', msg: 'La fecha final no puede ser anterior a la inicial' },
    ]);
    expect(await bad('2010-01-01', '2025-03-01')).toEqual([
      { field: 'desde', msg: 'El período puede abarcar como máximo 10 años' },
    ]);
    expect((await bad('2020-01-01', '2025-01-01', 'DIA'))?.[0].field).toBe('agrupacion');
    const res = await server.gql(
      QUERY,
      { desde: '2025-01-01', hasta: '2025-01-31', agrupacion: 'QUINCENA' },
      f.token,
    );
    expect(res.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    const anonimo = await server.gql(QUERY, { desde: '2025-01-01', hasta: '2025-01-31' });
    expect(anonimo.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('the roll-up equals a recount from the rows', async () => {
    await expectRollUpExacto(f.servicio);
  });
});

describe('the daily roll-up follows every write', () => {
  it('results, deletion, restore, a donor edit and a back-dated donation', async () => {
    const t = await servicio();
    const a = await donante(t);
    const hoy = todayIso();
    const d1 = await donacion(t, a, addDays(hoy, -10));
    let i = await indicadores(addDays(hoy, -400), hoy, 'ANIO', t);
    expect([i.donaciones, i.primeraVez, i.voluntarias]).toEqual([1, 1, 1]);

    // A back-dated donation makes the later one habitual.
    await donacion(t, a, addDays(hoy, -100));
    i = await indicadores(addDays(hoy, -400), hoy, 'ANIO', t);
    expect([i.donaciones, i.primeraVez, i.habituales]).toEqual([2, 1, 1]);

    // Results.
    ok(
      await server.gql(
        `mutation ($id: ID!, $input: ResultadosDonacionInput!) { updateResultadosDonacion(id: $id, input: $input) { message } }`,
        { id: d1, input: { abo: 'B', rh: 'NEGATIVO', exclusionDefinitiva: 'Temporal', exclusionTiempo: 30 } },
        t.token,
      ),
    );
    i = await indicadores(addDays(hoy, -400), hoy, 'ANIO', t);
    expect(i.porGrupo).toContainEqual({ abo: 'B', rh: 'NEGATIVO', cantidad: 1 });
    expect(i.exclusiones.temporales).toBe(1);

    // The donor becomes a replacement donor.
    await server.dataSource.query(`UPDATE donante SET es_voluntario = 'No' WHERE id = $1`, [a]);
    i = await indicadores(addDays(hoy, -400), hoy, 'ANIO', t);
    expect([i.voluntarias, i.reposicion]).toEqual([0, 2]);

    // Deleting the first donation makes the later one first-time again; restoring it undoes that.
    const primera = await server.dataSource.query(
      `SELECT id FROM donacion WHERE donante_id = $1 ORDER BY fecha LIMIT 1`,
      [a],
    );
    ok(
      await server.gql(
        `mutation ($id: ID!) { deleteDonacion(id: $id) { id } }`,
        { id: primera[0].id },
        t.token,
      ),
    );
    i = await indicadores(addDays(hoy, -400), hoy, 'ANIO', t);
    expect([i.donaciones, i.primeraVez]).toEqual([1, 1]);
    ok(
      await server.gql(
        `mutation ($id: ID!) { restaurarDonacion(id: $id) { id } }`,
        { id: primera[0].id },
        t.token,
      ),
    );
    i = await indicadores(addDays(hoy, -400), hoy, 'ANIO', t);
    expect([i.donaciones, i.primeraVez, i.habituales]).toEqual([2, 1, 1]);

    await expectRollUpExacto(t.servicio);
  });

  it('a merge of two records of one person recounts who was first-time', async () => {
    const t = await servicio();
    const hoy = todayIso();
    const a = await donante(t);
    const b = await donante(t);
    await donacion(t, a, addDays(hoy, -200));
    await donacion(t, b, addDays(hoy, -20));
    let i = await indicadores(addDays(hoy, -400), hoy, 'ANIO', t);
    expect([i.donaciones, i.primeraVez, i.donantesDistintos]).toEqual([2, 2, 2]);
    ok(
      await server.gql(
        `mutation ($c: ID!, $e: ID!) { fusionarDonantes(conservarId: $c, eliminarId: $e) { donacionesMovidas } }`,
        { c: a, e: b },
        t.token,
      ),
    );
    i = await indicadores(addDays(hoy, -400), hoy, 'ANIO', t);
    expect([i.donaciones, i.primeraVez, i.habituales, i.donantesDistintos]).toEqual([2, 1, 1, 1]);
    await expectRollUpExacto(t.servicio);
  });

  it("a donor's DNI change keeps its person; joining two persons recounts who was first-time", async () => {
    const t = await servicio();
    const dni = '30111222';
    const a = await donante(t, { dni });
    // B shares A's DNI (a record awaiting a merge): one person.
    const b = await donante(t, { dni, duplicadoDe: a });
    const c = await donante(t, { dni: '30999888' });
    await donacion(t, a, '2024-01-10');
    await donacion(t, b, '2024-06-10');
    await donacion(t, c, '2024-09-10');
    let i = await indicadores('2024-01-01', '2024-12-31', 'ANIO', t);
    expect([i.donaciones, i.primeraVez]).toEqual([3, 2]);
    // A takes another DNI: the old one stays its person's, so B is still habitual.
    const editar = `mutation ($id: ID!, $input: DonanteInput!) { updateDonante(id: $id, input: $input) { dni } }`;
    const datos = { nombre: 'Ana', apellido: 'Ruiz', fechaNacimiento: '1990-05-10' };
    ok(await server.gql(editar, { id: a, input: { ...datos, dni: '30555666' } }, t.token));
    i = await indicadores('2024-01-01', '2024-12-31', 'ANIO', t);
    expect([i.donaciones, i.primeraVez]).toEqual([3, 2]);
    await expectRollUpExacto(t.servicio);
    // C's person joined into A's (as a merge does): C's donation is habitual now.
    const persona = async (id: string) =>
      (await server.dataSource.query(`SELECT persona_id FROM donante WHERE id = $1`, [id]))[0].persona_id;
    const [pa, pc] = [await persona(a), await persona(c)];
    await server.dataSource.transaction(async (m) => {
      await m.query(`UPDATE persona_identificador SET persona_id = $1 WHERE persona_id = $2`, [pa, pc]);
      await m.query(`UPDATE donante SET persona_id = $1 WHERE persona_id = $2`, [pa, pc]);
    });
    i = await indicadores('2024-01-01', '2024-12-31', 'ANIO', t);
    expect([i.donaciones, i.primeraVez]).toEqual([3, 1]);
    await expectRollUpExacto(t.servicio);
  });

  it('a donation committed after a same-day one of the person recorded later is the first-time one', async () => {
    const t = await servicio();
    const a = await donante(t, { dni: '30222333' });
    const b = await donante(t, { dni: '30222333', duplicadoDe: a });
    await donacion(t, a, '2024-05-10');
    // B's donation of that day, from a transaction that began an hour before A's and committed after it.
    await server.dataSource.query(
      `INSERT INTO donacion (id, servicio_id, donante_id, numero, fecha, hora, lote_bolsa, created_at)
       VALUES ($1, $2, $3, $4, '2024-05-10', '09:00', 'L', now() - interval '1 hour')`,
      [randomUUID(), t.servicio, b, (numero += 1)],
    );
    const i = await indicadores('2024-05-10', '2024-05-10', 'DIA', t);
    expect([i.donaciones, i.primeraVez, i.habituales]).toEqual([2, 1, 1]);
    await expectRollUpExacto(t.servicio);
  });

  it("the people's migration undone puts back the functions before it, and applies again", async () => {
    const funciones = async (ds: DataSource) =>
      ds.query(
        `SELECT p.proname, pg_get_functiondef(p.oid) AS def FROM pg_proc p
          WHERE p.proname IN ('indicador_donante_update', 'indicador_donacion_insert') ORDER BY 1`,
      ) as Promise<{ proname: string; def: string }[]>;
    const indice = async (ds: DataSource) =>
      (await ds.query(`SELECT 1 FROM pg_indexes WHERE indexname = 'donante_persona_idx'`)).length;
    const abrir = async (lista: typeof migrations) => {
      // Empty: only the migrations in `lista` are applied.
      const db = await createTestDatabase({ empty: true });
      const ds = new DataSource({ type: 'postgres', url: db.url, entities: [], migrations: lista });
      await ds.initialize();
      await ds.runMigrations({ transaction: 'each' });
      const cerrar = async () => {
        await ds.destroy();
        await db.drop();
      };
      return { ds, cerrar };
    };
    const k = migrations.findIndex((m) => m.name === 'IndicadoresPersonas1763900000000');
    const antes = await abrir(migrations.slice(0, k));
    const todas = await abrir(migrations.slice(0, k + 1));
    try {
      const nuevas = await funciones(todas.ds);
      expect(nuevas).not.toEqual(await funciones(antes.ds));
      await todas.ds.undoLastMigration({ transaction: 'each' });
      expect(await funciones(todas.ds)).toEqual(await funciones(antes.ds));
      expect(await indice(todas.ds)).toBe(0);
      await todas.ds.runMigrations({ transaction: 'each' });
      expect(await funciones(todas.ds)).toEqual(nuevas);
      expect(await indice(todas.ds)).toBe(1);
    } finally {
      await antes.cerrar();
      await todas.cerrar();
    }
  });

  it('20 concurrent donations of one day are all counted', async () => {
    const t = await servicio();
    const hoy = todayIso();
    const donantes = await Promise.all(Array.from({ length: 20 }, () => donante(t)));
    await Promise.all(donantes.map((id) => donacion(t, id, hoy)));
    const i = await indicadores(hoy, hoy, 'DIA', t);
    expect([i.donaciones, i.primeraVez, i.donantesDistintos]).toEqual([20, 20, 20]);
    await expectRollUpExacto(t.servicio);
  });
});

/** A small seeded generator (mulberry32): a failing sequence of writes is replayed by its seed. */
function generador(semilla: number): { entero: (n: number) => number; de: <T>(xs: readonly T[]) => T } {
  let a = semilla >>> 0;
  const siguiente = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const entero = (n: number) => Math.floor(siguiente() * n);
  return { entero, de: (xs) => xs[entero(xs.length)] };
}

// Random writes of every kind that changes a figure, in single- and multi-row statements, then
// every roll-up row (so every figure of every period) against a recount from the rows. The donors
// share a few DNIs (records of one person) and the donations a few days (same-day neighbours).
// The seeds are ones whose writes leave a gap behind when a trigger misses the old DNI's people
// or a same-day donation recorded later (migration 1763900000000).
describe('the roll-up against a recount after random writes', () => {
  const DNIS = ['40100100', '40100200', '40100300', '40100400'];
  let otroDni = 41_000_000;
  const dia = (r: { entero: (n: number) => number }) => addDays('2024-03-01', r.entero(6));

  it.each([12, 21, 26])('seed %i', async (semilla) => {
    const r = generador(semilla);
    const t = await servicio();
    const q = (sql: string, params: unknown[] = []) => server.dataSource.query(sql, params);
    // Donors share DNIs freely: each points at one record without donations (as awaiting a merge).
    const ancla = await donante(t, { dni: '49999999' });
    const donantes: string[] = [];
    for (let k = 0; k < 8; k += 1) {
      donantes.push(
        await donante(t, {
          dni: r.de(DNIS),
          duplicadoDe: ancla,
          voluntario: r.entero(2) === 0,
          anterior: r.entero(4) === 0,
        }),
      );
    }
    const donaciones: string[] = [];
    const visitas: string[] = [];
    const nuevaDonacion = async (atrasada: boolean) => {
      const id = randomUUID();
      // Back-dated created_at: a transaction that started earlier and committed later.
      await q(
        `INSERT INTO donacion (id, servicio_id, donante_id, numero, fecha, hora, lote_bolsa, donacion_aferesis,
           created_at)
         VALUES ($1, $2, $3, $4, $5, '10:00', 'L', $6, now() - make_interval(mins => $7))`,
        [id, t.servicio, r.de(donantes), (numero += 1), dia(r), r.entero(3) === 0, atrasada ? 60 : 0],
      );
      donaciones.push(id);
    };
    const serologia = () =>
      r.entero(3) === 0
        ? null
        : JSON.stringify(
            Object.fromEntries(
              ['hiv', 'hepB', 'hepC', 'vdrl', 'brucelosis', 'chagas', 'htlv'].map((m) => [
                m,
                r.entero(4) === 0,
              ]),
            ),
          );
    const escrituras: Record<string, () => Promise<unknown>> = {
      // Creations weigh more: most other writes change one.
      donacion: () => nuevaDonacion(false),
      'otra donacion': () => nuevaDonacion(false),
      'donacion atrasada': () => nuevaDonacion(true),
      resultados: () =>
        q(
          `UPDATE donacion SET abo = $2, rh = $3, serologia = $4::jsonb, exclusion_definitiva = $5,
             exclusion_tiempo = $6 WHERE id = $1`,
          [
            r.de(donaciones),
            r.de(['', 'A', 'B', 'AB', 'O']),
            r.de(['', 'POSITIVO', 'NEGATIVO']),
            serologia(),
            r.de([null, 'Temporal', 'Definitiva']),
            r.de([0, 30, 90]),
          ],
        ),
      fecha: () => q(`UPDATE donacion SET fecha = $2 WHERE id = $1`, [r.de(donaciones), dia(r)]),
      'de otro donante': () =>
        q(`UPDATE donacion SET donante_id = $2 WHERE id = $1`, [r.de(donaciones), r.de(donantes)]),
      'borrar o restaurar donacion': () =>
        q(`UPDATE donacion SET deleted_at = CASE WHEN deleted_at IS NULL THEN now() END WHERE id = $1`, [
          r.de(donaciones),
        ]),
      'eliminar donacion': () => q(`DELETE FROM donacion WHERE id = $1`, [r.de(donaciones)]),
      // Another DNI for a record: one more identifier of its person (never another person's).
      dni: () => q(`UPDATE donante SET dni = $2 WHERE id = $1`, [r.de(donantes), String((otroDni += 1))]),
      // Two persons joined into one, as a merge does (identifiers first, then the records).
      'unir personas': async () => {
        const [x, y] = [r.de(donantes), r.de(donantes)];
        await server.dataSource.transaction(async (m) => {
          const [{ pa }] = await m.query(`SELECT persona_id AS pa FROM donante WHERE id = $1`, [x]);
          const [{ pb }] = await m.query(`SELECT persona_id AS pb FROM donante WHERE id = $1`, [y]);
          await m.query(`UPDATE persona_identificador SET persona_id = $1 WHERE persona_id = $2`, [pa, pb]);
          await m.query(`UPDATE donante SET persona_id = $1 WHERE persona_id = $2`, [pa, pb]);
        });
      },
      voluntario: () =>
        q(`UPDATE donante SET es_voluntario = $2 WHERE id = $1`, [r.de(donantes), r.de(['Si', 'No'])]),
      'voluntarios de un dni': () =>
        q(`UPDATE donante SET es_voluntario = $2 WHERE servicio_id = $3 AND dni = $1`, [
          r.de(DNIS),
          r.de(['Si', 'No']),
          t.servicio,
        ]),
      'donacion anterior': () =>
        q(`UPDATE donante SET donacion_anterior = NOT donacion_anterior WHERE id = $1`, [r.de(donantes)]),
      sexo: () => q(`UPDATE donante SET sexo = 'Femenino' WHERE id = $1`, [r.de(donantes)]),
      'borrar o restaurar donante': () =>
        q(`UPDATE donante SET deleted_at = CASE WHEN deleted_at IS NULL THEN now() END WHERE id = $1`, [
          r.de(donantes),
        ]),
      // A soft deletion and another DNI in one write (as a restore that canonicalises it).
      'borrar y otro dni': () =>
        q(
          `UPDATE donante SET deleted_at = CASE WHEN deleted_at IS NULL THEN now() END, dni = $2 WHERE id = $1`,
          [r.de(donantes), String((otroDni += 1))],
        ),
      // A merge through the service (it may find one of them deleted: nothing changes then). The
      // kept record may hold its DNI plainly afterwards: it points at the anchor again.
      fusion: async () => {
        await server.gql(
          `mutation ($c: ID!, $e: ID!) { fusionarDonantes(conservarId: $c, eliminarId: $e) { donacionesMovidas } }`,
          { c: r.de(donantes), e: r.de(donantes) },
          t.token,
        );
        await q(`UPDATE donante SET duplicado_de = $1 WHERE id = ANY($2::uuid[])`, [ancla, donantes]);
      },
      visita: async () => {
        const id = randomUUID();
        await q(
          `INSERT INTO visita_no_apto (id, servicio_id, donante_id, fecha, hora, motivo, diferimiento_dias)
           VALUES ($1, $2, $3, $4, '09:00', 'Hemoglobina baja', $5)`,
          [id, t.servicio, r.de(donantes), dia(r), r.de([0, 30])],
        );
        visitas.push(id);
      },
      'cambio de visita': async () => {
        if (visitas.length === 0) return;
        await q(`UPDATE visita_no_apto SET fecha = $2, diferimiento_dias = $3 WHERE id = $1`, [
          r.de(visitas),
          dia(r),
          r.de([0, 30]),
        ]);
      },
      'eliminar visita': async () => {
        if (visitas.length > 0) await q(`DELETE FROM visita_no_apto WHERE id = $1`, [r.de(visitas)]);
      },
    };
    for (let k = 0; k < 6; k += 1) await nuevaDonacion(false);
    for (let ronda = 0; ronda < 8; ronda += 1) {
      // Checked after each write: a later write would recount the days a gap left behind.
      for (let k = 0; k < 12; k += 1) {
        const escritura = r.de(Object.keys(escrituras));
        await escrituras[escritura]();
        await expectRollUpExacto(t.servicio).catch((error: Error) => {
          throw new Error(`${semilla}/${ronda}/${k} ${escritura}: ${error.message}`);
        });
      }
      const desde = dia(r);
      const hasta = addDays(desde, r.entero(30));
      const [{ n }] = await q(
        `SELECT count(DISTINCT donante_id)::int AS n FROM donacion
          WHERE servicio_id = $1 AND fecha BETWEEN $2 AND $3 AND deleted_at IS NULL`,
        [t.servicio, desde, hasta],
      );
      expect([semilla, ronda, (await indicadores(desde, hasta, 'DIA', t)).donantesDistintos]).toEqual([
        semilla,
        ronda,
        n,
      ]);
    }
  });
});

// Distinct donors, counted by hand (2024; every donor keeps the 8-week interval):
//   P 2024-01-05, 2024-03-15, 2024-05-20    Q 2024-03-01, 2024-05-01
//   R 2024-03-20                            S 2024-02-28, 2024-04-30
describe('distinct donors', () => {
  let t: Session;
  let p: string;
  beforeAll(async () => {
    t = await servicio();
    const [q, r, s2] = await Promise.all([donante(t), donante(t), donante(t)]);
    p = await donante(t);
    for (const [id, fechas] of [
      [p, ['2024-01-05', '2024-03-15', '2024-05-20']],
      [q, ['2024-03-01', '2024-05-01']],
      [r, ['2024-03-20']],
      [s2, ['2024-02-28', '2024-04-30']],
    ] as const) {
      for (const fecha of fechas) await donacion(t, id, fecha);
    }
  });

  it('a period starting mid-month: a previous donation before it counts once, one inside it does not', async () => {
    // P's 05-20 follows its 03-15, before 03-16: P counts through it; Q (03-01), R, S too.
    let i = await indicadores('2024-03-16', '2024-05-25', 'MES', t);
    expect([i.donaciones, i.donantesDistintos]).toEqual([4, 4]);
    // From 03-10, P's 03-15 is in the period and its 05-20 must not count P again.
    i = await indicadores('2024-03-10', '2024-05-25', 'MES', t);
    expect([i.donaciones, i.donantesDistintos]).toEqual([5, 4]);
    // A previous donation on the period's first day is inside it.
    i = await indicadores('2024-03-15', '2024-05-20', 'MES', t);
    expect([i.donaciones, i.donantesDistintos]).toEqual([5, 4]);
    // And the day after the period's last day is outside it.
    i = await indicadores('2024-01-05', '2024-03-14', 'MES', t);
    expect([i.donaciones, i.donantesDistintos]).toEqual([3, 3]);
  });

  it('equals a count of distinct donors for every period over the year', async () => {
    const dias = ['2024-01-01', '2024-01-05', '2024-01-06', '2024-02-28', '2024-02-29', '2024-03-01'];
    dias.push('2024-03-02', '2024-03-15', '2024-03-16', '2024-03-31', '2024-04-30', '2024-05-01');
    dias.push('2024-05-19', '2024-05-20', '2024-05-21', '2024-12-31');
    for (const desde of dias) {
      for (const hasta of dias.filter((d) => d >= desde)) {
        const [{ n }] = await server.dataSource.query(
          `SELECT count(DISTINCT donante_id)::int AS n FROM donacion
            WHERE servicio_id = $1 AND fecha BETWEEN $2 AND $3 AND deleted_at IS NULL`,
          [t.servicio, desde, hasta],
        );
        const i = await indicadores(desde, hasta, 'ANIO', t);
        expect([desde, hasta, i.donantesDistintos]).toEqual([desde, hasta, n]);
      }
    }
  });

  it('follows a deletion and a restore of the donation in between', async () => {
    const [{ id }] = await server.dataSource.query(
      `SELECT id FROM donacion WHERE donante_id = $1 AND fecha = '2024-03-15'`,
      [p],
    );
    const borrar = `mutation ($id: ID!) { deleteDonacion(id: $id) { id } }`;
    ok(await server.gql(borrar, { id }, t.token));
    // Without 03-15, P's 05-20 follows its 01-05.
    let i = await indicadores('2024-03-10', '2024-05-25', 'MES', t);
    expect([i.donaciones, i.donantesDistintos]).toEqual([4, 4]);
    await expectRollUpExacto(t.servicio);
    ok(await server.gql(`mutation ($id: ID!) { restaurarDonacion(id: $id) { id } }`, { id }, t.token));
    i = await indicadores('2024-03-10', '2024-05-25', 'MES', t);
    expect([i.donaciones, i.donantesDistintos]).toEqual([5, 4]);
    await expectRollUpExacto(t.servicio);
  });
});

// ---------------------------------------------------------------------------------------------
// Outside the servicio: what an API key reads (the network's account reads the same way, red.test.ts).

const QUERY_PUBLICADO = `query ($desde: String!, $hasta: String!, $agrupacion: Agrupacion) {
  indicadores(desde: $desde, hasta: $hasta, agrupacion: $agrupacion) {
    suprimido donaciones donantesDistintos atendidos noAptos voluntarias reposicion porcentajeVoluntarias
    primeraVez habituales aferesis pendientes
    porGrupo { abo rh cantidad suprimido }
    serologia { marcador analizadas reactivas pendientes porcentaje suprimido }
    exclusiones { temporales definitivas suprimido }
    serie { periodo donaciones voluntarias reposicion suprimido }
  }
}`;

type Publicado = { [k: string]: unknown; porGrupo: { abo: string; rh: string; cantidad: number | null }[] };

/** A new API key of the servicio: its secret. */
async function claveDe(session: Session): Promise<string> {
  const res = ok(
    await server.gql<{ crearClaveApi: { secreto: string } }>(
      `mutation ($n: String!) { crearClaveApi(nombre: $n) { secreto } }`,
      { n: `Tablero ${randomUUID().slice(0, 8)}` },
      session.token,
    ),
  );
  return res.crearClaveApi.secreto;
}

/** The indicators as a reader reads them: with a key (from outside) or a staff member's session. */
async function leer(
  credencial: string,
  desde: string,
  hasta: string,
  agrupacion = 'MES',
): Promise<Publicado> {
  return ok(
    await server.gql<{ indicadores: Publicado }>(QUERY_PUBLICADO, { desde, hasta, agrupacion }, credencial),
  ).indicadores;
}

/** Every figure of an answer, by its path: [path, number or null]. */
function cifrasDe(valor: unknown, camino = ''): [string, number | null][] {
  if (typeof valor === 'number' || valor === null) return [[camino, valor as number | null]];
  if (Array.isArray(valor)) return valor.flatMap((v, k) => cifrasDe(v, `${camino}[${k}]`));
  if (typeof valor === 'object') {
    return Object.entries(valor as object).flatMap(([k, v]) => cifrasDe(v, camino ? `${camino}.${k}` : k));
  }
  return [];
}

/** Every `suprimido` flag of an answer. */
const banderas = (valor: unknown): boolean[] =>
  Array.isArray(valor)
    ? valor.flatMap(banderas)
    : valor && typeof valor === 'object'
      ? Object.entries(valor).flatMap(([k, v]) => (k === 'suprimido' ? [v as boolean] : banderas(v)))
      : [];

/**
 * The next day, as far as the roll-up's copy for outside readers goes: what was recorded until now
 * was recorded before "today" (migration 1764200000000 keeps the copy by the day's stamp).
 */
const pasaUnDia = (servicioId: string) =>
  server.dataSource.query(
    `UPDATE indicador_diario SET publicado_el = publicado_el - 1
      WHERE servicio_id = $1 AND publicado_el = indicador_hoy()`,
    [servicioId],
  );

const RESULTADO_REACTIVO = {
  abo: 'AB',
  rh: 'NEGATIVO',
  serologia: {
    hiv: true,
    hepB: false,
    hepC: false,
    vdrl: false,
    brucelosis: false,
    chagas: false,
    htlv: false,
  },
  exclusionDefinitiva: 'Definitiva',
};

describe('outside the servicio: an API key', () => {
  it('a one-day query at a servicio with 1 to 4 donations: every cell suppressed for a key, exact for the staff', async () => {
    const t = await servicio();
    const secreto = await claveDe(t);
    const dias = ['2025-07-01', '2025-07-02', '2025-07-03', '2025-07-04'];
    for (const [k, dia] of dias.entries()) {
      for (let n = 0; n <= k; n += 1) await donacion(t, await donante(t), dia, RESULTADO_REACTIVO);
      await noApto(t, await donante(t), dia, 30);
    }
    // Recorded before "today": what hides them below is the rule, not the day's copy.
    await pasaUnDia(t.servicio);

    for (const [k, dia] of dias.entries()) {
      for (const agrupacion of ['DIA', 'MES']) {
        const porClave = await leer(secreto, dia, dia, agrupacion);
        expect({ dia, agrupacion, publicadas: cifrasDe(porClave).filter(([, v]) => v !== null) }).toEqual({
          dia,
          agrupacion,
          publicadas: [],
        });
        expect(porClave.porGrupo).toEqual([]);
        expect(banderas(porClave).every(Boolean)).toBe(true);
      }
      const porPersonal = await leer(t.token, dia, dia, 'DIA');
      expect(porPersonal).toMatchObject({
        suprimido: false,
        donaciones: k + 1,
        atendidos: k + 2,
        noAptos: 1,
        porGrupo: [{ abo: 'AB', rh: 'NEGATIVO', cantidad: k + 1 }],
        exclusiones: { temporales: 1, definitivas: k + 1, suprimido: false },
      });
      expect(porPersonal.serologia).toContainEqual({
        marcador: 'hiv',
        analizadas: k + 1,
        reactivas: k + 1,
        pendientes: 0,
        porcentaje: 100,
        suprimido: false,
      });
      expect(banderas(porPersonal).some(Boolean)).toBe(false);
    }

    // The four days together: 10 donations by 10 donors, a cell that is published; each day of
    // its series is a cell of fewer than 5, and so are the 4 'No apto' visits (and atendidos with
    // them); the rest are exact.
    const juntos = await leer(secreto, dias[0], dias[3], 'DIA');
    expect(juntos).toMatchObject({
      suprimido: true,
      donaciones: 10,
      donantesDistintos: 10,
      noAptos: null,
      atendidos: null,
      voluntarias: 10,
      reposicion: 0,
      porcentajeVoluntarias: 100,
      porGrupo: [{ abo: 'AB', rh: 'NEGATIVO', cantidad: 10, suprimido: false }],
      exclusiones: { temporales: null, definitivas: 10, suprimido: true },
    });
    expect((juntos.serie as { donaciones: number | null }[]).map((p) => p.donaciones)).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(await leer(t.token, dias[0], dias[3], 'DIA')).toMatchObject({ noAptos: 4, atendidos: 14 });
  });

  it("a result typed today is not in a key's figures until tomorrow; the staff see it at once", async () => {
    const t = await servicio();
    const secreto = await claveDe(t);
    const dia = '2025-06-02';
    const ids: string[] = [];
    for (let n = 0; n < 10; n += 1) ids.push(await donacion(t, await donante(t), dia));
    const resultado = (id: string) =>
      server.gql(
        `mutation ($id: ID!, $input: ResultadosDonacionInput!) { updateResultadosDonacion(id: $id, input: $input) { message } }`,
        { id, input: RESULTADO_REACTIVO },
        t.token,
      );
    for (const id of ids.slice(0, 5)) ok(await resultado(id));

    // The day's row was made today: outside, none of its results yet; its donations, at once.
    let porClave = await leer(secreto, dia, dia);
    expect(porClave).toMatchObject({ donaciones: 10, exclusiones: { temporales: 0, definitivas: 0 } });
    expect(porClave.porGrupo).toEqual([{ abo: '', rh: '', cantidad: 10, suprimido: false }]);
    expect((porClave.serologia as { analizadas: number }[])[0].analizadas).toBe(0);

    // The next day those 5 are read; 5 more are typed that day.
    await pasaUnDia(t.servicio);
    for (const id of ids.slice(5)) ok(await resultado(id));
    porClave = await leer(secreto, dia, dia);
    expect(porClave.porGrupo).toEqual([
      { abo: 'AB', rh: 'NEGATIVO', cantidad: 5, suprimido: false },
      { abo: '', rh: '', cantidad: 5, suprimido: false },
    ]);
    expect(porClave.serologia).toContainEqual({
      marcador: 'hiv',
      analizadas: 5,
      reactivas: 5,
      pendientes: 5,
      porcentaje: 100,
      suprimido: false,
    });
    expect(porClave.pendientes).toBe(5);
    expect(porClave.exclusiones).toEqual({ temporales: 0, definitivas: 5, suprimido: false });
    // The staff read them all at once.
    const porPersonal = await leer(t.token, dia, dia);
    expect(porPersonal.porGrupo).toEqual([{ abo: 'AB', rh: 'NEGATIVO', cantidad: 10, suprimido: false }]);
    expect(porPersonal.serologia).toContainEqual({
      marcador: 'hiv',
      analizadas: 10,
      reactivas: 10,
      pendientes: 0,
      porcentaje: 100,
      suprimido: false,
    });
    expect(porPersonal.exclusiones).toEqual({ temporales: 0, definitivas: 10, suprimido: false });

    // Another change the same day leaves the day's copy as it was.
    ok(await server.gql(`mutation ($id: ID!) { deleteDonacion(id: $id) { id } }`, { id: ids[9] }, t.token));
    porClave = await leer(secreto, dia, dia);
    expect(porClave.donaciones).toBe(9);
    // The copy's 5 tested of the day's 9 donations: 4 pending, suppressed, and the 5 with them
    // (9 - 4), as the groups below.
    expect((porClave.serologia as object[])[0]).toMatchObject({
      analizadas: null,
      reactivas: 5,
      pendientes: null,
      suprimido: true,
    });
    expect(porClave.pendientes).toBeNull();
    // Its groups as they were, the donation gone from 'not typed yet': 4, suppressed with the other.
    expect(porClave.porGrupo).toEqual([
      { abo: 'AB', rh: 'NEGATIVO', cantidad: null, suprimido: true },
      { abo: '', rh: '', cantidad: null, suprimido: true },
    ]);

    // The next day, everyone reads everything recorded before it.
    await pasaUnDia(t.servicio);
    porClave = await leer(secreto, dia, dia);
    expect(porClave).toEqual(await leer(t.token, dia, dia));
    expect(porClave.porGrupo).toEqual([{ abo: 'AB', rh: 'NEGATIVO', cantidad: 9, suprimido: false }]);
    await expectRollUpExacto(t.servicio);
  });

  it('the migrations of the copy and of the faster reads undone leave the roll-up as before, and apply again', async () => {
    const k = migrations.findIndex((m) => m.name === 'IndicadoresLecturaRapida1764210000000');
    expect(migrations[k - 1].name).toBe('IndicadoresPublicados1764200000000');
    const db = await createTestDatabase();
    const ds = new DataSource({
      type: 'postgres',
      url: db.url,
      entities: [],
      migrations,
    });
    const esquema = async () => ({
      columnas: (
        await ds.query(
          `SELECT column_name FROM information_schema.columns WHERE table_name = 'indicador_diario' ORDER BY 1`,
        )
      ).map((c: { column_name: string }) => c.column_name),
      disparadores: (
        await ds.query(
          `SELECT tgname FROM pg_trigger WHERE tgrelid = 'indicador_diario'::regclass AND NOT tgisinternal`,
        )
      ).length,
      funciones: (
        await ds.query(`SELECT 1 FROM pg_proc WHERE proname IN ('indicador_publicar', 'indicador_hoy')`)
      ).length,
      indices: (await ds.query(`SELECT 1 FROM pg_indexes WHERE indexname = 'indicador_distintos_mes_idx'`))
        .length,
    });
    try {
      await ds.initialize();
      await ds.runMigrations({ transaction: 'each' });
      const con = await esquema();
      expect(con.columnas).toEqual(
        expect.arrayContaining([
          'publicado_el',
          'pub_hiv',
          'pub_grupos',
          'grupo_ab_negativo',
          'grupo_sin_sin',
        ]),
      );
      expect([con.disparadores, con.funciones, con.indices]).toEqual([1, 2, 1]);
      // Back to just after the faster reads: the later migrations undone (1764420000000, the
      // tested markers' columns, is the only later one of the roll-up's).
      for (;;) {
        const [{ name }] = await ds.query(`SELECT name FROM migrations ORDER BY id DESC LIMIT 1`);
        if (name === migrations[k].name) break;
        await ds.undoLastMigration({ transaction: 'each' });
      }
      const antes = {
        ...con,
        columnas: con.columnas.filter(
          (c: string) => !/^(pub_)?(hiv|hep_b|hep_c|vdrl|brucelosis|chagas|htlv)_analizadas$/.test(c),
        ),
      };
      expect(await esquema()).toEqual(antes);
      await ds.undoLastMigration({ transaction: 'each' });
      expect(await esquema()).toEqual({
        ...antes,
        columnas: antes.columnas.filter((c: string) => !c.startsWith('grupo_')),
        indices: 0,
      });
      await ds.undoLastMigration({ transaction: 'each' });
      expect(await esquema()).toEqual({
        columnas: antes.columnas.filter((c: string) => !/^(pub(licado)?|grupo)_/.test(c)),
        disparadores: 0,
        funciones: 0,
        indices: 0,
      });
      await ds.runMigrations({ transaction: 'each' });
      expect(await esquema()).toEqual(con);
    } finally {
      await ds.destroy();
      await db.drop();
    }
  });
});

describe("'analizadas' and 'pendientes': the roll-up and the domain count alike", () => {
  const TAMIZAJE = `mutation ($id: ID!, $input: TamizajeInput!) { registrarTamizaje(donacionId: $id, input: $input) { id } }`;
  const NACIONALES = ['HIV', 'HBSAG', 'ANTI_HBC', 'HCV', 'HTLV', 'CHAGAS', 'SIFILIS', 'BRUCELOSIS'];

  it('tested, not tested, partly tested, reactive, indeterminate and deleted donations', async () => {
    const t = await servicio();
    const medico = await medicoDe(t);
    const fecha = addDays(todayIso(), -3);
    const tamizaje = async (id: string, marcador: string, estado: string) =>
      ok(await server.gql(TAMIZAJE, { id, input: { marcador, estado, tecnica: 'ELISA', fecha } }, medico));
    const nueva = async () => donacion(t, await donante(t), fecha);
    const todos = async (id: string, salvo: Record<string, string> = {}) => {
      for (const m of NACIONALES) await tamizaje(id, m, salvo[m] ?? 'NO_REACTIVO');
    };
    const ids: string[] = [];
    // Tested, every marker non-reactive.
    ids.push(await nueva());
    await todos(ids[0]);
    // Not tested.
    ids.push(await nueva());
    // Partly tested: HIV, and HBsAg without anti-HBc (hepB not tested yet).
    ids.push(await nueva());
    await tamizaje(ids[2], 'HIV', 'NO_REACTIVO');
    await tamizaje(ids[2], 'HBSAG', 'NO_REACTIVO');
    // Reactive: Chagas reactive (awaiting its repeat), the rest non-reactive.
    ids.push(await nueva());
    await todos(ids[3], { CHAGAS: 'REACTIVO' });
    // Indeterminate: HCV alone, indeterminate.
    ids.push(await nueva());
    await tamizaje(ids[4], 'HCV', 'INDETERMINADO');
    // Deleted after being tested.
    ids.push(await nueva());
    await todos(ids[5], { HIV: 'REACTIVO' });
    ok(await server.gql(`mutation ($id: ID!) { deleteDonacion(id: $id) { id } }`, { id: ids[5] }, t.token));

    const filas = (await server.dataSource.query(
      `SELECT donacion_id AS "donacionId", marcador, estado, repeticion1, repeticion2,
              confirmatorio_resultado AS "confirmatorioResultado"
         FROM resultado WHERE donacion_id = ANY($1::uuid[])`,
      [ids],
    )) as (ResultadoMarcador & { donacionId: string })[];
    const dominio = cuentaSerologia(
      ids.map((id, k) => ({ resultados: filas.filter((f) => f.donacionId === id), eliminada: k === 5 })),
    );
    expect(dominio).toMatchObject({ donaciones: 5, analizadas: 2, pendientes: 3 });

    const [dia] = await server.dataSource.query(
      `SELECT * FROM indicador_diario WHERE servicio_id = $1 AND fecha = $2`,
      [t.servicio, fecha],
    );
    const columna = {
      hiv: 'hiv',
      hepB: 'hep_b',
      hepC: 'hep_c',
      vdrl: 'vdrl',
      brucelosis: 'brucelosis',
      chagas: 'chagas',
      htlv: 'htlv',
    } as const;
    expect({
      donaciones: dia.donaciones,
      analizadas: dia.sero_analizadas,
      pendientes: dia.donaciones - dia.sero_analizadas,
      marcadores: dominio.marcadores.map(({ marcador }) => ({
        marcador,
        analizadas: dia[`${columna[marcador]}_analizadas`],
        reactivas: dia[columna[marcador]],
        pendientes: dia.donaciones - dia[`${columna[marcador]}_analizadas`],
      })),
    }).toEqual(dominio);
    await expectRollUpExacto(t.servicio);

    // And as the staff read them.
    const leidas = await indicadores(fecha, fecha, 'DIA', t);
    expect(leidas.pendientes).toBe(dominio.pendientes);
    expect(
      leidas.serologia.map(({ marcador, analizadas, reactivas, pendientes }) => ({
        marcador,
        analizadas,
        reactivas,
        pendientes,
      })),
    ).toEqual(dominio.marcadores);
    // hepC: tested on 3 (two complete, the indeterminate one), reactive on 1.
    expect(leidas.serologia[2]).toMatchObject({ analizadas: 3, reactivas: 1, porcentaje: 33.3 });
  });
});
