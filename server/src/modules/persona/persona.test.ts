/**
 * One person, one history, over both APIs against a real Postgres: a merge keeps every DNI, the
 * look-alike forms of a DNI are one person, the donor's age on the donation's day, a definitive
 * 'No apto', reactive results as a doctor's decision, and 'primera vez' equal on the sheet and in
 * the report, at their exact bounds, under concurrent requests and across two network members.
 */
import { randomUUID } from 'node:crypto';
import { addDays, addYears, todayIso } from '../../domain/dates';
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
import { consultasDe, historiales } from './persona.service';

jest.setTimeout(120_000);

const TODAY = todayIso();
const day = (offset: number) => addDays(TODAY, offset);

const CREATE = `mutation ($input: CreateDonacionInput!) { createDonacion(input: $input) { id } }`;
const CREATE_DONANTE = `mutation ($input: DonanteInput!) { createDonante(input: $input) { id dni puedeDonar } }`;
const UPDATE_DONANTE = `mutation ($id: ID!, $input: DonanteInput!) { updateDonante(id: $id, input: $input) { id telefono } }`;
const ELEGIBILIDAD = `query ($id: ID!) { donante(id: $id) {
  puedeDonar elegibilidad { puedeDonar desde motivos { tipo texto hasta } diferimientos { origenId tipo } }
} }`;
const RESULTADOS = `mutation ($id: ID!, $input: ResultadosDonacionInput!) {
  updateResultadosDonacion(id: $id, input: $input) { message }
}`;
const LEVANTAR = `mutation ($donanteId: ID!, $origenId: ID!, $motivo: String!) {
  levantarDiferimiento(donanteId: $donanteId, origenId: $origenId, motivo: $motivo) { id puedeDonar }
}`;
const NO_APTO = `mutation ($input: NoAptoInput!) { registrarNoApto(input: $input) { id definitivo } }`;
const FUSIONAR = `mutation ($c: ID!, $e: ID!) { fusionarDonantes(conservarId: $c, eliminarId: $e) { avisos } }`;
const DISTINTAS = `mutation ($a: ID!, $b: ID!, $motivo: String!) {
  registrarPersonasDistintas(donanteAId: $a, donanteBId: $b, motivo: $motivo)
}`;
const DUPLICADOS = `{ duplicadosDonantes(limit: 100) { total items { motivo a { id } b { id } } } }`;
const PREVIAS = `query ($id: ID!) { donacion(id: $id) { donacionesPrevias } }`;
const INDICADORES = `query ($desde: String!, $hasta: String!) {
  indicadores(desde: $desde, hasta: $hasta) { donaciones primeraVez habituales }
}`;

let server: TestServer;
let admin: Session;
let medico: string;
let numeroSeq = 0;
/** The network `admin` belongs to. */
let codigoRed: string;

const codeOf = (res: GqlResult) => res.errors?.[0].extensions?.code;
const textOf = (res: GqlResult) =>
  res.errors?.[0].extensions?.errors?.map((e) => e.msg).join(' ') ?? res.errors?.[0].message ?? '';

const member = async (s: Session, rol: string): Promise<string> =>
  (await registerMember(server, s, rol)).token;

async function servicio(nombre = `Hospital ${randomUUID().slice(0, 6)}`): Promise<Session> {
  const s = await registerServicio(server, { nombre });
  ok(await server.gql(`mutation { avanzarContadorEtiquetas(ultimo: 1000000) }`, {}, s.token));
  return s;
}

const donanteInput = (dni: string, extra: Record<string, unknown> = {}) => ({
  nombre: 'Juan',
  apellido: 'Pérez',
  dni,
  fechaNacimiento: '1990-05-10',
  sexo: 'Masculino',
  ...extra,
});

/** POST /api/donante/ as the original product sends it. */
const donanteRest = (s: Session, dni: string, extra: Record<string, unknown> = {}) =>
  server.rest<{ _id?: string; errors?: { msg: string }[] }>(
    'POST',
    '/donante/',
    {
      servicio: s.servicio,
      nombre: 'Juan',
      apellido: 'Pérez',
      dni,
      fechaNacimiento: '19900510',
      sexo: 'Masculino',
      ProvinciaActual: 'Buenos Aires',
      nacionalidad: 'Argentina',
      esVoluntario: 'Si',
      ...extra,
    },
    s.token,
  );

async function nuevoDonante(s: Session, dni: string, extra: Record<string, unknown> = {}): Promise<string> {
  return ok(
    await server.gql<{ createDonante: { id: string } }>(
      CREATE_DONANTE,
      { input: donanteInput(dni, extra) },
      s.token,
    ),
  ).createDonante.id;
}

const crear = (s: Session, donanteId: string, fecha: string, token = s.token) =>
  server.gql<{ createDonacion: { id: string } }>(
    CREATE,
    { input: { donanteId, numero: (numeroSeq += 1), fecha, hora: '10:00', loteBolsa: 'L-1' } },
    token,
  );

const crearRest = (s: Session, donanteId: string, fecha: string) =>
  server.rest<{ errors?: { msg: string }[] }>(
    'POST',
    '/donacion/',
    {
      servicio: s.servicio,
      donanteId,
      numero: (numeroSeq += 1),
      fecha: fecha.replace(/-/g, ''),
      hora: '10:00',
      tipoBolsa: 'Bolsa Doble',
      loteBolsa: 'L-1',
      sv: '{}',
    },
    s.token,
  );

async function reactivo(s: Session, donanteId: string, fecha: string, extra: Record<string, unknown> = {}) {
  const id = ok(await crear(s, donanteId, fecha)).createDonacion.id;
  ok(await server.gql(RESULTADOS, { id, input: { serologia: { hiv: true }, ...extra } }, s.token));
  return id;
}

const elegibilidad = async (s: Session, id: string, token = s.token) =>
  ok(
    await server.gql<{
      donante: {
        puedeDonar: boolean;
        elegibilidad: {
          desde: string | null;
          motivos: { tipo: string; texto: string }[];
          diferimientos: { origenId: string; tipo: string }[];
        };
      };
    }>(ELEGIBILIDAD, { id }, token),
  ).donante;

async function donacionesDe(id: string): Promise<number> {
  const [row] = await server.dataSource.query(
    `SELECT count(*)::int AS n FROM donacion WHERE donante_id = $1 AND deleted_at IS NULL`,
    [id],
  );
  return row.n;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await servicio();
  medico = await member(admin, 'ROL_MEDICO');
  codigoRed = await nuevaRed();
  await unir(admin, codigoRed);
});
afterAll(() => server.close());

describe('a merge joins two persons for good', () => {
  it('the merged-away DNI stays the person: re-created it is refused, and a network member sees the deferral', async () => {
    const otro = await servicio();
    await unir(otro, codigoRed);
    const x = await nuevoDonante(admin, '60000001', { nombre: 'Rosa', apellido: 'Funes' });
    await reactivo(admin, x, day(-30));
    const y = await nuevoDonante(admin, '60000010', { nombre: 'Rosa', apellido: 'Funes' });
    ok(await server.gql(FUSIONAR, { c: y, e: x }, admin.token));
    // The kept record carries the reactive result.
    expect((await elegibilidad(admin, y)).puedeDonar).toBe(false);

    const otraVez = await server.gql(CREATE_DONANTE, { input: donanteInput('60000001') }, admin.token);
    expect(codeOf(otraVez)).toBe('BAD_USER_INPUT');
    expect(textOf(otraVez)).toContain('Ya existe un donante con DNI 60000001');
    const rest = await donanteRest(admin, '60.000.001');
    expect(rest.status).toBe(400);
    expect(JSON.stringify(rest.body)).toContain('Ya existe un donante con DNI 60000001');

    // At the other member, a record with the merged-away DNI is the same person.
    const suyo = await nuevoDonante(otro, '60000001');
    expect((await elegibilidad(otro, suyo)).puedeDonar).toBe(false);
    expect(codeOf(await crear(otro, suyo, day(0)))).toBe('BAD_USER_INPUT');
    expect((await crearRest(otro, suyo, day(0))).status).toBe(400);
    expect(await donacionesDe(suyo)).toBe(0);
  });

  it("a DNI changed away from stays the person's: a new record with it is refused", async () => {
    const id = await nuevoDonante(admin, '61000001');
    ok(await server.gql(UPDATE_DONANTE, { id, input: donanteInput('61000002') }, admin.token));
    const res = await server.gql(CREATE_DONANTE, { input: donanteInput('61000001') }, admin.token);
    expect(textOf(res)).toContain('Ya existe un donante con DNI 61000001');
  });
});

describe('the look-alike forms of a DNI', () => {
  let base: string;
  beforeAll(async () => {
    base = await nuevoDonante(admin, '7123456');
    await reactivo(admin, base, day(-20), { exclusionDefinitiva: 'Definitiva' });
  });

  it.each([
    '07123456',
    '007123456',
    'DNI7123456',
    'D.N.I. 7.123.456',
    'LC 7123456',
    'LE7123456',
    'dni 07.123.456',
  ])('%s is the same DNI: refused as a duplicate over both APIs', async (dni) => {
    const gql = await server.gql(CREATE_DONANTE, { input: donanteInput(dni) }, admin.token);
    expect(textOf(gql)).toContain('Ya existe un donante con DNI 7123456');
    const rest = await donanteRest(admin, dni);
    expect(rest.status).toBe(400);
    expect(JSON.stringify(rest.body)).toContain('Ya existe un donante con DNI 7123456');
  });

  it.each(['7123456F', 'M7123456'])(
    '%s (the same digits) may be recorded, but counts as the same person until the administrator says otherwise',
    async (dni) => {
      const id = ok(
        await server.gql<{ createDonante: { id: string; puedeDonar: boolean } }>(
          CREATE_DONANTE,
          { input: donanteInput(dni) },
          admin.token,
        ),
      ).createDonante;
      expect(id.puedeDonar).toBe(false);
      expect(codeOf(await crear(admin, id.id, day(0)))).toBe('BAD_USER_INPUT');
      expect((await crearRest(admin, id.id, day(0))).status).toBe(400);
      expect(await donacionesDe(id.id)).toBe(0);
      const pares = ok(
        await server.gql<{
          duplicadosDonantes: { items: { motivo: string; a: { id: string }; b: { id: string } }[] };
        }>(DUPLICADOS, {}, admin.token),
      ).duplicadosDonantes.items;
      expect(pares).toContainEqual({ motivo: 'Mismos dígitos del DNI', a: { id: base }, b: { id: id.id } });

      // Only the administrator tells them apart, with a reason; audited.
      const porMedico = await server.gql(
        DISTINTAS,
        { a: base, b: id.id, motivo: 'Pasaporte extranjero' },
        medico,
      );
      expect(codeOf(porMedico)).toBe('FORBIDDEN');
      expect((await elegibilidad(admin, id.id)).puedeDonar).toBe(false);
      ok(await server.gql(DISTINTAS, { a: base, b: id.id, motivo: 'Pasaporte extranjero' }, admin.token));
      expect((await elegibilidad(admin, id.id)).puedeDonar).toBe(true);
      expect((await elegibilidad(admin, base)).puedeDonar).toBe(false);
      const [audit] = await server.dataSource.query(
        `SELECT cambios FROM auditoria WHERE entidad_id = $1 AND cambios ? 'personaDistintaDe'`,
        [id.id],
      );
      expect(audit.cambios.motivo[1]).toBe('Pasaporte extranjero');
    },
  );

  it('at another member of the network, each form is the same person too', async () => {
    const a = await servicio();
    const b = await servicio();
    await redCon(a, b);
    const positivo = await nuevoDonante(a, '8123456');
    await reactivo(a, positivo, day(-10), { exclusionDefinitiva: 'Definitiva' });
    // Over /api, with leading zeros: the same DNI as A's record.
    const rest = await donanteRest(b, '08123456');
    expect(rest.status).toBe(200);
    const enB = String((rest.body as { _id: string })._id);
    expect((await elegibilidad(b, enB)).puedeDonar).toBe(false);
    expect(codeOf(await crear(b, enB, day(0)))).toBe('BAD_USER_INPUT');
    expect((await crearRest(b, enB, day(0))).status).toBe(400);
    // 'DNI8123456' at B is the record B already has.
    const dup = await server.gql(CREATE_DONANTE, { input: donanteInput('DNI8123456') }, b.token);
    expect(textOf(dup)).toContain('Ya existe un donante con DNI 8123456');
    // The same digits with a letter: a record of its own, stopped all the same.
    const parecido = await nuevoDonante(b, '8123456F');
    expect((await elegibilidad(b, parecido)).puedeDonar).toBe(false);
    expect(codeOf(await crear(b, parecido, day(0)))).toBe('BAD_USER_INPUT');
    expect(await donacionesDe(enB)).toBe(0);
    expect(await donacionesDe(parecido)).toBe(0);
  });

  it('20 concurrent donations split across two look-alike records of one person: exactly one is recorded', async () => {
    const uno = await nuevoDonante(admin, '9123456');
    const otro = await nuevoDonante(admin, '9123456B');
    const res = await Promise.all(
      Array.from({ length: 20 }, (_, i) => crear(admin, i % 2 === 0 ? uno : otro, day(0))),
    );
    expect(res.filter((r) => r.data).length).toBe(1);
    expect((await donacionesDe(uno)) + (await donacionesDe(otro))).toBe(1);
  });

  it('20 concurrent donations at two members of a network for one person in two forms: exactly one', async () => {
    const a = await servicio();
    const b = await servicio();
    await redCon(a, b);
    const enA = await nuevoDonante(a, '9223456');
    const enB = await nuevoDonante(b, '09223456');
    const res = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? crear(a, enA, day(0)) : crear(b, enB, day(0)))),
    );
    expect(res.filter((r) => r.data).length).toBe(1);
    expect((await donacionesDe(enA)) + (await donacionesDe(enB))).toBe(1);
  });
});

describe("the donor's age on the donation's day", () => {
  /** A donor born so that `fecha` is the day of their birthday number `edad`. */
  const nacidoPara = (fecha: string, edad: number) => addYears(fecha, -edad);

  it.each([
    ['GraphQL', 65, true],
    ['GraphQL', 66, false],
    ['REST', 65, true],
    ['REST', 66, false],
  ] as const)('%s: age %i on the day is %s', async (api, edad, acepta) => {
    const fecha = day(-3);
    const nacimiento = edad === 65 ? addDays(nacidoPara(fecha, 66), 1) : nacidoPara(fecha, 66);
    const id = await nuevoDonanteSql(admin, nacimiento);
    const res = api === 'GraphQL' ? await crear(admin, id, fecha) : await crearRest(admin, id, fecha);
    const aceptada =
      api === 'GraphQL' ? Boolean((res as GqlResult).data) : (res as { status: number }).status === 200;
    expect(aceptada).toBe(acepta);
    if (!acepta) {
      const texto =
        api === 'GraphQL' ? textOf(res as GqlResult) : JSON.stringify((res as { body: unknown }).body);
      expect(texto).toContain('tendría 66 años');
      expect(texto).toContain('de 16 a 65 años');
    }
    expect(await donacionesDe(id)).toBe(acepta ? 1 : 0);
  });

  it('a donor who is 66 today may not donate, says why, and has no next date', async () => {
    const id = await nuevoDonanteSql(admin, addYears(TODAY, -66));
    const e = await elegibilidad(admin, id);
    expect(e.puedeDonar).toBe(false);
    expect(e.elegibilidad.desde).toBeNull();
    expect(e.elegibilidad.motivos.map((m) => m.tipo)).toEqual(['edad']);
  });

  it.each([
    ['the day before birth', (n: string) => addDays(n, -1), 'anterior al nacimiento'],
    ['1900', () => '1900-01-01', 'anterior al nacimiento'],
    ['the day before the 16th birthday', (n: string) => addDays(addYears(n, 16), -1), 'tendría 15 años'],
  ])('a donation dated %s is refused', async (_name, fechaDe, texto) => {
    const nacimiento = '1995-03-10';
    const id = await nuevoDonanteSql(admin, nacimiento);
    const res = await crear(admin, id, fechaDe(nacimiento));
    expect(codeOf(res)).toBe('BAD_USER_INPUT');
    expect(textOf(res)).toContain(texto);
    expect(await donacionesDe(id)).toBe(0);
    ok(await crear(admin, id, addYears(nacimiento, 16)));
  });

  it("an older donor's phone can be edited; a birth date entered out of bounds is refused", async () => {
    const nacimiento = addYears(TODAY, -68);
    const id = await nuevoDonanteSql(admin, nacimiento);
    const input = donanteInput(`55${String(Date.now()).slice(-6)}`, { fechaNacimiento: nacimiento });
    const [{ dni }] = await server.dataSource.query(`SELECT dni FROM donante WHERE id = $1`, [id]);
    const editado = await server.gql<{ updateDonante: { telefono: string } }>(
      UPDATE_DONANTE,
      { id, input: { ...input, dni, telefono: '351 555 1234' } },
      admin.token,
    );
    expect(ok(editado).updateDonante.telefono).toBe('351 555 1234');
    const cambio = await server.gql(
      UPDATE_DONANTE,
      { id, input: { ...input, dni, fechaNacimiento: addDays(nacimiento, -1) } },
      admin.token,
    );
    expect(textOf(cambio)).toContain(MSG.edadDonante);
  });
});

describe("a 'No apto' visit that defers for good", () => {
  const visita = (donanteId: string, definitivo: boolean, fecha = day(-400)) => ({
    input: { donanteId, fecha, hora: '09:00', motivo: 'Antecedente de hepatitis', definitivo },
  });

  it('only a doctor records it; it stops every later donation, here and at another member', async () => {
    const otro = await servicio();
    await unir(otro, codigoRed);
    const id = await nuevoDonante(admin, '62000001');
    const porAdmin = await server.gql(NO_APTO, visita(id, true), admin.token);
    expect(codeOf(porAdmin)).toBe('FORBIDDEN');
    expect(textOf(porAdmin)).toBe(MSG.soloMedicoNoAptoDefinitivo);
    expect((await elegibilidad(admin, id)).puedeDonar).toBe(true);
    expect(
      ok(await server.gql<{ registrarNoApto: { definitivo: boolean } }>(NO_APTO, visita(id, true), medico))
        .registrarNoApto.definitivo,
    ).toBe(true);
    const e = await elegibilidad(admin, id);
    expect(e.puedeDonar).toBe(false);
    expect(e.elegibilidad.desde).toBeNull();
    expect(e.elegibilidad.diferimientos[0].tipo).toBe('Definitiva');
    expect(codeOf(await crear(admin, id, day(0)))).toBe('BAD_USER_INPUT');
    expect((await crearRest(admin, id, day(0))).status).toBe(400);
    const suyo = await nuevoDonante(otro, '62000001');
    expect((await elegibilidad(otro, suyo)).puedeDonar).toBe(false);
    expect(codeOf(await crear(otro, suyo, day(0)))).toBe('BAD_USER_INPUT');
  });
});

describe("a list's network lookups", () => {
  it('are the records of other members that the histories hold: deleted donations and look-alike records too', async () => {
    const [a, b, c] = [await servicio(), await servicio(), await servicio()];
    const codigo = await nuevaRed();
    for (const s of [a, b, c]) await unir(s, codigo);
    const apellido = `Consultado${randomUUID().slice(0, 4)}`;
    const de = (s: Session, dni: string) => nuevoDonante(s, dni, { apellido });
    // X: donations at A, at B, a deleted one at C, and a 'No apto' visit of a look-alike record at B.
    const enC = await de(c, '71000001');
    const borrada = ok(await crear(c, enC, day(-400))).createDonacion.id;
    ok(await server.gql(`mutation ($id: ID!) { deleteDonacion(id: $id) { id } }`, { id: borrada }, c.token));
    const enB = await de(b, '71000001');
    ok(await crear(b, enB, day(-200)));
    const parecidoEnB = await de(b, '71000001F');
    ok(
      await server.gql(
        NO_APTO,
        {
          input: {
            donanteId: parecidoEnB,
            fecha: day(-300),
            hora: '09:00',
            motivo: 'Anemia',
            definitivo: false,
          },
        },
        b.token,
      ),
    );
    const x = await de(a, '71000001');
    ok(await crear(a, x, day(-100)));
    // Z: a record at B with nothing recorded (it reveals nothing); Y: nobody else's.
    await de(b, '71000002');
    const z = await de(a, '71000002');
    const y = await de(a, '71000003');

    const run: RunQuery = (sql, params) => server.dataSource.query(sql, params);
    const esperadas = consultasDe(await historiales(run, a.servicio, [x, y, z]), a.servicio)
      .map((f) => f.join(' '))
      .sort();
    expect(esperadas).toEqual(
      [
        [x, b.servicio, enB],
        [x, b.servicio, parecidoEnB],
        [x, c.servicio, enC],
      ]
        .map((f) => f.join(' '))
        .sort(),
    );
    // What A logged after `desde` (creating the records and the donation logged their own).
    const ultima = async (): Promise<string> =>
      (await server.dataSource.query(`SELECT coalesce(max(id), 0)::text AS id FROM consulta_red`))[0].id;
    const registradas = async (desde: string) =>
      (
        (await server.dataSource.query(
          `SELECT donante_id || ' ' || servicio_consultado || ' ' || donante_consultado AS f
             FROM consulta_red WHERE servicio_id = $1 AND id > $2 ORDER BY id`,
          [a.servicio, desde],
        )) as { f: string }[]
      )
        .map((r) => r.f)
        .sort();

    // The list logs what the page's histories hold of the others.
    const antesDeLaLista = await ultima();
    ok(
      await server.gql(
        `query ($f: DonanteFilter) { donantes(filter: $f) { items { id puedeDonar } } }`,
        { f: { apellido } },
        a.token,
      ),
    );
    expect(await registradas(antesDeLaLista)).toEqual(esperadas);
    // One donor's eligibility logs its own the same way.
    const antesDelDonante = await ultima();
    await elegibilidad(a, x);
    expect(await registradas(antesDelDonante)).toEqual(esperadas);
  });
});

describe("a reactive marker's deferral is a doctor's decision", () => {
  it('the administrator cannot lift it nor soften the result; a doctor can, with a reason', async () => {
    const id = await nuevoDonante(admin, '63000001');
    const donacion = await reactivo(admin, id, day(-100));
    const lift = (token: string) =>
      server.gql(LEVANTAR, { donanteId: id, origenId: donacion, motivo: 'Confirmatorio negativo' }, token);
    const porAdmin = await lift(admin.token);
    expect(codeOf(porAdmin)).toBe('FORBIDDEN');
    expect(textOf(porAdmin)).toBe(MSG.soloMedicoReactivo);
    const temporal = await server.gql(
      RESULTADOS,
      { id: donacion, input: { exclusionDefinitiva: 'Temporal', exclusionTiempo: 30, motivo: 'x' } },
      admin.token,
    );
    expect(codeOf(temporal)).toBe('FORBIDDEN');
    const [{ donante_id }] = await server.dataSource.query(`SELECT donante_id FROM donacion WHERE id = $1`, [
      donacion,
    ]);
    const porRest = await server.rest(
      'PUT',
      `/donacion/${donacion}/donante/${donante_id}`,
      { serologia: JSON.stringify({ hiv: false }), motivo: 'x' },
      admin.token,
    );
    expect(porRest.status).toBe(403);
    expect((await elegibilidad(admin, id)).puedeDonar).toBe(false);
    ok(await lift(medico));
    expect((await elegibilidad(admin, id)).puedeDonar).toBe(true);
  });

  it('the administrator still lifts a deferral that no reactive marker made', async () => {
    const id = await nuevoDonante(admin, '63000002');
    const donacion = ok(await crear(admin, id, day(-100))).createDonacion.id;
    ok(
      await server.gql(
        RESULTADOS,
        { id: donacion, input: { exclusionDefinitiva: 'Definitiva' } },
        admin.token,
      ),
    );
    ok(
      await server.gql(
        LEVANTAR,
        { donanteId: id, origenId: donacion, motivo: 'Error de carga' },
        admin.token,
      ),
    );
    expect((await elegibilidad(admin, id)).puedeDonar).toBe(true);
  });
});

describe("'primera vez' is one definition: the sheet and the report agree", () => {
  it('deleted and re-created, merged, and across the network', async () => {
    const s = await servicio();
    const otro = await servicio();
    await redCon(s, otro);
    const ids: string[] = [];
    // A donor deleted and created again: the second donation is not 'primera vez'.
    const a = await nuevoDonante(s, '64000001');
    ids.push(ok(await crear(s, a, '2024-01-10')).createDonacion.id);
    ok(await server.gql(`mutation ($id: ID!) { deleteDonante(id: $id) }`, { id: a }, s.token));
    const a2 = await nuevoDonante(s, '064000001');
    ids.push(ok(await crear(s, a2, '2024-04-10')).createDonacion.id);
    // Two records merged: the later donation is not 'primera vez'.
    const b = await nuevoDonante(s, '64000002', { nombre: 'Eva', apellido: 'Luna' });
    ids.push(ok(await crear(s, b, '2024-02-10')).createDonacion.id);
    const c = await nuevoDonante(s, '64000003', { nombre: 'Eva', apellido: 'Luna' });
    ids.push(ok(await crear(s, c, '2024-05-10')).createDonacion.id);
    ok(await server.gql(FUSIONAR, { c: b, e: c }, s.token));
    // The same person bled at another member first: still 'primera vez' here (the servicio's own).
    const d = await nuevoDonante(otro, '64000004');
    ok(await crear(otro, d, '2024-01-20'));
    const d2 = await nuevoDonante(s, '64000004');
    ids.push(ok(await crear(s, d2, '2024-06-10')).createDonacion.id);

    const hoja = await Promise.all(
      ids.map(async (id) => {
        const previas = ok(
          await server.gql<{ donacion: { donacionesPrevias: number } }>(PREVIAS, { id }, s.token),
        ).donacion.donacionesPrevias;
        return tipoDonante('No', false, previas).endsWith('primera vez');
      }),
    );
    expect(hoja).toEqual([true, false, true, false, true]);
    const reporte = ok(
      await server.gql<{ indicadores: { donaciones: number; primeraVez: number } }>(
        INDICADORES,
        { desde: '2024-01-01', hasta: '2024-12-31' },
        s.token,
      ),
    ).indicadores;
    expect(reporte.donaciones).toBe(ids.length);
    expect(reporte.primeraVez).toBe(hoja.filter(Boolean).length);
  });
});

/** A donor written straight to the table (to choose any birth date). */
async function nuevoDonanteSql(s: Session, fechaNacimiento: string): Promise<string> {
  const id = randomUUID();
  await server.dataSource.query(
    `INSERT INTO donante (id, servicio_id, nombre, apellido, dni, fecha_nacimiento, sexo, provincia_actual,
       nacionalidad, es_voluntario)
     VALUES ($1, $2, 'Juan', 'Pérez', $3, $4, 'Masculino', 'Buenos Aires', 'Argentina', 'Si')`,
    [id, s.servicio, String(30_000_000 + Math.floor(Math.random() * 9_000_000)), fechaNacimiento],
  );
  return id;
}

/** A new network's invitation code. */
async function nuevaRed(): Promise<string> {
  const username = `red_${randomUUID().slice(0, 8)}`;
  const reg = ok(
    await server.gql<{ register: { token: string } }>(
      `mutation ($input: RegisterInput!) { register(input: $input) { token } }`,
      {
        input: {
          nombre: `Red ${username}`,
          username,
          email: `${username}@salud.example`,
          password: 'clave-segura',
          password2: 'clave-segura',
          rol: 'ROL_RED',
        },
      },
    ),
  );
  return ok(
    await server.gql<{ red: { codigoInvitacion: string } }>(
      `{ red { codigoInvitacion } }`,
      {},
      reg.register.token,
    ),
  ).red.codigoInvitacion;
}

async function unir(s: Session, codigo: string): Promise<void> {
  ok(
    await server.gql(
      `mutation ($codigo: String!) { unirseARed(codigo: $codigo) { id } }`,
      { codigo },
      s.token,
    ),
  );
}

/** A new network whose members are `a` and `b`. */
async function redCon(a: Session, b: Session): Promise<void> {
  const codigo = await nuevaRed();
  await unir(a, codigo);
  await unir(b, codigo);
}
