/**
 * Donor safety over both APIs against a real Postgres: deferrals from results and screening
 * visits, lifting them, yearly limits and the servicio's rules, each at its exact bound, and under
 * concurrent attempts. The rules themselves are unit-tested in domain/elegibilidad.test.ts; here
 * the answers and the rows.
 */
import { randomUUID } from 'node:crypto';
import { addDays, addYears, formatDate, todayIso } from '../../domain/dates';
import { tipoDonante } from '../../domain/donacion';
import { GqlResult, registerServicio, Session, startTestServer, TestServer } from '../../test-utils/harness';

jest.setTimeout(90_000);

const TODAY = todayIso();
const day = (offset: number) => addDays(TODAY, offset);

const CREATE = `mutation ($input: CreateDonacionInput!) { createDonacion(input: $input) { id numero fecha } }`;
const RESULTADOS = `mutation ($id: ID!, $input: ResultadosDonacionInput!) {
  updateResultadosDonacion(id: $id, input: $input) { message }
}`;
const ELEGIBILIDAD = `query ($id: ID!) { donante(id: $id) {
  puedeDonar proximaDonacion
  elegibilidad { puedeDonar desde motivos { tipo texto hasta } diferimientos { origenId origen tipo desde hasta texto } }
} }`;
const LISTA = `query ($dni: String) { donantes(filter: { dni: $dni }) {
  items { id puedeDonar proximaDonacion elegibilidad { puedeDonar desde motivos { texto } } }
} }`;
const LEVANTAR = `mutation ($donanteId: ID!, $origenId: ID!, $motivo: String!) {
  levantarDiferimiento(donanteId: $donanteId, origenId: $origenId, motivo: $motivo) { id puedeDonar }
}`;
const NO_APTO = `mutation ($input: NoAptoInput!) {
  registrarNoApto(input: $input) { id donanteId fecha hora motivo fc tas diferimientoDias }
}`;
const VISITAS = `query ($id: ID!) { visitasNoApto(donanteId: $id) { id fecha motivo diferimientoDias fc } }`;
const REGLAS = `mutation ($input: ReglasDonacionInput!) {
  updateReglasDonacion(input: $input) { semanasEntreDonaciones limiteAnualHombres limiteAnualMujeres }
}`;

type Elegibilidad = {
  puedeDonar: boolean;
  desde: string | null;
  motivos: { tipo: string; texto: string; hasta: string | null }[];
  diferimientos: { origenId: string; origen: string; tipo: string; hasta: string | null }[];
};

let server: TestServer;
let admin: Session;
let medico: string;
let tecnico: string;
let numeroSeq = 0;
let dniSeq = 40_000_000;

const errorsOf = (res: GqlResult) => res.errors?.[0].extensions?.errors;
const codeOf = (res: GqlResult) => res.errors?.[0].extensions?.code;
const ok = <T>(res: GqlResult<T>): T => {
  if (!res.data) throw new Error(JSON.stringify(res.errors));
  return res.data;
};

async function member(rol: string): Promise<string> {
  const username = `${rol.toLowerCase()}_${randomUUID().slice(0, 8)}`;
  ok(
    await server.gql(
      `mutation ($input: IntegranteInput!) { createIntegrante(input: $input) { integrante { id } } }`,
      {
        input: {
          nombre: 'Ana',
          apellido: rol,
          username,
          password: 'clave-segura',
          password2: 'clave-segura',
          rol,
        },
      },
      admin.token,
    ),
  );
  const login = ok(
    await server.gql<{ login: { token: string } }>(
      `mutation ($input: LoginInput!) { login(input: $input) { token } }`,
      { input: { username, password: 'clave-segura' } },
    ),
  );
  return login.login.token;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await registerServicio(server);
  ok(await server.gql(`mutation { avanzarContadorEtiquetas(ultimo: 1000000) }`, {}, admin.token));
  medico = await member('ROL_MEDICO');
  tecnico = await member('ROL_TECNICO');
});
afterAll(() => server.close());

async function donante(sexo: 'Masculino' | 'Femenino' = 'Masculino'): Promise<{ id: string; dni: string }> {
  const id = randomUUID();
  const dni = String((dniSeq += 1));
  await server.dataSource.query(
    `INSERT INTO donante (id, servicio_id, nombre, apellido, dni, fecha_nacimiento, sexo, provincia_actual,
       nacionalidad, es_voluntario)
     VALUES ($1, $2, 'Juan', 'Pérez', $3, '1990-05-10', $4, 'Buenos Aires', 'Argentina', 'Si')`,
    [id, admin.servicio, dni, sexo],
  );
  return { id, dni };
}

const input = (donanteId: string, fecha: string, extra: Record<string, unknown> = {}) => ({
  donanteId,
  numero: (numeroSeq += 1),
  fecha,
  hora: '10:00',
  loteBolsa: 'L-1',
  ...extra,
});

const create = (donanteId: string, fecha: string, extra: Record<string, unknown> = {}, token = admin.token) =>
  server.gql<{ createDonacion: { id: string } }>(CREATE, { input: input(donanteId, fecha, extra) }, token);

async function createOk(
  donanteId: string,
  fecha: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  return ok(await create(donanteId, fecha, extra)).createDonacion.id;
}

/** POST /api/donacion/ as the original product sends it (fecha YYYYMMDD). */
const createRest = (donanteId: string, fecha: string) =>
  server.rest<{ msg?: string; errors?: { field: string; msg: string }[] }>(
    'POST',
    '/donacion/',
    {
      servicio: admin.servicio,
      donanteId,
      numero: (numeroSeq += 1),
      fecha: fecha.replace(/-/g, ''),
      hora: '10:00',
      tipoBolsa: 'Bolsa Doble',
      loteBolsa: 'L-1',
      sv: '{}',
    },
    admin.token,
  );

async function donaciones(donanteId: string): Promise<number> {
  const [row] = await server.dataSource.query(
    `SELECT count(*)::int AS n FROM donacion WHERE donante_id = $1 AND deleted_at IS NULL`,
    [donanteId],
  );
  return row.n;
}

async function elegibilidad(id: string, token = admin.token): Promise<Elegibilidad> {
  return ok(await server.gql<{ donante: { elegibilidad: Elegibilidad } }>(ELEGIBILIDAD, { id }, token))
    .donante.elegibilidad;
}

const resultados = (id: string, resultadosInput: Record<string, unknown>, token = admin.token) =>
  server.gql(RESULTADOS, { id, input: resultadosInput }, token);

/** The refusal's text over GraphQL (one error) and over REST (400 with the same text), rows unchanged. */
async function expectRefused(donanteId: string, fecha: string, texto: string | RegExp): Promise<void> {
  const antes = await donaciones(donanteId);
  const res = await create(donanteId, fecha);
  expect(codeOf(res)).toBe('BAD_USER_INPUT');
  const msg = errorsOf(res)?.[0].msg ?? '';
  if (typeof texto === 'string') expect(msg).toBe(texto);
  else expect(msg).toMatch(texto);
  const rest = await createRest(donanteId, fecha);
  expect(rest.status).toBe(400);
  expect(JSON.stringify(rest.body)).toContain(JSON.stringify(msg).slice(1, -1));
  expect(await donaciones(donanteId)).toBe(antes);
}

describe('deferrals from results', () => {
  it("'Definitiva' stops every later donation over both APIs, saying so; the lists show it", async () => {
    const d = await donante();
    const id = await createOk(d.id, day(-300));
    ok(await resultados(id, { exclusionDefinitiva: 'Definitiva' }));
    await expectRefused(d.id, day(0), /exclusión definitiva/);
    const e = await elegibilidad(d.id);
    expect(e.puedeDonar).toBe(false);
    expect(e.desde).toBeNull();
    expect(e.diferimientos).toEqual([
      expect.objectContaining({ origenId: id, origen: 'donacion', tipo: 'Definitiva', hasta: null }),
    ]);
    const lista = ok(
      await server.gql<{ donantes: { items: { puedeDonar: boolean; proximaDonacion: string | null }[] } }>(
        LISTA,
        { dni: d.dni },
        admin.token,
      ),
    );
    expect(lista.donantes.items[0]).toMatchObject({ puedeDonar: false, proximaDonacion: null });
    const rest = await server.rest<{ donantes: { puedeDonar: boolean }[] }>(
      'GET',
      `/donante/search?dni=${d.dni}`,
      undefined,
      admin.token,
    );
    expect(rest.body.donantes[0].puedeDonar).toBe(false);
  });

  it("'Temporal' 90 days: day 89 refused with the date, day 90 accepted", async () => {
    const d = await donante();
    const inicio = day(-90);
    const id = await createOk(d.id, inicio);
    ok(await resultados(id, { exclusionDefinitiva: 'Temporal', exclusionTiempo: 90 }));
    const hasta = formatDate(addDays(inicio, 90));
    await expectRefused(
      d.id,
      addDays(inicio, 89),
      new RegExp(`exclusión temporal de 90 días.*Puede donar a partir del ${hasta}`),
    );
    expect((await elegibilidad(d.id)).desde).toBe(TODAY);
    await createOk(d.id, addDays(inicio, 90));
  });

  it('a reactive marker defers until a doctor decides; a technician cannot lift it', async () => {
    const d = await donante();
    const id = await createOk(d.id, day(-200));
    ok(await resultados(id, { serologia: { chagas: true } }, tecnico));
    await expectRefused(
      d.id,
      day(0),
      /serología reactiva \(Chagas\).*a la espera de la decisión de un médico/,
    );
    // Shortening or lifting is a medical decision.
    const porTecnico = await resultados(id, { exclusionDefinitiva: 'Temporal', exclusionTiempo: 0 }, tecnico);
    expect(codeOf(porTecnico)).toBe('FORBIDDEN');
    expect(porTecnico.errors?.[0].message).toBe(
      'Solo un médico o el administrador del servicio puede levantar o acortar un diferimiento',
    );
    const quitar = await resultados(id, { serologia: { chagas: false } }, tecnico);
    expect(codeOf(quitar)).toBe('FORBIDDEN');
    // A stricter decision is anyone's to record.
    ok(await resultados(id, { exclusionDefinitiva: 'Definitiva' }, tecnico));
    ok(await resultados(id, { exclusionDefinitiva: 'Temporal', exclusionTiempo: 0 }, medico));
    expect((await elegibilidad(d.id)).puedeDonar).toBe(true);
    await createOk(d.id, day(0));
  });
});

describe('lifting a deferral', () => {
  it('only a doctor or the administrator, with a reason, audited; the donor may then donate', async () => {
    const d = await donante();
    const id = await createOk(d.id, day(-100));
    ok(await resultados(id, { exclusionDefinitiva: 'Definitiva' }));
    const vars = {
      donanteId: d.id,
      origenId: id,
      motivo: 'Resultado confirmado negativo por el laboratorio',
    };
    expect(codeOf(await server.gql(LEVANTAR, vars, tecnico))).toBe('FORBIDDEN');
    const sinMotivo = await server.gql(LEVANTAR, { ...vars, motivo: '   ' }, medico);
    expect(errorsOf(sinMotivo)).toEqual([{ field: 'motivo', msg: 'Requerido' }]);
    const otro = await server.gql(LEVANTAR, { ...vars, origenId: randomUUID() }, medico);
    expect(errorsOf(otro)).toEqual([
      { field: 'origenId', msg: 'El donante no tiene ese diferimiento vigente' },
    ]);
    const [{ n: antes }] = await server.dataSource.query(
      `SELECT count(*)::int AS n FROM levantamiento_diferimiento WHERE donante_id = $1`,
      [d.id],
    );
    expect(antes).toBe(0);

    const res = ok(
      await server.gql<{ levantarDiferimiento: { puedeDonar: boolean } }>(LEVANTAR, vars, medico),
    );
    expect(res.levantarDiferimiento.puedeDonar).toBe(true);
    const [audit] = await server.dataSource.query(
      `SELECT accion, entidad, cambios FROM auditoria WHERE entidad_id = $1 AND accion = 'levantar'`,
      [d.id],
    );
    expect(audit.cambios).toMatchObject({ origenId: id, motivo: vars.motivo });
    // Lifted once: a second lift finds nothing in force.
    expect(errorsOf(await server.gql(LEVANTAR, vars, medico))?.[0].msg).toBe(
      'El donante no tiene ese diferimiento vigente',
    );
    await createOk(d.id, day(0));
  });

  it("another servicio's donor is not found", async () => {
    const otro = await registerServicio(server);
    const d = await donante();
    const res = await server.gql(LEVANTAR, { donanteId: d.id, origenId: d.id, motivo: 'x' }, otro.token);
    expect(codeOf(res)).toBe('NOT_FOUND');
  });
});

describe('yearly limits', () => {
  /** `n` donations 8 weeks apart ending 56 days before `fin`. */
  async function historia(id: string, n: number, primera: string) {
    for (let i = 0; i < n; i++) await createOk(id, addDays(primera, i * 56));
  }

  it('men: the 4th in 12 months accepted, the 5th refused until a year after the 1st; apheresis apart', async () => {
    const d = await donante('Masculino');
    const primera = day(-300);
    await historia(d.id, 3, primera);
    await createOk(d.id, addDays(primera, 168));
    const quinta = addDays(primera, 224);
    const desde = formatDate(addYears(primera, 1));
    await expectRefused(
      d.id,
      quinta,
      `Alcanzó el límite anual: 4 donaciones de sangre entera en 12 meses para hombres. Puede donar a partir del ${desde}.`,
    );
    expect((await elegibilidad(d.id)).desde).toBe(addYears(primera, 1));
    // Apheresis is outside the whole-blood limit.
    await createOk(d.id, quinta, { donacionAferesis: true });
  });

  it('women: the 3rd accepted, the 4th refused', async () => {
    const d = await donante('Femenino');
    const primera = day(-400);
    await historia(d.id, 2, primera);
    await createOk(d.id, addDays(primera, 112));
    await expectRefused(
      d.id,
      addDays(primera, 168),
      `Alcanzó el límite anual: 3 donaciones de sangre entera en 12 meses para mujeres. Puede donar a partir del ${formatDate(addYears(primera, 1))}.`,
    );
    // A year after the first, the window holds two: accepted.
    await createOk(d.id, addYears(primera, 1));
  });

  it('20 concurrent attempts at the 4th, 5th, … donation of a man: exactly one is recorded', async () => {
    const d = await donante('Masculino');
    const primera = day(-340);
    await historia(d.id, 3, primera);
    const fechas = [168, 224, 280, 336].map((o) => addDays(primera, o));
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => create(d.id, fechas[i % 4])));
    expect(results.filter((r) => r.data?.createDonacion)).toHaveLength(1);
    for (const r of results.filter((x) => x.errors)) expect(codeOf(r)).toBe('BAD_USER_INPUT');
    expect(await donaciones(d.id)).toBe(4);
  });

  it("the servicio's stricter rules apply; looser ones are refused; only its administrator sets them", async () => {
    const otro = await registerServicio(server);
    const bad = await server.gql(
      REGLAS,
      { input: { semanasEntreDonaciones: 7, limiteAnualHombres: 5, limiteAnualMujeres: 0 } },
      otro.token,
    );
    expect(errorsOf(bad)).toEqual([
      { field: 'semanasEntreDonaciones', msg: 'Debe ser un número entero entre 8 y 52' },
      { field: 'limiteAnualHombres', msg: 'Debe ser un número entero entre 1 y 4' },
      { field: 'limiteAnualMujeres', msg: 'Debe ser un número entero entre 1 y 3' },
    ]);
    expect(
      codeOf(
        await server.gql(
          REGLAS,
          { input: { semanasEntreDonaciones: 10, limiteAnualHombres: 2, limiteAnualMujeres: 2 } },
          medico,
        ),
      ),
    ).toBe('FORBIDDEN');
    const [antes] = await server.dataSource.query(
      `SELECT semanas_entre_donaciones AS s, limite_anual_hombres AS h FROM servicio WHERE id = $1`,
      [admin.servicio],
    );
    expect(antes).toEqual({ s: 8, h: 4 });

    const reglas = { semanasEntreDonaciones: 12, limiteAnualHombres: 2, limiteAnualMujeres: 2 };
    expect(ok(await server.gql(REGLAS, { input: reglas }, otro.token))).toEqual({
      updateReglasDonacion: reglas,
    });
    const [audit] = await server.dataSource.query(
      `SELECT cambios FROM auditoria WHERE servicio_id = $1 AND entidad = 'servicio' AND accion = 'editar'`,
      [otro.servicio],
    );
    expect(audit.cambios).toEqual({
      semanasEntreDonaciones: [8, 12],
      limiteAnualHombres: [4, 2],
      limiteAnualMujeres: [3, 2],
    });
    // The other servicio's own donors follow its own rules.
    ok(await server.gql(`mutation { avanzarContadorEtiquetas(ultimo: 1000) }`, {}, otro.token));
    const id = randomUUID();
    await server.dataSource.query(
      `INSERT INTO donante (id, servicio_id, nombre, apellido, dni, fecha_nacimiento, sexo, provincia_actual,
         nacionalidad, es_voluntario)
       VALUES ($1, $2, 'Juan', 'Gómez', '55555555', '1990-05-10', 'Masculino', 'Buenos Aires', 'Argentina', 'Si')`,
      [id, otro.servicio],
    );
    const crear = (fecha: string, numero: number) =>
      server.gql(
        CREATE,
        { input: { donanteId: id, numero, fecha, hora: '09:00', loteBolsa: 'L' } },
        otro.token,
      );
    ok(await crear(day(-300), 1));
    const once = await crear(addDays(day(-300), 83), 2);
    expect(errorsOf(once)?.[0].msg).toBe(
      `Este donante dono hace menos de 12 semanas (${formatDate(day(-300))}).`,
    );
    ok(await crear(addDays(day(-300), 84), 3));
    const tercera = await crear(addDays(day(-300), 168), 4);
    expect(errorsOf(tercera)?.[0].msg).toMatch(/^Alcanzó el límite anual: 2 donaciones/);
  });
});

describe("'No apto' screening visits", () => {
  it('records the reason and out-of-bounds values; its deferral ends on day N', async () => {
    const d = await donante();
    const fecha = day(-40);
    const res = ok(
      await server.gql<{ registrarNoApto: Record<string, unknown> }>(
        NO_APTO,
        {
          input: {
            donanteId: d.id,
            fecha,
            hora: '08:15',
            motivo: 'Taquicardia en el control previo',
            sv: { fc: 120, tas: 190 },
            diferimientoDias: 30,
          },
        },
        tecnico,
      ),
    );
    expect(res.registrarNoApto).toMatchObject({
      fecha,
      hora: '08:15',
      fc: 120,
      tas: 190,
      diferimientoDias: 30,
    });
    await expectRefused(
      d.id,
      addDays(fecha, 29),
      /no apto el .*Taquicardia en el control previo.*por 30 días/,
    );
    await createOk(d.id, addDays(fecha, 30));
    const visitas = ok(await server.gql<{ visitasNoApto: unknown[] }>(VISITAS, { id: d.id }, admin.token));
    expect(visitas.visitasNoApto).toHaveLength(1);
    const [audit] = await server.dataSource.query(
      `SELECT accion FROM auditoria WHERE entidad = 'visita_no_apto' AND entidad_id = $1`,
      [(res.registrarNoApto as { id: string }).id],
    );
    expect(audit.accion).toBe('crear');
  });

  it('refuses a bad visit in Spanish and writes nothing', async () => {
    const d = await donante();
    const res = await server.gql(
      NO_APTO,
      {
        input: {
          donanteId: d.id,
          fecha: day(1),
          hora: '25:00',
          motivo: ' ',
          sv: { fc: 900 },
          diferimientoDias: 400,
        },
      },
      admin.token,
    );
    expect(errorsOf(res)).toEqual([
      { field: 'fecha', msg: 'La fecha no puede ser posterior a hoy' },
      { field: 'hora', msg: 'Debe proporcionar una hora válida (HH:mm)' },
      { field: 'motivo', msg: 'Requerido' },
      { field: 'diferimientoDias', msg: 'Debe ser un número entero entre 0 y 365' },
      { field: 'sv.fc', msg: 'Valor no permitido' },
    ]);
    const otro = await registerServicio(server);
    const ajeno = await server.gql(
      NO_APTO,
      { input: { donanteId: d.id, fecha: day(0), hora: '08:00', motivo: 'x' } },
      otro.token,
    );
    expect(codeOf(ajeno)).toBe('NOT_FOUND');
    const [{ n }] = await server.dataSource.query(
      `SELECT count(*)::int AS n FROM visita_no_apto WHERE donante_id = $1`,
      [d.id],
    );
    expect(n).toBe(0);
  });
});

describe('the donor type comes from the recorded history as well as the flag', () => {
  it('the first donation of a person is "primera vez", a later one "habitual"', async () => {
    const d = await donante();
    const primera = await createOk(d.id, day(-200));
    const segunda = await createOk(d.id, day(-100));
    const previas = async (id: string) =>
      ok(
        await server.gql<{ donacion: { donacionesPrevias: number } }>(
          `query ($id: ID!) { donacion(id: $id) { donacionesPrevias } }`,
          { id },
          admin.token,
        ),
      ).donacion.donacionesPrevias;
    expect(await previas(primera)).toBe(0);
    expect(await previas(segunda)).toBe(1);
    expect(tipoDonante('Si', false, 0)).toBe('Voluntario primera vez');
    expect(tipoDonante('Si', false, 1)).toBe('Voluntario habitual/esporádico');
    expect(tipoDonante('No', true, 0)).toBe('Reposición habitual/esporádico');
  });
});

describe('two records of one person (awaiting a merge) share one history', () => {
  it('20 concurrent donations split across both records: exactly one is recorded', async () => {
    const a = await donante();
    const b = randomUUID();
    await server.dataSource.query(
      `INSERT INTO donante (id, servicio_id, nombre, apellido, dni, fecha_nacimiento, sexo, provincia_actual,
         nacionalidad, es_voluntario, duplicado_de)
       VALUES ($1, $2, 'Juan', 'Perez', $3, '1990-05-10', 'Masculino', 'Buenos Aires', 'Argentina', 'Si', $4)`,
      [b, admin.servicio, a.dni, a.id],
    );
    const fecha = day(-3);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => create(i % 2 ? a.id : b, fecha)));
    expect(results.filter((r) => r.data?.createDonacion)).toHaveLength(1);
    for (const r of results.filter((x) => x.errors)) {
      expect(errorsOf(r)).toEqual([
        { field: 'fecha', msg: `Este donante dono hace menos de 8 semanas (${formatDate(fecha)}).` },
      ]);
    }
    expect((await donaciones(a.id)) + (await donaciones(b))).toBe(1);
    // Each record's lists say the person cannot donate today.
    expect((await elegibilidad(a.id)).puedeDonar).toBe(false);
    expect((await elegibilidad(b)).puedeDonar).toBe(false);
  });
});
