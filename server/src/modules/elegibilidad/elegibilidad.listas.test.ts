/**
 * What the lists say of a donor's safety, against a real Postgres: the deferral each donation's
 * result imposes today (Donacion.diferimiento) reads the lifts, on every list and for whoever asks
 * next; a donor's lifted deferrals are listed with who lifted them, when and why
 * (Donante.levantamientos); and the doctor's queue (pendientesDecision) lists the reactive results
 * awaiting a decision, for ROL_MEDICO and ROL_SERVICIO only, within the servicio.
 */
import { addDays, formatDate, todayIso } from '../../domain/dates';
import { MSG } from '../../domain/messages';
import { LevantamientoTexto1764050000000 } from '../../database/migrations/1764050000000-levantamiento-texto';
import { PENDIENTES_SQL } from './elegibilidad.sql';
import {
  GqlResult,
  registerMember,
  registerServicio,
  Session,
  startTestServer,
  TestServer,
  ok,
} from '../../test-utils/harness';

jest.setTimeout(90_000);

const TODAY = todayIso();
const day = (offset: number) => addDays(TODAY, offset);

const CREATE = `mutation ($input: CreateDonacionInput!) { createDonacion(input: $input) { id numero } }`;
const RESULTADOS = `mutation ($id: ID!, $input: ResultadosDonacionInput!) {
  updateResultadosDonacion(id: $id, input: $input) { message }
}`;
const LEVANTAR = `mutation ($donanteId: ID!, $origenId: ID!, $motivo: String!) {
  levantarDiferimiento(donanteId: $donanteId, origenId: $origenId, motivo: $motivo) { id puedeDonar }
}`;
const DIFERIMIENTO = `diferimiento { origenId origen tipo desde hasta texto servicio }`;
const LISTA_DEL_DIA = `query ($fecha: String) { donaciones(filter: { fecha: $fecha }, page: { limit: 100 }) {
  items { id ${DIFERIMIENTO} }
} }`;
const DEL_DONANTE = `query ($id: ID!) { donacionesDeDonante(donanteId: $id) { id ${DIFERIMIENTO} } }`;
const UNA = `query ($id: ID!) { donacion(id: $id) { id ${DIFERIMIENTO} } }`;
const LEVANTAMIENTOS = `query ($id: ID!) { donante(id: $id) {
  levantamientos { id origenId diferimiento motivo at autor anulado }
  elegibilidad { diferimientos { origenId texto } }
} }`;
const PENDIENTES = `query ($page: PageInput) { pendientesDecision(page: $page) {
  total offset limit
  items {
    donanteId nombre apellido dni donacionId numero fecha eliminada
    serologia { hiv hepB hepC vdrl brucelosis chagas htlv }
    diferimiento { origenId tipo hasta texto }
  }
} }`;

type Diferimiento = {
  origenId: string;
  origen: string;
  tipo: string;
  desde: string;
  hasta: string | null;
  texto: string;
  servicio: string | null;
};
type Levantamiento = {
  id: string;
  origenId: string;
  diferimiento: string;
  motivo: string;
  at: string;
  autor: string | null;
  anulado: boolean;
};
type Pendiente = {
  donanteId: string;
  nombre: string;
  apellido: string;
  dni: string;
  donacionId: string;
  numero: number;
  fecha: string;
  eliminada: boolean;
  serologia: Record<string, boolean>;
  diferimiento: { origenId: string; tipo: string; hasta: string | null; texto: string };
};
type PendientesPage = { total: number; offset: number; limit: number; items: Pendiente[] };

let server: TestServer;
let numeroSeq = 0;
let dniSeq = 41_000_000;

const codeOf = (res: GqlResult) => res.errors?.[0].extensions?.code;

/** A servicio with its administrator and a doctor, a technician and an administrative member. */
type Equipo = { admin: Session; medico: string; tecnico: string; administrativo: string };

const member = async (admin: Session, rol: string, nombre: string, apellido: string): Promise<string> =>
  (await registerMember(server, admin, rol, { nombre, apellido })).token;

async function equipo(): Promise<Equipo> {
  const admin = await registerServicio(server);
  ok(await server.gql(`mutation { avanzarContadorEtiquetas(ultimo: 1000000) }`, {}, admin.token));
  return {
    admin,
    medico: await member(admin, 'ROL_MEDICO', 'Laura', 'Benítez'),
    tecnico: await member(admin, 'ROL_TECNICO', 'Pablo', 'Ríos'),
    administrativo: await member(admin, 'ROL_ADMINISTRATIVO', 'Sara', 'Luna'),
  };
}

let a: Equipo;

beforeAll(async () => {
  server = await startTestServer();
  a = await equipo();
});
afterAll(() => server.close());

async function donante(
  e: Equipo = a,
  nombre = 'Juan',
  apellido = 'Pérez',
): Promise<{ id: string; dni: string }> {
  const dni = String((dniSeq += 1));
  const res = await server.gql<{ createDonante: { id: string } }>(
    `mutation ($input: DonanteInput!) { createDonante(input: $input) { id } }`,
    { input: { nombre, apellido, dni, fechaNacimiento: '1990-05-10', sexo: 'Masculino' } },
    e.admin.token,
  );
  return { id: ok(res).createDonante.id, dni };
}

async function donacion(
  donanteId: string,
  fecha: string,
  e: Equipo = a,
): Promise<{ id: string; numero: number }> {
  const input = { donanteId, numero: (numeroSeq += 1), fecha, hora: '10:00', loteBolsa: 'L-1' };
  return ok(
    await server.gql<{ createDonacion: { id: string; numero: number } }>(CREATE, { input }, e.admin.token),
  ).createDonacion;
}

async function resultados(id: string, input: Record<string, unknown>, token: string): Promise<void> {
  ok(await server.gql(RESULTADOS, { id, input }, token));
}

async function levantar(donanteId: string, origenId: string, motivo: string, token: string): Promise<void> {
  ok(await server.gql(LEVANTAR, { donanteId, origenId, motivo }, token));
}

/** The deferral of donation `id` as the three donation lists show it, to `token`'s user. */
async function enLasListas(id: string, donanteId: string, token: string): Promise<(Diferimiento | null)[]> {
  type Fila = { id: string; diferimiento: Diferimiento | null };
  const delDia = ok(
    await server.gql<{ donaciones: { items: Fila[] } }>(LISTA_DEL_DIA, { fecha: TODAY }, token),
  );
  const delDonante = ok(
    await server.gql<{ donacionesDeDonante: Fila[] }>(DEL_DONANTE, { id: donanteId }, token),
  );
  const una = ok(await server.gql<{ donacion: Fila }>(UNA, { id }, token));
  return [
    delDia.donaciones.items.find((d) => d.id === id)?.diferimiento ?? null,
    delDonante.donacionesDeDonante.find((d) => d.id === id)?.diferimiento ?? null,
    una.donacion.diferimiento,
  ];
}

async function levantamientos(donanteId: string, token = a.admin.token) {
  return ok(
    await server.gql<{
      donante: { levantamientos: Levantamiento[]; elegibilidad: { diferimientos: { texto: string }[] } };
    }>(LEVANTAMIENTOS, { id: donanteId }, token),
  ).donante;
}

async function pendientes(
  token: string,
  page?: { offset?: number; limit?: number },
): Promise<PendientesPage> {
  return ok(await server.gql<{ pendientesDecision: PendientesPage }>(PENDIENTES, { page }, token))
    .pendientesDecision;
}

describe("Donacion.diferimiento: the lists say what the donor's rules say", () => {
  it("a lifted HIV deferral leaves every list, for the doctor and for whoever reads next; a marker added later is 'Pendiente' again", async () => {
    const d = await donante();
    const { id, numero } = await donacion(d.id, TODAY);
    await resultados(id, { serologia: { hiv: true } }, a.tecnico);
    const texto = MSG.diferimientoPendiente('HIV', `donación N° ${numero} del ${formatDate(TODAY)}`);
    const pendiente = {
      origenId: id,
      origen: 'donacion',
      tipo: 'Pendiente',
      desde: TODAY,
      hasta: null,
      texto,
      servicio: null,
    };
    expect(await enLasListas(id, d.id, a.tecnico)).toEqual([pendiente, pendiente, pendiente]);

    await levantar(d.id, id, 'Western blot negativo', a.medico);
    // The doctor's own lists and everyone else's: no deferral is left for this donation.
    for (const token of [a.medico, a.admin.token, a.tecnico, a.administrativo]) {
      expect(await enLasListas(id, d.id, token)).toEqual([null, null, null]);
    }

    // The lift covers what was lifted: another marker is a new deferral awaiting a doctor.
    await resultados(id, { serologia: { hiv: true, chagas: true } }, a.tecnico);
    const otra = await enLasListas(id, d.id, a.tecnico);
    expect(otra.map((x) => [x?.tipo, x?.texto])).toEqual(
      Array(3).fill([
        'Pendiente',
        MSG.diferimientoPendiente('HIV, Chagas', `donación N° ${numero} del ${formatDate(TODAY)}`),
      ]),
    );
  });

  it('a temporary exclusion shows until its last day; a definitive one for good; a negative result, none', async () => {
    const d = await donante();
    const vieja = await donacion(d.id, day(-200));
    await resultados(vieja.id, { exclusionDefinitiva: 'Temporal', exclusionTiempo: 180 }, a.tecnico);
    const d2 = await donante();
    const reciente = await donacion(d2.id, day(-10));
    await resultados(reciente.id, { exclusionDefinitiva: 'Temporal', exclusionTiempo: 30 }, a.tecnico);
    const d3 = await donante();
    const definitiva = await donacion(d3.id, day(-400));
    await resultados(definitiva.id, { exclusionDefinitiva: 'Definitiva' }, a.tecnico);
    const d4 = await donante();
    const negativa = await donacion(d4.id, TODAY);
    await resultados(negativa.id, { serologia: { hiv: false }, abo: 'O', rh: 'POSITIVO' }, a.tecnico);

    const [, vencida] = await enLasListas(vieja.id, d.id, a.tecnico);
    expect(vencida).toBeNull();
    const [, temporal] = await enLasListas(reciente.id, d2.id, a.tecnico);
    expect(temporal).toMatchObject({ tipo: 'Temporal', desde: day(-10), hasta: day(20) });
    const [, para] = await enLasListas(definitiva.id, d3.id, a.tecnico);
    expect(para).toMatchObject({ tipo: 'Definitiva', hasta: null });
    expect(await enLasListas(negativa.id, d4.id, a.tecnico)).toEqual([null, null, null]);
  });
});

describe('Donante.levantamientos: who lifted a deferral, when and why', () => {
  it('a lift by the button and one through the results form, newest first, with the deferral as it was', async () => {
    const d = await donante();
    const { id } = await donacion(d.id, day(-100));
    await resultados(id, { serologia: { chagas: true } }, a.tecnico);
    const [antes] = (await levantamientos(d.id)).elegibilidad.diferimientos;
    const inicio = Date.now();
    await levantar(d.id, id, 'Chagas no confirmado por ELISA', a.medico);

    // An earlier donation's definitive exclusion, made milder by the administrator with a reason.
    const anterior = await donacion(d.id, day(-200));
    await resultados(anterior.id, { exclusionDefinitiva: 'Definitiva' }, a.tecnico);
    await resultados(
      anterior.id,
      { exclusionDefinitiva: 'Temporal', exclusionTiempo: 0, motivo: 'Error de carga de la exclusión' },
      a.admin.token,
    );
    const { levantamientos: lista } = await levantamientos(d.id, a.tecnico);
    expect(lista).toEqual([
      {
        id: expect.any(String),
        origenId: anterior.id,
        diferimiento: MSG.diferimientoDefinitivo(
          `donación N° ${anterior.numero} del ${formatDate(day(-200))}`,
        ),
        motivo: 'Error de carga de la exclusión',
        at: expect.any(String),
        autor: expect.stringMatching(/^Servicio /),
        anulado: false,
      },
      {
        id: expect.any(String),
        origenId: id,
        diferimiento: antes.texto,
        motivo: 'Chagas no confirmado por ELISA',
        at: expect.any(String),
        autor: 'Laura Benítez',
        anulado: false,
      },
    ]);
    for (const l of lista) {
      expect(Date.parse(l.at)).toBeGreaterThanOrEqual(inicio - 5000);
      expect(Date.parse(l.at)).toBeLessThanOrEqual(Date.now() + 5000);
    }

    // The lifted exclusion recorded again stands again: that lift is shown as set aside.
    await resultados(anterior.id, { exclusionDefinitiva: 'Definitiva', exclusionTiempo: null }, a.tecnico);
    const despues = (await levantamientos(d.id)).levantamientos;
    expect(despues.map((l) => [l.motivo, l.anulado])).toEqual([
      ['Error de carga de la exclusión', true],
      ['Chagas no confirmado por ELISA', false],
    ]);
  });

  it("a donor without lifts lists none; another servicio's donor is not reachable", async () => {
    const d = await donante();
    expect((await levantamientos(d.id)).levantamientos).toEqual([]);
    const b = await equipo();
    const res = await server.gql(LEVANTAMIENTOS, { id: d.id }, b.admin.token);
    expect(codeOf(res)).toBe('NOT_FOUND');
  });

  it("the migration gives the lifts recorded before it their deferral's words, from the audit entry", async () => {
    const d = await donante();
    const { id } = await donacion(d.id, day(-50));
    await resultados(id, { serologia: { vdrl: true } }, a.tecnico);
    await levantar(d.id, id, 'VDRL no confirmada', a.medico);
    const [{ diferimiento }] = (await levantamientos(d.id)).levantamientos;

    const runner = server.dataSource.createQueryRunner();
    try {
      await runner.startTransaction();
      const migracion = new LevantamientoTexto1764050000000();
      await migracion.down(runner);
      await migracion.up(runner);
      const [row] = await runner.query(`SELECT texto FROM levantamiento_diferimiento WHERE origen_id = $1`, [
        id,
      ]);
      expect(row.texto).toBe(diferimiento);
      await runner.commitTransaction();
    } finally {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      await runner.release();
    }
    expect((await levantamientos(d.id)).levantamientos[0].diferimiento).toBe(diferimiento);
  });
});

describe("pendientesDecision: the doctor's queue", () => {
  it('ROL_MEDICO and ROL_SERVICIO read it; a technician and an administrative member are refused', async () => {
    const e = await equipo();
    for (const token of [e.medico, e.admin.token]) {
      expect(await pendientes(token)).toEqual({ total: 0, offset: 0, limit: 20, items: [] });
    }
    for (const token of [e.tecnico, e.administrativo]) {
      const res = await server.gql(PENDIENTES, {}, token);
      expect(codeOf(res)).toBe('FORBIDDEN');
      expect(res.data ?? null).toBeNull();
    }
    expect(codeOf(await server.gql(PENDIENTES, {}))).toBe('UNAUTHENTICATED');
  });

  it('lists the reactive results nobody decided on, oldest first, and nothing decided, lifted or of another servicio', async () => {
    const e = await equipo();
    const otro = await equipo();
    const ana = await donante(e, 'Ana', 'Gómez');
    const luis = await donante(e, 'Luis', 'Díaz');
    const eva = await donante(e, 'Eva', 'Sosa');
    const primera = await donacion(ana.id, day(-30), e);
    await resultados(primera.id, { serologia: { hiv: true } }, e.tecnico);
    const segunda = await donacion(luis.id, day(-3), e);
    await resultados(segunda.id, { serologia: { hepC: true, htlv: true } }, e.tecnico);
    // Decided: a definitive exclusion, a doctor's temporary one, a lift.
    const decidida = await donacion(eva.id, day(-200), e);
    await resultados(
      decidida.id,
      { serologia: { chagas: true }, exclusionDefinitiva: 'Definitiva' },
      e.tecnico,
    );
    const temporal = await donacion((await donante(e)).id, day(-5), e);
    await resultados(temporal.id, { serologia: { brucelosis: true } }, e.tecnico);
    await resultados(
      temporal.id,
      { exclusionDefinitiva: 'Temporal', exclusionTiempo: 90, motivo: 'Brucelosis tratada' },
      e.medico,
    );
    const levantada = await donante(e);
    const conLevantamiento = await donacion(levantada.id, day(-8), e);
    await resultados(conLevantamiento.id, { serologia: { vdrl: true } }, e.tecnico);
    await levantar(levantada.id, conLevantamiento.id, 'Falso positivo', e.medico);
    // Another servicio's reactive result is that servicio's doctors' to decide.
    const ajena = await donacion((await donante(otro)).id, day(-1), otro);
    await resultados(ajena.id, { serologia: { hiv: true } }, otro.tecnico);

    const cola = await pendientes(e.medico);
    expect(cola.total).toBe(2);
    expect(cola.items).toEqual([
      {
        donanteId: ana.id,
        nombre: 'Ana',
        apellido: 'Gómez',
        dni: ana.dni,
        donacionId: primera.id,
        numero: primera.numero,
        fecha: day(-30),
        eliminada: false,
        serologia: {
          hiv: true,
          hepB: false,
          hepC: false,
          vdrl: false,
          brucelosis: false,
          chagas: false,
          htlv: false,
        },
        diferimiento: {
          origenId: primera.id,
          tipo: 'Pendiente',
          hasta: null,
          texto: MSG.diferimientoPendiente(
            'HIV',
            `donación N° ${primera.numero} del ${formatDate(day(-30))}`,
          ),
        },
      },
      expect.objectContaining({
        donanteId: luis.id,
        donacionId: segunda.id,
        serologia: expect.objectContaining({ hepC: true, htlv: true, hiv: false }),
      }),
    ]);
    expect((await pendientes(otro.admin.token)).items.map((p) => p.donacionId)).toEqual([ajena.id]);

    // A decision takes it off the queue, whoever reads it next.
    await resultados(primera.id, { exclusionDefinitiva: 'Definitiva' }, e.medico);
    expect((await pendientes(e.admin.token)).items.map((p) => p.donacionId)).toEqual([segunda.id]);
    await levantar(luis.id, segunda.id, 'Confirmatorias negativas', e.medico);
    expect(await pendientes(e.medico)).toMatchObject({ total: 0, items: [] });
  });

  it("a deleted donation's result still waits (a deletion is never a lift), on the person's live record", async () => {
    const e = await equipo();
    const d = await donante(e, 'Rosa', 'Paz');
    const { id } = await donacion(d.id, day(-60), e);
    await resultados(id, { serologia: { hepB: true } }, e.tecnico);
    ok(await server.gql(`mutation ($id: ID!) { deleteDonacion(id: $id) { id } }`, { id }, e.tecnico));
    const [eliminada] = (await pendientes(e.medico)).items;
    expect(eliminada).toMatchObject({ donacionId: id, donanteId: d.id, eliminada: true });
    expect(eliminada.diferimiento.texto).toContain('donación eliminada');

    // The donor deleted and registered again: the same person, whose live record is the one to act on.
    ok(await server.gql(`mutation ($id: ID!) { deleteDonante(id: $id) }`, { id: d.id }, e.admin.token));
    const otraVez = ok(
      await server.gql<{ createDonante: { id: string } }>(
        `mutation ($input: DonanteInput!) { createDonante(input: $input) { id } }`,
        {
          input: {
            nombre: 'Rosa',
            apellido: 'Paz',
            dni: d.dni,
            fechaNacimiento: '1990-05-10',
            sexo: 'Masculino',
          },
        },
        e.admin.token,
      ),
    ).createDonante;
    expect((await pendientes(e.medico)).items).toEqual([
      expect.objectContaining({ donacionId: id, donanteId: otraVez.id }),
    ]);
    // And the doctor lifts it on that record.
    await levantar(otraVez.id, id, 'Hepatitis B descartada', e.medico);
    expect((await pendientes(e.medico)).total).toBe(0);
  });

  it('is paginated: offset and limit over the whole queue, with its total', async () => {
    const e = await equipo();
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const { id } = await donacion((await donante(e)).id, day(-10 + i), e);
      await resultados(id, { serologia: { hiv: true } }, e.tecnico);
      ids.push(id);
    }
    const pagina = await pendientes(e.medico, { offset: 2, limit: 2 });
    expect(pagina).toMatchObject({ total: 5, offset: 2, limit: 2 });
    expect(pagina.items.map((p) => p.donacionId)).toEqual(ids.slice(2, 4));
    const fuera = await server.gql(PENDIENTES, { page: { limit: 101 } }, e.medico);
    expect(codeOf(fuera)).toBe('BAD_USER_INPUT');
  });

  it('orden: by donor, number or wait, both ways, over the whole queue before its pages; none: oldest first', async () => {
    const e = await equipo();
    // [apellido, days ago]: numbers grow in this order.
    const cola: { apellido: string; id: string; numero: number }[] = [];
    for (const [apellido, dias] of [
      ['Zárate', 3],
      ['álvarez', 9],
      ['Méndez', 1],
    ] as const) {
      const { id, numero } = await donacion((await donante(e, 'Ana', apellido)).id, day(-dias), e);
      await resultados(id, { serologia: { chagas: true } }, e.tecnico);
      cola.push({ apellido, id, numero });
    }
    const [zarate, alvarez, mendez] = cola.map((c) => c.id);
    const query = `query ($page: PageInput, $orden: PendienteOrden) {
      pendientesDecision(page: $page, orden: $orden) { total items { donacionId } } }`;
    const ordenada = async (orden?: object, page?: object) =>
      ok(await server.gql<{ pendientesDecision: PendientesPage }>(query, { page, orden }, e.medico))
        .pendientesDecision;
    const ids = async (orden?: object) => (await ordenada(orden)).items.map((p) => p.donacionId);
    expect(await ids()).toEqual([alvarez, zarate, mendez]);
    expect(await ids({ campo: 'DONANTE' })).toEqual([alvarez, mendez, zarate]);
    expect(await ids({ campo: 'DONANTE', direccion: 'DESC' })).toEqual([zarate, mendez, alvarez]);
    expect(await ids({ campo: 'NUMERO' })).toEqual([zarate, alvarez, mendez]);
    expect(await ids({ campo: 'NUMERO', direccion: 'DESC' })).toEqual([mendez, alvarez, zarate]);
    expect(await ids({ campo: 'ESPERA' })).toEqual([mendez, zarate, alvarez]);
    expect(await ids({ campo: 'ESPERA', direccion: 'DESC' })).toEqual([alvarez, zarate, mendez]);
    // The second page of an ordered queue is its continuation.
    const segunda = await ordenada({ campo: 'DONANTE', direccion: 'DESC' }, { offset: 1, limit: 1 });
    expect([segunda.total, segunda.items.map((p) => p.donacionId)]).toEqual([3, [mendez]]);
    const mala = await server.gql(query, { orden: { campo: 'SEROLOGIA' } }, e.medico);
    expect([codeOf(mala), mala.errors?.[0].message, mala.data ?? null]).toEqual([
      'BAD_USER_INPUT',
      MSG.datosInvalidos,
      null,
    ]);
  });

  it('reads the partial index of the results awaiting a decision, not every donation of the servicio', async () => {
    const runner = server.dataSource.createQueryRunner();
    try {
      await runner.startTransaction();
      await runner.query(`SET LOCAL enable_seqscan = off`);
      const plan = (await runner.query(`EXPLAIN ${PENDIENTES_SQL}`, [a.admin.servicio])) as {
        'QUERY PLAN': string;
      }[];
      expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain('donacion_pendiente_idx');
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });
});
