/**
 * Donor safety over both APIs against a real Postgres: deferrals from results and screening
 * visits, lifting them, yearly limits and the servicio's rules, each at its exact bound, and under
 * concurrent attempts. The rules themselves are unit-tested in domain/elegibilidad.test.ts; here
 * the answers and the rows.
 */
import { randomUUID } from 'node:crypto';
import { addDays, addYears, formatDate, todayIso } from '../../domain/dates';
import { tipoDonante } from '../../domain/donacion';
import { MSG } from '../../domain/messages';
import type { RunQuery } from '../../database/prepared';
import {
  GqlResult,
  registerMember,
  registerServicio,
  Session,
  startTestServer,
  TestServer,
  ok,
} from '../../test-utils/harness';
import { historialDe, historialDelRegistro } from '../persona/persona.service';

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
const DELETE_DONACION = `mutation ($id: ID!) { deleteDonacion(id: $id) { id } }`;
const RESTAURAR_DONACION = `mutation ($id: ID!) { restaurarDonacion(id: $id) { id } }`;
const CREATE_DONANTE = `mutation ($input: DonanteInput!) { createDonante(input: $input) { id dni } }`;
const UPDATE_DONANTE = `mutation ($id: ID!, $input: DonanteInput!) { updateDonante(id: $id, input: $input) { id sexo } }`;
const PREVIAS = `query ($id: ID!) { donacion(id: $id) { donacionesPrevias } }`;
const REGLAS = `mutation ($input: ReglasDonacionInput!) {
  updateReglasDonacion(input: $input) { semanasEntreDonaciones limiteAnualHombres limiteAnualMujeres }
}`;

type Elegibilidad = {
  puedeDonar: boolean;
  desde: string | null;
  motivos: { tipo: string; texto: string; hasta: string | null }[];
  diferimientos: { origenId: string; origen: string; tipo: string; hasta: string | null; texto: string }[];
};

let server: TestServer;
let admin: Session;
let medico: string;
let tecnico: string;
let numeroSeq = 0;
let dniSeq = 40_000_000;

const errorsOf = (res: GqlResult) => res.errors?.[0].extensions?.errors;
const codeOf = (res: GqlResult) => res.errors?.[0].extensions?.code;

const member = async (rol: string): Promise<string> => (await registerMember(server, admin, rol)).token;

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
const createRest = (donanteId: string, fecha: string, token = admin.token) =>
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
    token,
  );

type Api = 'GraphQL' | 'REST';
const APIS: Api[] = ['GraphQL', 'REST'];

/** A donation the rules must accept, recorded over `api`: one more live donation. */
async function aceptada(api: Api, donanteId: string, fecha: string): Promise<void> {
  const antes = await donaciones(donanteId);
  if (api === 'GraphQL') await createOk(donanteId, fecha);
  else {
    const res = await createRest(donanteId, fecha);
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  }
  expect(await donaciones(donanteId)).toBe(antes + 1);
}

/** PUT /api/donacion/{id}/donante/{donorId}: the results over REST. */
const resultadosRest = (id: string, donanteId: string, body: Record<string, unknown>, token = admin.token) =>
  server.rest<{ errors?: { msg: string; param?: string }[] }>(
    'PUT',
    `/donacion/${id}/donante/${donanteId}`,
    body,
    token,
  );

type Levantamiento = { origen_id: string; clave: string; motivo: string; anulado: boolean };
const levantamientosDe = (donanteId: string): Promise<Levantamiento[]> =>
  server.dataSource.query(
    `SELECT origen_id, clave, motivo, anulado_at IS NOT NULL AS anulado FROM levantamiento_diferimiento
      WHERE donante_id = $1 ORDER BY created_at`,
    [donanteId],
  );

const resultadoDe = async (id: string) =>
  (
    await server.dataSource.query(
      `SELECT serologia, exclusion_definitiva AS "exclusionDefinitiva", exclusion_tiempo AS "exclusionTiempo",
         numero FROM donacion WHERE id = $1`,
      [id],
    )
  )[0];

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
    // Making it milder is a doctor's decision, with its reason.
    const sinMotivo = await resultados(id, { exclusionDefinitiva: 'Temporal', exclusionTiempo: 0 }, medico);
    expect(errorsOf(sinMotivo)).toEqual([{ field: 'motivo', msg: 'Requerido' }]);
    expect(await resultadoDe(id)).toMatchObject({ exclusionDefinitiva: 'Definitiva' });
    ok(
      await resultados(
        id,
        { exclusionDefinitiva: 'Temporal', exclusionTiempo: 0, motivo: 'Confirmatoria negativa' },
        medico,
      ),
    );
    expect((await elegibilidad(d.id)).puedeDonar).toBe(true);
    await createOk(d.id, day(0));
  });

  it.each(APIS)("'Temporal' 90 days: day 90 accepted over %s", async (api) => {
    const d = await donante();
    const inicio = day(-90);
    const id = await createOk(d.id, inicio);
    ok(await resultados(id, { exclusionDefinitiva: 'Temporal', exclusionTiempo: 90 }, tecnico));
    await expectRefused(d.id, addDays(inicio, 89), /exclusión temporal de 90 días/);
    await aceptada(api, d.id, addDays(inicio, 90));
  });
});

describe('results: only a doctor or the administrator decides', () => {
  it('a technician cannot record the decision on a reactive result, in one request or in two, over both APIs', async () => {
    const d = await donante();
    const id = await createOk(d.id, day(-100));
    const decision = { serologia: { hiv: true }, exclusionDefinitiva: 'Temporal', exclusionTiempo: 0 };
    const gql = await resultados(id, decision, tecnico);
    expect([codeOf(gql), gql.errors?.[0].message]).toEqual(['FORBIDDEN', MSG.reactivoEsperaMedico]);
    const rest = await resultadosRest(id, d.id, decision, tecnico);
    expect([rest.status, rest.body.errors]).toEqual([403, [{ msg: MSG.reactivoEsperaMedico }]]);
    expect(await resultadoDe(id)).toMatchObject({ serologia: null, exclusionDefinitiva: null });
    // Two steps: the exclusion first (nothing reactive yet), then the marker.
    ok(await resultados(id, { exclusionDefinitiva: 'Temporal', exclusionTiempo: 0 }, tecnico));
    const marcador = await resultadosRest(id, d.id, { serologia: '{"hiv":true}' }, tecnico);
    expect([marcador.status, marcador.body.errors]).toEqual([403, [{ msg: MSG.reactivoEsperaMedico }]]);
    expect((await resultadoDe(id)).serologia).toBeNull();
    // Leaving the decision to a doctor is the technician's to record, and 'Definitiva' always is.
    ok(
      await resultados(
        id,
        { serologia: { hiv: true }, exclusionDefinitiva: null, exclusionTiempo: null },
        tecnico,
      ),
    );
    expect((await elegibilidad(d.id)).diferimientos).toEqual([
      expect.objectContaining({ tipo: 'Pendiente' }),
    ]);
    const definitiva = await resultadosRest(id, d.id, { exclusionDefinitiva: 'Definitiva' }, tecnico);
    expect(definitiva.status).toBe(200);
    expect((await elegibilidad(d.id)).diferimientos).toEqual([
      expect.objectContaining({ tipo: 'Definitiva' }),
    ]);
  });

  it('a doctor makes a deferral milder only with a reason, recorded and audited as a lift (both APIs)', async () => {
    const d = await donante();
    const id = await createOk(d.id, day(-100));
    ok(await resultados(id, { serologia: { chagas: true } }, tecnico));
    const decision = { exclusionDefinitiva: 'Temporal', exclusionTiempo: 0 };
    const gql = await resultados(id, { ...decision, motivo: '  ' }, medico);
    expect(errorsOf(gql)).toEqual([{ field: 'motivo', msg: 'Requerido' }]);
    const rest = await resultadosRest(id, d.id, decision, medico);
    expect([rest.status, rest.body.errors]).toEqual([400, [{ msg: 'Requerido', param: 'motivo' }]]);
    expect(await resultadoDe(id)).toMatchObject({ exclusionDefinitiva: null });
    expect(await levantamientosDe(d.id)).toEqual([]);
    const [{ texto }] = (await elegibilidad(d.id)).diferimientos;

    const motivo = 'Confirmatoria de Chagas negativa';
    const ok200 = await resultadosRest(id, d.id, { ...decision, motivo: ` ${motivo} ` }, medico);
    expect(ok200.status).toBe(200);
    expect(await levantamientosDe(d.id)).toEqual([
      { origen_id: id, clave: expect.stringMatching(/^Pendiente:.*chagas$/), motivo, anulado: false },
    ]);
    const audit = await server.dataSource.query(
      `SELECT cambios FROM auditoria WHERE entidad = 'donante' AND entidad_id = $1 AND accion = 'levantar'`,
      [d.id],
    );
    expect(audit).toEqual([{ cambios: { diferimiento: texto, origen: 'donacion', origenId: id, motivo } }]);
    expect((await elegibilidad(d.id)).puedeDonar).toBe(true);
    // The same results again, or a stricter one, ask for nothing.
    ok(await resultados(id, { ...decision, abo: 'A' }, medico));
    expect(await levantamientosDe(d.id)).toHaveLength(1);
  });

  it('a lift covers what the deferral was made of: a marker added later, or the lifted result recorded again, defers', async () => {
    const d = await donante();
    const id = await createOk(d.id, day(-100));
    ok(await resultados(id, { serologia: { chagas: true } }, tecnico));
    ok(await server.gql(LEVANTAR, { donanteId: d.id, origenId: id, motivo: 'Chagas no confirmado' }, medico));
    expect((await elegibilidad(d.id)).puedeDonar).toBe(true);
    ok(await resultados(id, { serologia: { chagas: true, hiv: true } }, tecnico));
    await expectRefused(d.id, day(0), /serología reactiva \(HIV, Chagas\)/);

    ok(await resultados(id, { exclusionDefinitiva: 'Definitiva' }, tecnico));
    const motivo = 'Falso positivo confirmado por el laboratorio de referencia';
    ok(await resultados(id, { exclusionDefinitiva: 'Temporal', exclusionTiempo: 0, motivo }, medico));
    expect((await elegibilidad(d.id)).puedeDonar).toBe(true);
    // The definitive exclusion recorded again is a new deferral: the earlier lift no longer covers it.
    ok(await resultados(id, { exclusionDefinitiva: 'Definitiva', exclusionTiempo: null }, tecnico));
    await expectRefused(d.id, day(0), /exclusión definitiva/);
    expect((await levantamientosDe(d.id)).map((l) => [l.motivo, l.anulado])).toEqual([
      ['Chagas no confirmado', false],
      [motivo, true],
    ]);
  });
});

describe('a deletion is never a lift', () => {
  it("deleting the donation with 'Definitiva' keeps the deferral; a doctor lifts it by that donation", async () => {
    const d = await donante();
    const fecha = day(-20);
    const id = await createOk(d.id, fecha);
    ok(await resultados(id, { exclusionDefinitiva: 'Definitiva' }, tecnico));
    ok(await server.gql(DELETE_DONACION, { id }, tecnico));
    const { numero } = await resultadoDe(id);
    const texto = `Donante diferido: exclusión definitiva (donación eliminada N° ${numero} del ${formatDate(fecha)}).`;
    await expectRefused(d.id, day(0), texto);
    const e = await elegibilidad(d.id);
    expect(e.diferimientos).toEqual([expect.objectContaining({ origenId: id, tipo: 'Definitiva', texto })]);
    expect(codeOf(await server.gql(LEVANTAR, { donanteId: d.id, origenId: id, motivo: 'x' }, tecnico))).toBe(
      'FORBIDDEN',
    );
    ok(
      await server.gql(
        LEVANTAR,
        { donanteId: d.id, origenId: id, motivo: 'Registrada en otro donante' },
        medico,
      ),
    );
    expect(await levantamientosDe(d.id)).toEqual([
      expect.objectContaining({ origen_id: id, anulado: false }),
    ]);
    // The deleted donation did not happen: 20 days later the interval lets the donor through.
    await aceptada('REST', d.id, day(0));
  });

  it('a donor deleted and created again with the same DNI keeps the history: deferral, interval and yearly limit', async () => {
    const d = await donante('Femenino');
    await createOk(d.id, day(-300));
    const b = await createOk(d.id, day(-200));
    await createOk(d.id, day(-20));
    ok(await resultados(b, { exclusionDefinitiva: 'Definitiva' }, tecnico));
    const borrado = await server.rest('DELETE', `/donante/${d.id}`, undefined, tecnico);
    expect(borrado.status).toBe(200);
    const nuevo = ok(
      await server.gql<{ createDonante: { id: string } }>(
        CREATE_DONANTE,
        {
          input: {
            nombre: 'Juana',
            apellido: 'Pérez',
            dni: `${d.dni.slice(0, 2)}\u2011${d.dni.slice(2)}`,
            fechaNacimiento: '1990-05-10',
            sexo: 'Femenino',
          },
        },
        tecnico,
      ),
    ).createDonante;
    const e = await elegibilidad(nuevo.id);
    expect(e.motivos.map((m) => m.tipo)).toEqual(['intervalo', 'limiteAnual', 'diferimiento']);
    expect(e.diferimientos.map((x) => x.origenId)).toEqual([b]);
    await expectRefused(
      nuevo.id,
      day(0),
      /dono hace menos de 8 semanas.*límite anual: 3.*exclusión definitiva/,
    );
  });

  it("a donor deleted and created again is not 'primera vez'", async () => {
    const d = await donante();
    await createOk(d.id, day(-100));
    ok(await server.gql(`mutation ($id: ID!) { deleteDonante(id: $id) }`, { id: d.id }, tecnico));
    const nuevo = await server.rest<{ _id: string }>(
      'POST',
      '/donante/',
      {
        nombre: 'Juan',
        apellido: 'Pérez',
        dni: `${d.dni.slice(0, 2)}.${d.dni.slice(2, 5)}.${d.dni.slice(5)}`,
        fechaNacimiento: '1990-05-10',
        servicio: admin.servicio,
      },
      tecnico,
    );
    expect(nuevo.status).toBe(200);
    const id = await createOk(nuevo.body._id, day(0));
    const previas = ok(
      await server.gql<{ donacion: { donacionesPrevias: number } }>(PREVIAS, { id }, admin.token),
    );
    expect(previas.donacion.donacionesPrevias).toBe(1);
  });
});

describe('restore obeys the same rules', () => {
  it("a deleted donation's restore is refused by a deferral; its own deferral never stops it", async () => {
    const d = await donante();
    const x = await createOk(d.id, day(-200));
    ok(await server.gql(DELETE_DONACION, { id: x }, admin.token));
    const y = await createOk(d.id, day(-100));
    ok(await resultados(y, { exclusionDefinitiva: 'Definitiva' }));
    const res = await server.gql(RESTAURAR_DONACION, { id: x }, admin.token);
    expect([codeOf(res), errorsOf(res)?.[0].msg]).toEqual([
      'BAD_USER_INPUT',
      expect.stringMatching(/exclusión definitiva/),
    ]);
    expect(await donaciones(d.id)).toBe(1);

    const otro = await donante();
    const z = await createOk(otro.id, day(-100));
    ok(await resultados(z, { exclusionDefinitiva: 'Definitiva' }));
    ok(await server.gql(DELETE_DONACION, { id: z }, admin.token));
    ok(await server.gql(RESTAURAR_DONACION, { id: z }, admin.token));
    expect(await donaciones(otro.id)).toBe(1);
  });

  it('a restore that would make a 4th donation in 12 months for a woman is refused', async () => {
    const d = await donante('Femenino');
    await createOk(d.id, day(-300));
    await createOk(d.id, day(-240));
    const x = await createOk(d.id, day(-180));
    ok(await server.gql(DELETE_DONACION, { id: x }, admin.token));
    await createOk(d.id, day(-120));
    const res = await server.gql(RESTAURAR_DONACION, { id: x }, admin.token);
    expect(errorsOf(res)?.[0].msg).toMatch(
      /^Alcanzó el límite anual: 3 donaciones de sangre entera en 12 meses para mujeres/,
    );
    const [row] = await server.dataSource.query(
      `SELECT deleted_at IS NOT NULL AS borrada FROM donacion WHERE id = $1`,
      [x],
    );
    expect(row.borrada).toBe(true);
  });
});

describe('ids in upper case', () => {
  it('a donor id in upper case is the same donor for every rule, over both APIs', async () => {
    const d = await donante();
    const upper = d.id.toUpperCase();
    const id = await createOk(upper, day(-20));
    const [donor] = await server.dataSource.query(
      `SELECT ultima_donacion::text AS u FROM donante WHERE id = $1`,
      [d.id],
    );
    expect(donor.u).toBe(day(-20));
    const again = await create(upper, day(0));
    expect(errorsOf(again)).toEqual([
      { field: 'fecha', msg: `Este donante dono hace menos de 8 semanas (${formatDate(day(-20))}).` },
    ]);
    const rest = await createRest(upper, day(0));
    expect(rest.status).toBe(400);
    const put = await resultadosRest(id, upper, { exclusionDefinitiva: 'Definitiva' });
    expect(put.status).toBe(200);
    ok(
      await server.gql(
        LEVANTAR,
        { donanteId: upper, origenId: id.toUpperCase(), motivo: 'Error de carga' },
        medico,
      ),
    );
    expect(await levantamientosDe(d.id)).toEqual([expect.objectContaining({ origen_id: id })]);
    expect(await donaciones(d.id)).toBe(1);
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

  it.each(APIS)('the interval over %s: day 55 refused, day 56 accepted', async (api) => {
    const d = await donante();
    const primera = day(-56);
    await createOk(d.id, primera);
    await expectRefused(
      d.id,
      addDays(primera, 55),
      `Este donante dono hace menos de 8 semanas (${formatDate(primera)}).`,
    );
    await aceptada(api, d.id, addDays(primera, 56));
  });

  it.each(APIS)(
    'men over %s: the 4th in 12 months accepted, the 5th refused until a year after the 1st; apheresis apart',
    async (api) => {
      const d = await donante('Masculino');
      const primera = day(-300);
      await historia(d.id, 3, primera);
      await aceptada(api, d.id, addDays(primera, 168));
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
    },
  );

  it.each(APIS)('women over %s: the 3rd accepted, the 4th refused', async (api) => {
    const d = await donante('Femenino');
    const primera = day(-400);
    await historia(d.id, 2, primera);
    await aceptada(api, d.id, addDays(primera, 112));
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

  it('changing the sex of a donor with donations is a medical decision, over both APIs', async () => {
    const d = await donante('Femenino');
    const primera = day(-300);
    await historia(d.id, 3, primera);
    await expectRefused(d.id, addDays(primera, 168), /^Alcanzó el límite anual: 3 /);
    const input = {
      nombre: 'Juan',
      apellido: 'Pérez',
      dni: d.dni,
      fechaNacimiento: '1990-05-10',
      sexo: 'Masculino',
    };
    const gql = await server.gql(UPDATE_DONANTE, { id: d.id, input }, tecnico);
    expect([codeOf(gql), gql.errors?.[0].message]).toEqual(['FORBIDDEN', MSG.soloMedicoCambiaSexo]);
    const rest = await server.rest<{ errors: unknown }>(
      'PUT',
      `/donante/${d.id}`,
      { ...input, servicio: admin.servicio },
      tecnico,
    );
    expect([rest.status, rest.body.errors]).toEqual([403, [{ msg: MSG.soloMedicoCambiaSexo }]]);
    const [row] = await server.dataSource.query(`SELECT sexo FROM donante WHERE id = $1`, [d.id]);
    expect(row.sexo).toBe('Femenino');
    await expectRefused(d.id, addDays(primera, 168), /^Alcanzó el límite anual: 3 /);
    // Anything else is the technician's to change; the sex, a doctor's.
    ok(
      await server.gql(
        UPDATE_DONANTE,
        { id: d.id, input: { ...input, sexo: 'Femenino', telefono: '11-5555-0000' } },
        tecnico,
      ),
    );
    ok(await server.gql(UPDATE_DONANTE, { id: d.id, input }, medico));
    // A donor without donations: anyone.
    const otro = await donante('Femenino');
    ok(await server.gql(UPDATE_DONANTE, { id: otro.id, input: { ...input, dni: otro.dni } }, tecnico));
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
  it.each(APIS)(
    'records the reason and out-of-bounds values; its deferral ends on day N (%s)',
    async (api) => {
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
      await aceptada(api, d.id, addDays(fecha, 30));
      const visitas = ok(await server.gql<{ visitasNoApto: unknown[] }>(VISITAS, { id: d.id }, admin.token));
      expect(visitas.visitasNoApto).toHaveLength(1);
      const [audit] = await server.dataSource.query(
        `SELECT accion FROM auditoria WHERE entidad = 'visita_no_apto' AND entidad_id = $1`,
        [(res.registrarNoApto as { id: string }).id],
      );
      expect(audit.accion).toBe('crear');
    },
  );

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

describe('indexes', () => {
  it("a person's history reads its records by DNI, deleted ones too, and their donations by index", async () => {
    const s = await registerServicio(server);
    await server.dataSource.query(
      `INSERT INTO donante (id, servicio_id, nombre, apellido, dni, fecha_nacimiento, sexo, provincia_actual,
         nacionalidad, es_voluntario, deleted_at)
       SELECT gen_random_uuid(), $1, 'Nombre', 'Apellido' || i, (30000000 + i / 2)::text, '1990-01-01',
         'Masculino', 'Buenos Aires', 'Argentina', 'Si', CASE WHEN i % 2 = 0 THEN now() END
       FROM generate_series(1, 4000) AS i`,
      [s.servicio],
    );
    await server.dataSource.query(
      `INSERT INTO donacion (id, servicio_id, donante_id, numero, fecha, hora, tipo_bolsa, lote_bolsa, deleted_at)
       SELECT gen_random_uuid(), d.servicio_id, d.id, row_number() OVER (), '2025-01-01', '10:00', 'Bolsa Doble',
         'L', CASE WHEN d.deleted_at IS NOT NULL THEN now() END
       FROM donante d WHERE d.servicio_id = $1`,
      [s.servicio],
    );
    await server.dataSource.query('VACUUM ANALYZE donante, donacion');
    const [{ id }] = await server.dataSource.query(
      // Two records share each DNI (the odd one deleted, with its donation): this person has both.
      `SELECT id FROM donante WHERE servicio_id = $1 AND deleted_at IS NULL AND dni = '30000001'`,
      [s.servicio],
    );
    const [{ v }] = await server.dataSource.query(`SELECT current_setting('server_version_num')::int AS v`);
    const plans: string[] = [];
    const explain = async (sql: string, params: unknown[] = []) => {
      const plan = (await server.dataSource.query(sql, params)) as Record<string, string>[];
      plans.push(plan.map((r) => r['QUERY PLAN']).join('\n'));
    };
    const run: RunQuery = async (sql, params) => {
      await explain(`EXPLAIN ${sql}`, params);
      if (v >= 160000) await explain(`EXPLAIN (GENERIC_PLAN) ${sql}`);
      return server.dataSource.query(sql, params);
    };
    const h = await historialDe(run, s.servicio, id);
    expect([h.donaciones.length, h.eliminadas.length]).toEqual([1, 1]);
    await historialDelRegistro(run, s.servicio, id);
    for (const plan of plans) {
      expect(plan).toMatch(/donante_persona_idx|donante_pkey/);
      expect(plan).not.toMatch(/Seq Scan on (donante|donacion)\b/);
    }
  });
});
