/**
 * The indicators against a hand-counted fixture, through GraphQL on a real Postgres, and the daily
 * roll-up that serves them kept right by every kind of write (results, deletion, restore, a donor's
 * edit, a back-dated donation, concurrent creations).
 */
import { randomUUID } from 'node:crypto';
import { addDays, todayIso } from '../../domain/dates';
import { GqlResult, registerServicio, Session, startTestServer, TestServer } from '../../test-utils/harness';

jest.setTimeout(90_000);

const QUERY = `query ($desde: String!, $hasta: String!, $agrupacion: Agrupacion) {
  indicadores(desde: $desde, hasta: $hasta, agrupacion: $agrupacion) {
    desde hasta agrupacion
    donaciones donantesDistintos atendidos noAptos voluntarias reposicion porcentajeVoluntarias
    primeraVez habituales aferesis
    porGrupo { abo rh cantidad }
    serologia { marcador analizadas reactivas porcentaje }
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
  porGrupo: { abo: string; rh: string; cantidad: number }[];
  serologia: { marcador: string; analizadas: number; reactivas: number; porcentaje: number }[];
  exclusiones: { temporales: number; definitivas: number };
  serie: { periodo: string; donaciones: number; voluntarias: number; reposicion: number }[];
};

let server: TestServer;
let s: Session;
let numero = 0;

const ok = <T>(res: GqlResult<T>): T => {
  if (!res.data) throw new Error(JSON.stringify(res.errors));
  return res.data;
};

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
  datos: { voluntario?: boolean; anterior?: boolean; sexo?: string; dni?: string } = {},
): Promise<string> {
  const id = randomUUID();
  await server.dataSource.query(
    `INSERT INTO donante (id, servicio_id, nombre, apellido, dni, fecha_nacimiento, sexo, provincia_actual,
       nacionalidad, es_voluntario, donacion_anterior)
     VALUES ($1, $2, 'Ana', 'Ruiz', $3, '1990-05-10', $4, 'Buenos Aires', 'Argentina', $5, $6)`,
    [
      id,
      session.servicio,
      datos.dni ?? String(10_000_000 + Math.floor(Math.random() * 89_999_999)),
      datos.sexo ?? 'Masculino',
      datos.voluntario === false ? 'No' : 'Si',
      datos.anterior === true,
    ],
  );
  return id;
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
        session.token,
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

/** Both roll-ups of a servicio, in order. */
async function rollUps(servicioId: string): Promise<unknown[]> {
  return Promise.all([
    server.dataSource.query(`SELECT * FROM indicador_diario WHERE servicio_id = $1 ORDER BY fecha`, [
      servicioId,
    ]),
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
//                                        2025-03-10 A POSITIVO, serology all negative
//   B      Si          no                2025-03-12 O NEGATIVO, chagas reactive, Temporal 90
//   C      No          yes               2025-03-01 no results; 2025-04-26 A POSITIVO, Definitiva
//   D      No          no                2025-04-02 apheresis, AB POSITIVO, serology negative
//   E      Si          no                'No apto' 2025-03-20 (30 days), 'No apto' 2025-04-25 (0 days)
//
// In 2025-03-01..2025-04-30: 5 donations by 4 donors; 2 'No apto'; 7 attended;
// voluntary: A, B = 2 (40 %); replacement: C, C, D = 3; first time: B (March), D = 2
// (A donated in January, C declared an earlier donation, C's second follows its first);
// habitual 3; apheresis 1; groups: A+ 2, O- 1, AB+ 1, not recorded 1;
// serology recorded on 3 (A's, B's, D's): chagas 1 (33.3 %); exclusions: temporary 2 (B's 90
// days, E's 30-day visit), definitive 1 (C's April). Every donation keeps the donation rules.
describe('indicadores against a hand-counted fixture', () => {
  let f: Session;
  beforeAll(async () => {
    f = await servicio();
    const negativa = {
      hiv: false,
      hepB: false,
      hepC: false,
      vdrl: false,
      brucelosis: false,
      chagas: false,
      htlv: false,
    };
    const a = await donante(f);
    const b = await donante(f, { sexo: 'Femenino' });
    const c = await donante(f, { voluntario: false, anterior: true });
    const d = await donante(f, { voluntario: false });
    const e = await donante(f);
    await donacion(f, a, '2025-01-10');
    await donacion(f, a, '2025-03-10', { abo: 'A', rh: 'POSITIVO', serologia: negativa });
    await donacion(f, b, '2025-03-12', {
      abo: 'O',
      rh: 'NEGATIVO',
      serologia: { ...negativa, chagas: true },
      exclusionDefinitiva: 'Temporal',
      exclusionTiempo: 90,
    });
    await donacion(f, c, '2025-03-01');
    await donacion(f, c, '2025-04-26', { abo: 'A', rh: 'POSITIVO', exclusionDefinitiva: 'Definitiva' });
    await donacion(
      f,
      d,
      '2025-04-02',
      { abo: 'AB', rh: 'POSITIVO', serologia: negativa },
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
    expect(i.serologia).toEqual(
      ['hiv', 'hepB', 'hepC', 'vdrl', 'brucelosis', 'chagas', 'htlv'].map((marcador) => ({
        marcador,
        analizadas: 3,
        reactivas: marcador === 'chagas' ? 1 : 0,
        porcentaje: marcador === 'chagas' ? 33.3 : 0,
      })),
    );
    expect(i.serie).toEqual([
      { periodo: '2025-03', donaciones: 3, voluntarias: 2, reposicion: 1 },
      { periodo: '2025-04', donaciones: 2, voluntarias: 0, reposicion: 2 },
    ]);
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
