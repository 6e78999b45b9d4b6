import { randomUUID } from 'node:crypto';
import { addDays, formatDate, todayIso } from '../../domain/dates';
import {
  grupoYFactor,
  parseSerologia,
  parseSignosVitales,
  serializeSerologia,
  serializeSignosVitales,
  serologiaResumen,
  serologiaSigno,
  SignosVitales,
  tipoDonante,
  validateDonacion,
  validateResultados,
  validateSignosVitales,
} from '../../domain/donacion';
import { GraphQLObjectType } from 'graphql';
import { codigoEtiqueta, ETIQUETAS_POR_SOLICITUD_MAX, NUMERO_ETIQUETA_MAX } from '../../domain/etiquetas';
import { MSG } from '../../domain/messages';
import { getSchema } from '../../graphql/schema';
import { resolvers } from '../../services';
import { Donacion } from './donacion.entity';
import { DONACION_FIELD_COLUMNS, donacionColumns } from './donacion.search';
import { GqlResult, registerServicio, Session, startTestServer, TestServer } from '../../test-utils/harness';

const FIELDS = `id numero fecha hora servicioId donanteId plasmaCovid tipoBolsa loteBolsa donacionAferesis
  abo rh exclusionDefinitiva exclusionTiempo exclusionCodigo registradoPor nombre apellido
  sv { tas tad fc peso temp hb hto }
  serologia { hiv hepB hepC vdrl brucelosis chagas htlv }
  donante { id nombre apellido ultimaDonacion }`;
const CREATE = `mutation ($input: CreateDonacionInput!) { createDonacion(input: $input) { ${FIELDS} } }`;
const NEXT = `mutation { nextEtiquetaNumero }`;
const AVANZAR = `mutation ($ultimo: Int!) { avanzarContadorEtiquetas(ultimo: $ultimo) }`;
const CONTADOR = `{ contadorEtiquetas }`;
const GET = `query ($id: ID!) { donacion(id: $id) { ${FIELDS} } }`;
const SEARCH = `query ($filter: DonacionFilter, $page: PageInput) {
  donaciones(filter: $filter, page: $page) { total offset limit items { id numero fecha hora } }
}`;
const DE_DONANTE = `query ($id: ID!) { donacionesDeDonante(donanteId: $id) { id numero fecha } }`;
const UPDATE = `mutation ($id: ID!, $input: ResultadosDonacionInput!) {
  updateResultadosDonacion(id: $id, input: $input) { message donacion { ${FIELDS} } }
}`;
const DELETE = `mutation ($id: ID!) { deleteDonacion(id: $id) { id numero } }`;

type DonacionResult = Record<string, unknown> & { id: string; numero: number; fecha: string };

// The concurrency tests fire many requests at once; other suites may share the database server.
jest.setTimeout(60_000);

const TODAY = todayIso();
const day = (offset: number) => addDays(TODAY, offset);

const NORMAL_SV: SignosVitales = { tas: 120, tad: 80, fc: 72, peso: 70, temp: 36.5, hb: 13.5, hto: 40 };

let server: TestServer;
let a: Session;
let b: Session;
let numeroSeq = 1000;
const nextNumero = () => (numeroSeq += 1);
/** Every servicio of these tests has issued the numbers up to this one (the numbers nextNumero gives). */
const EMITIDOS = 1_000_000;

/** The servicio's administrator moves its label counter forward to `ultimo` (as a paper book's servicio). */
async function emitirHasta(session: Session, ultimo: number): Promise<void> {
  const res = await server.gql(AVANZAR, { ultimo }, session.token);
  if (res.errors) throw new Error(JSON.stringify(res.errors));
}

/** A new servicio whose numbers up to EMITIDOS are issued. */
async function servicioConNumeros(): Promise<Session> {
  const session = await registerServicio(server);
  await emitirHasta(session, EMITIDOS);
  return session;
}

async function contador(servicio: string): Promise<number | null> {
  const [row] = await server.dataSource.query(
    `SELECT ultimo::text AS ultimo FROM etiqueta_contador WHERE servicio_id = $1`,
    [servicio],
  );
  return row ? Number(row.ultimo) : null;
}

beforeAll(async () => {
  server = await startTestServer();
  a = await servicioConNumeros();
  b = await servicioConNumeros();
});
afterAll(() => server.close());

async function insertDonante(servicio: string, nombre = 'Juan', apellido = 'Pérez'): Promise<string> {
  const id = randomUUID();
  await server.dataSource.query(
    `INSERT INTO donante (id, servicio_id, nombre, apellido, dni, fecha_nacimiento, sexo, provincia_actual,
       nacionalidad, es_voluntario)
     VALUES ($1, $2, $3, $4, $5, '1990-05-10', 'Masculino', 'Buenos Aires', 'Argentina', 'Si')`,
    [id, servicio, nombre, apellido, String(Math.floor(Math.random() * 1e8))],
  );
  return id;
}

function input(donanteId: string, overrides: Record<string, unknown> = {}) {
  return {
    donanteId,
    numero: nextNumero(),
    fecha: TODAY,
    hora: '10:30',
    plasmaCovid: false,
    sv: NORMAL_SV,
    tipoBolsa: 'Bolsa Doble',
    loteBolsa: 'L-2024-01',
    ...overrides,
  };
}

async function create(
  session: Session,
  data: Record<string, unknown>,
): Promise<GqlResult<{ createDonacion: DonacionResult }>> {
  return server.gql<{ createDonacion: DonacionResult }>(CREATE, { input: data }, session.token);
}

async function createOk(session: Session, data: Record<string, unknown>): Promise<DonacionResult> {
  const res = await create(session, data);
  if (!res.data) throw new Error(JSON.stringify(res.errors));
  return res.data.createDonacion;
}

const errorsOf = (res: GqlResult) => res.errors?.[0].extensions?.errors;
const codeOf = (res: GqlResult) => res.errors?.[0].extensions?.code;

async function rowCount(where: string, params: unknown[]): Promise<number> {
  const [row] = await server.dataSource.query(
    `SELECT count(*)::int AS n FROM donacion WHERE ${where}`,
    params,
  );
  return row.n;
}

async function ultimaDonacion(donanteId: string): Promise<string | null> {
  const [row] = await server.dataSource.query(
    `SELECT ultima_donacion::text AS u FROM donante WHERE id = $1`,
    [donanteId],
  );
  return row.u;
}

// ---------------------------------------------------------------------------

describe('domain rules', () => {
  const cases: [keyof SignosVitales, number, number, string][] = [
    ['fc', 59, 60, 'FC baja'],
    ['fc', 101, 100, 'FC alta'],
    ['hto', 34, 35, 'Hto bajo'],
    ['tas', 89, 90, 'TAS baja'],
    ['tas', 181, 180, 'TAS alta'],
    ['tad', 59, 60, 'TAD baja'],
    ['tad', 101, 100, 'TAD alta'],
    ['peso', 49, 50, 'Peso bajo'],
    ['hb', 11.9, 12, 'Hemoglobina baja'],
  ];
  it.each(cases)('%s: %p refused, %p accepted', (key, bad, good, msg) => {
    expect(validateSignosVitales({ ...NORMAL_SV, [key]: bad })).toEqual([{ field: `sv.${key}`, msg }]);
    expect(validateSignosVitales({ ...NORMAL_SV, [key]: good })).toEqual([]);
  });

  it('accepts unmeasured (null) signs and refuses impossible values', () => {
    const none = { tas: null, tad: null, fc: null, peso: null, temp: null, hb: null, hto: null };
    expect(validateSignosVitales(none)).toEqual([]);
    expect(validateSignosVitales({})).toEqual([]);
    expect(validateSignosVitales(null)).toEqual([]);
    expect(validateSignosVitales({ temp: 80 })).toEqual([{ field: 'sv.temp', msg: MSG.valorNoPermitido }]);
    expect(validateSignosVitales({ fc: 0 })).toEqual([{ field: 'sv.fc', msg: MSG.valorNoPermitido }]);
  });

  it('validates the donation fields', () => {
    expect(
      validateDonacion({
        numero: null,
        loteBolsa: ' ',
        tipoBolsa: 'Bolsa Simple',
        fecha: TODAY,
        hora: '10:00',
      }),
    ).toEqual([
      { field: 'numero', msg: 'Requerido' },
      { field: 'loteBolsa', msg: 'Requerido' },
      { field: 'tipoBolsa', msg: MSG.valorNoPermitido },
    ]);
    expect(
      validateDonacion(
        { numero: 1, loteBolsa: 'L', tipoBolsa: 'Bolsa Triple', fecha: day(1), hora: '25:00' },
        TODAY,
      ),
    ).toEqual([
      { field: 'fecha', msg: MSG.fechaFutura },
      { field: 'hora', msg: MSG.horaInvalida },
    ]);
    expect(
      validateResultados({ abo: 'C', rh: '+', exclusionDefinitiva: 'Nunca', exclusionTiempo: 7 }),
    ).toEqual([
      { field: 'abo', msg: MSG.valorNoPermitido },
      { field: 'rh', msg: MSG.valorNoPermitido },
      { field: 'exclusionDefinitiva', msg: MSG.valorNoPermitido },
      { field: 'exclusionTiempo', msg: MSG.valorNoPermitido },
    ]);
  });

  it('parses and serialises the REST strings', () => {
    expect(parseSerologia('{"hiv":true,"hepB":false}')).toEqual({
      ok: true,
      value: {
        hiv: true,
        hepB: false,
        hepC: false,
        vdrl: false,
        brucelosis: false,
        chagas: false,
        htlv: false,
      },
    });
    expect(parseSerologia('{hiv')).toEqual({ ok: false, error: 'Error al leer serología' });
    expect(parseSerologia('{"sida":true}')).toEqual({ ok: false, error: 'Error al leer serología' });
    expect(parseSerologia('[1]')).toEqual({ ok: false, error: 'Error al leer serología' });
    expect(JSON.parse(serializeSerologia({ chagas: true }))).toMatchObject({ chagas: true, hiv: false });
    expect(serologiaSigno(true)).toBe('(+)');
    expect(serologiaSigno(false)).toBe('(-)');
    expect(serologiaResumen({ hiv: true })).toContain('HIV (+)');
    expect(serologiaResumen({ hiv: true })).toContain('Chagas (-)');

    expect(
      parseSignosVitales('{"ta":"120/8_","fc":"7_","peso":"___","temp":"36,5","hb":"","hto":"40"}'),
    ).toEqual({
      ok: true,
      value: { tas: 120, tad: 8, fc: 7, peso: null, temp: 36.5, hb: null, hto: 40 },
    });
    expect(parseSignosVitales('{"ta":"___/__"}')).toMatchObject({
      ok: true,
      value: { tas: null, tad: null },
    });
    expect(parseSignosVitales('{"fc":"abc"}').ok).toBe(false);
    const sv = { ...NORMAL_SV, peso: null };
    const round = parseSignosVitales(serializeSignosVitales(sv));
    expect(round).toEqual({ ok: true, value: sv });
  });

  it('derives the donor type and the blood group', () => {
    expect(tipoDonante('Si', false)).toBe('Voluntario primera vez');
    expect(tipoDonante('Si', true)).toBe('Voluntario habitual/esporádico');
    expect(tipoDonante('No', false)).toBe('Reposición primera vez');
    expect(tipoDonante('No', true)).toBe('Reposición habitual/esporádico');
    expect(grupoYFactor('AB', 'NEGATIVO')).toBe('AB-');
    expect(grupoYFactor('', '')).toBe('');
  });
});

// ---------------------------------------------------------------------------

describe('createDonacion', () => {
  it('records the donation, keeps ultima_donacion and audits', async () => {
    const donanteId = await insertDonante(a.servicio, 'María', 'Gómez');
    const data = input(donanteId, {
      fecha: day(-3),
      hora: '08:05',
      plasmaCovid: true,
      tipoBolsa: 'Bolsa Triple',
    });
    const d = await createOk(a, data);
    expect(d).toMatchObject({
      numero: data.numero,
      fecha: day(-3),
      hora: '08:05',
      servicioId: a.servicio,
      donanteId,
      plasmaCovid: true,
      tipoBolsa: 'Bolsa Triple',
      loteBolsa: 'L-2024-01',
      abo: '',
      rh: '',
      serologia: null,
      registradoPor: a.uid,
      nombre: 'María',
      apellido: 'Gómez',
      sv: NORMAL_SV,
      donante: { id: donanteId, nombre: 'María', ultimaDonacion: day(-3) },
    });
    const [row] = await server.dataSource.query(
      `SELECT numero, fecha::text AS fecha, hora::text AS hora, fc, hb, registrado_por FROM donacion WHERE id = $1`,
      [d.id],
    );
    expect(row).toEqual({
      numero: data.numero,
      fecha: day(-3),
      hora: '08:05:00',
      fc: '72.00',
      hb: '13.50',
      registrado_por: a.uid,
    });
    expect(await ultimaDonacion(donanteId)).toBe(day(-3));
    const audits = await server.dataSource.query(
      `SELECT accion, usuario_id, cambios FROM auditoria WHERE entidad = 'donacion' AND entidad_id = $1`,
      [d.id],
    );
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ accion: 'crear', usuario_id: a.uid });
    expect(audits[0].cambios.numero).toEqual([null, data.numero]);
  });

  it('accepts unmeasured vital signs as null, never 0', async () => {
    const donanteId = await insertDonante(a.servicio);
    const d = await createOk(a, input(donanteId, { sv: { tas: null, tad: null, fc: 70 } }));
    expect(d.sv).toEqual({ tas: null, tad: null, fc: 70, peso: null, temp: null, hb: null, hto: null });
    const [row] = await server.dataSource.query(`SELECT ta_sistolica, peso FROM donacion WHERE id = $1`, [
      d.id,
    ]);
    expect(row).toEqual({ ta_sistolica: null, peso: null });
    const d2 = await createOk(a, input(await insertDonante(a.servicio), { sv: null }));
    expect(Object.values(d2.sv as object).every((v) => v === null)).toBe(true);
  });

  const bounds: [keyof SignosVitales, number, number, string][] = [
    ['fc', 59, 60, 'FC baja'],
    ['fc', 101, 100, 'FC alta'],
    ['hto', 34, 35, 'Hto bajo'],
    ['tas', 89, 90, 'TAS baja'],
    ['tas', 181, 180, 'TAS alta'],
    ['tad', 59, 60, 'TAD baja'],
    ['tad', 101, 100, 'TAD alta'],
    ['peso', 49, 50, 'Peso bajo'],
    ['hb', 11.9, 12, 'Hemoglobina baja'],
  ];
  it.each(bounds)('%s %p is refused and %p accepted by the server', async (key, bad, good, msg) => {
    const donanteId = await insertDonante(a.servicio);
    const refused = await create(a, input(donanteId, { sv: { ...NORMAL_SV, [key]: bad } }));
    expect(refused.data).toBeNull();
    expect(codeOf(refused)).toBe('BAD_USER_INPUT');
    expect(errorsOf(refused)).toEqual([{ field: `sv.${key}`, msg }]);
    expect(await rowCount('donante_id = $1', [donanteId])).toBe(0);
    const ok = await createOk(a, input(donanteId, { sv: { ...NORMAL_SV, [key]: good } }));
    expect((ok.sv as Record<string, number>)[key]).toBe(good);
  });

  it('requires numero and loteBolsa and a known bag type', async () => {
    const donanteId = await insertDonante(a.servicio);
    const res = await create(
      a,
      input(donanteId, { numero: null, loteBolsa: '  ', tipoBolsa: 'Bolsa Simple' }),
    );
    expect(errorsOf(res)).toEqual([
      { field: 'numero', msg: 'Requerido' },
      { field: 'loteBolsa', msg: 'Requerido' },
      { field: 'tipoBolsa', msg: MSG.valorNoPermitido },
    ]);
    const future = await create(a, input(donanteId, { fecha: day(1) }));
    expect(errorsOf(future)).toEqual([{ field: 'fecha', msg: MSG.fechaFutura }]);
    expect(await rowCount('donante_id = $1', [donanteId])).toBe(0);
    // tipoBolsa defaults to Bolsa Doble
    const { tipoBolsa: _t, ...rest } = input(donanteId);
    expect((await createOk(a, rest)).tipoBolsa).toBe('Bolsa Doble');
  });

  it('refuses a donation 55 days after the previous one naming its date, accepts 56', async () => {
    const donanteId = await insertDonante(a.servicio);
    const first = day(-200);
    await createOk(a, input(donanteId, { fecha: first }));
    const refused = await create(a, input(donanteId, { fecha: addDays(first, 55) }));
    expect(errorsOf(refused)).toEqual([
      { field: 'fecha', msg: `Este donante dono hace menos de 8 semanas (${formatDate(first)}).` },
    ]);
    expect(await rowCount('donante_id = $1', [donanteId])).toBe(1);
    const ok = await createOk(a, input(donanteId, { fecha: addDays(first, 56) }));
    expect(ok.fecha).toBe(addDays(first, 56));
    expect(await ultimaDonacion(donanteId)).toBe(addDays(first, 56));
  });

  it('also refuses a back-dated donation less than 8 weeks before a later one', async () => {
    const donanteId = await insertDonante(a.servicio);
    const later = day(-10);
    await createOk(a, input(donanteId, { fecha: later }));
    const refused = await create(a, input(donanteId, { fecha: addDays(later, -55) }));
    expect(errorsOf(refused)).toEqual([
      { field: 'fecha', msg: `Este donante dono hace menos de 8 semanas (${formatDate(later)}).` },
    ]);
    await createOk(a, input(donanteId, { fecha: addDays(later, -56) }));
    // ultima_donacion stays the latest date, not the last one recorded
    expect(await ultimaDonacion(donanteId)).toBe(later);
  });

  it('refuses the same date and number for the donor', async () => {
    const donanteId = await insertDonante(a.servicio);
    const data = input(donanteId, { fecha: day(-5) });
    await createOk(a, data);
    const res = await create(a, data);
    expect(errorsOf(res)).toEqual([{ field: '', msg: 'Esta donación ya se encuentra registrada' }]);
    expect(await rowCount('donante_id = $1', [donanteId])).toBe(1);
  });

  it('keeps numero unique within the servicio, not across servicios', async () => {
    const numero = nextNumero();
    await createOk(a, input(await insertDonante(a.servicio), { numero }));
    const res = await create(a, input(await insertDonante(a.servicio), { numero }));
    expect(errorsOf(res)).toEqual([{ field: 'numero', msg: MSG.numeroDonacionEnUso(numero) }]);
    await createOk(b, input(await insertDonante(b.servicio), { numero }));
  });

  it('refuses a missing donor and another servicio’s donor', async () => {
    const ajeno = await insertDonante(b.servicio);
    for (const donanteId of [ajeno, randomUUID(), 'no-es-uuid']) {
      const res = await create(a, input(donanteId));
      expect(codeOf(res)).toBe('NOT_FOUND');
      expect(res.errors?.[0].message).toBe('No se encuentra el donante');
    }
    expect(await rowCount('donante_id = $1', [ajeno])).toBe(0);
    const deleted = await insertDonante(a.servicio);
    await server.dataSource.query(`UPDATE donante SET deleted_at = now() WHERE id = $1`, [deleted]);
    expect((await create(a, input(deleted))).errors?.[0].message).toBe('No se encuentra el donante');
  });

  it('requires a signed-in user', async () => {
    const res = await server.gql(CREATE, { input: input(randomUUID()) });
    expect(codeOf(res)).toBe('UNAUTHENTICATED');
    expect(codeOf(await server.gql(NEXT))).toBe('UNAUTHENTICATED');
  });
});

// ---------------------------------------------------------------------------

describe('label numbers', () => {
  const next = async (session: Session) =>
    (await server.gql<{ nextEtiquetaNumero: number }>(NEXT, {}, session.token)).data!.nextEtiquetaNumero;

  it('issues consecutive numbers per servicio; creating a donation never moves the counter', async () => {
    const s = await registerServicio(server);
    const t = await registerServicio(server);
    expect(await next(s)).toBe(1);
    expect(await next(s)).toBe(2);
    expect(await next(t)).toBe(1);
    await createOk(s, input(await insertDonante(s.servicio), { numero: 2 }));
    expect(await next(s)).toBe(3);
    const audits = await server.dataSource.query(
      `SELECT count(*)::int AS n FROM auditoria WHERE servicio_id = $1 AND entidad = 'etiqueta'`,
      [s.servicio],
    );
    expect(audits[0].n).toBe(3);
  });

  it('accepts the last issued number and refuses the next one, changing nothing', async () => {
    const s = await registerServicio(server);
    const donanteId = await insertDonante(s.servicio);
    // Nothing issued yet: not even 1.
    const none = await create(s, input(donanteId, { numero: 1 }));
    expect(codeOf(none)).toBe('BAD_USER_INPUT');
    expect(errorsOf(none)).toEqual([{ field: 'numero', msg: MSG.numeroEtiquetaNoEmitido(1, 0) }]);
    expect(await contador(s.servicio)).toBeNull();

    await next(s);
    await next(s);
    const beyond = await create(s, input(donanteId, { numero: 3 }));
    expect(codeOf(beyond)).toBe('BAD_USER_INPUT');
    expect(errorsOf(beyond)).toEqual([{ field: 'numero', msg: MSG.numeroEtiquetaNoEmitido(3, 2) }]);
    expect(await rowCount('servicio_id = $1', [s.servicio])).toBe(0);
    expect(await contador(s.servicio)).toBe(2);

    expect((await createOk(s, input(donanteId, { numero: 2 }))).numero).toBe(2);
    expect(await contador(s.servicio)).toBe(2);
    expect(await next(s)).toBe(3);
  });

  it('refuses 2147483647 and any number past NUMERO_ETIQUETA_MAX; the counter stays and keeps issuing', async () => {
    const s = await registerServicio(server);
    const donanteId = await insertDonante(s.servicio);
    expect(await next(s)).toBe(1);
    for (const numero of [2_147_483_647, NUMERO_ETIQUETA_MAX + 1, 0, -1]) {
      const res = await create(s, input(donanteId, { numero }));
      expect(codeOf(res)).toBe('BAD_USER_INPUT');
      expect(errorsOf(res)).toEqual([{ field: 'numero', msg: MSG.numeroEtiquetaFueraDeRango }]);
    }
    expect(await rowCount('servicio_id = $1', [s.servicio])).toBe(0);
    expect(await contador(s.servicio)).toBe(1);
    expect(await next(s)).toBe(2);
  });

  it('accepts NUMERO_ETIQUETA_MAX once issued, and issues nothing past it', async () => {
    const s = await registerServicio(server);
    const donanteId = await insertDonante(s.servicio);
    const early = await create(s, input(donanteId, { numero: NUMERO_ETIQUETA_MAX }));
    expect(errorsOf(early)).toEqual([
      { field: 'numero', msg: MSG.numeroEtiquetaNoEmitido(NUMERO_ETIQUETA_MAX, 0) },
    ]);
    await emitirHasta(s, NUMERO_ETIQUETA_MAX - 1);
    expect(await next(s)).toBe(NUMERO_ETIQUETA_MAX);
    const res = await server.gql(NEXT, {}, s.token);
    expect(codeOf(res)).toBe('BAD_USER_INPUT');
    expect(res.errors?.[0].message).toBe(MSG.numerosEtiquetaAgotados);
    expect(await contador(s.servicio)).toBe(NUMERO_ETIQUETA_MAX);
    expect((await createOk(s, input(donanteId, { numero: NUMERO_ETIQUETA_MAX }))).numero).toBe(
      NUMERO_ETIQUETA_MAX,
    );
  });

  it(`one request issues at most ${ETIQUETAS_POR_SOLICITUD_MAX} numbers; more is refused before any is issued`, async () => {
    const s = await registerServicio(server);
    const aliases = Array.from(
      { length: ETIQUETAS_POR_SOLICITUD_MAX + 1 },
      (_, i) => `n${i}: nextEtiquetaNumero`,
    );
    const six = await server.gql<Record<string, number>>(
      `mutation { ${aliases.slice(0, ETIQUETAS_POR_SOLICITUD_MAX).join(' ')} }`,
      {},
      s.token,
    );
    expect(six.errors).toBeUndefined();
    expect(Object.values(six.data!)).toEqual([1, 2, 3, 4, 5, 6].slice(0, ETIQUETAS_POR_SOLICITUD_MAX));
    // One more is refused before anything runs: the whole request, and not one number burnt.
    const refused = async (query: string) => {
      const res = await server.gql<Record<string, number | null>>(query, {}, s.token);
      expect(res.data ?? null).toBeNull();
      expect(res.errors).toEqual([
        expect.objectContaining({
          message: MSG.demasiadasEtiquetasPorSolicitud,
          extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
        }),
      ]);
      expect(await contador(s.servicio)).toBe(ETIQUETAS_POR_SOLICITUD_MAX);
    };
    await refused(`mutation { ${aliases.join(' ')} }`);
    const many = Array.from(
      { length: 2 * ETIQUETAS_POR_SOLICITUD_MAX },
      (_, i) => `m${i}: nextEtiquetaNumero`,
    );
    await refused(`mutation { ${many.join(' ')} }`);
    // Through fragments and inline fragments too; a key spread twice runs once and counts once.
    const f = aliases.slice(0, 4).join(' ');
    const rest = aliases.slice(4).join(' ');
    await refused(`mutation { ...F ... on Mutation { ${rest} } } fragment F on Mutation { ${f} }`);
    const twice = await server.gql<Record<string, number>>(
      `mutation { ...F ...F } fragment F on Mutation { ${f} }`,
      {},
      s.token,
    );
    expect(Object.values(twice.data ?? {})).toHaveLength(4);
    expect(await contador(s.servicio)).toBe(ETIQUETAS_POR_SOLICITUD_MAX + 4);
    expect(await next(s)).toBe(ETIQUETAS_POR_SOLICITUD_MAX + 5);
  });

  it('100 concurrent requests get 100 distinct numbers', async () => {
    const s = await registerServicio(server);
    const results = await Promise.all(
      Array.from({ length: 100 }, () => server.gql<{ nextEtiquetaNumero: number }>(NEXT, {}, s.token)),
    );
    const numbers = results.map((r) => r.data?.nextEtiquetaNumero);
    expect(results.filter((r) => r.errors)).toEqual([]);
    expect(new Set(numbers).size).toBe(100);
    expect([...numbers].sort((x, y) => x! - y!)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    const [row] = await server.dataSource.query(
      `SELECT ultimo FROM etiqueta_contador WHERE servicio_id = $1`,
      [s.servicio],
    );
    expect(Number(row.ultimo)).toBe(100);
  });
});

describe('moving the label counter forward', () => {
  it('reads the last issued number, moves it forward only, audited; the next number follows it', async () => {
    const s = await registerServicio(server);
    const read = async () =>
      (await server.gql<{ contadorEtiquetas: number }>(CONTADOR, {}, s.token)).data!.contadorEtiquetas;
    expect(await read()).toBe(0);
    const res = await server.gql<{ avanzarContadorEtiquetas: number }>(AVANZAR, { ultimo: 500 }, s.token);
    expect(res.data?.avanzarContadorEtiquetas).toBe(500);
    expect(await read()).toBe(500);
    const [entry] = await server.dataSource.query(
      `SELECT accion, usuario_id, entidad_id, cambios FROM auditoria
        WHERE servicio_id = $1 AND entidad = 'etiqueta' AND accion = 'editar'`,
      [s.servicio],
    );
    expect(entry).toEqual({
      accion: 'editar',
      usuario_id: s.uid,
      entidad_id: '500',
      cambios: { ultimo: [0, 500] },
    });
    // A donation may now take any number up to 500, and no other.
    const donanteId = await insertDonante(s.servicio);
    const refused = await create(s, input(donanteId, { numero: 501 }));
    expect(errorsOf(refused)).toEqual([{ field: 'numero', msg: MSG.numeroEtiquetaNoEmitido(501, 500) }]);
    await createOk(s, input(donanteId, { numero: 500 }));
    expect(
      (await server.gql<{ nextEtiquetaNumero: number }>(NEXT, {}, s.token)).data!.nextEtiquetaNumero,
    ).toBe(501);
  });

  it('refuses an equal or lower number, 0, and one past NUMERO_ETIQUETA_MAX, changing nothing', async () => {
    const s = await registerServicio(server);
    await emitirHasta(s, 40);
    const cases: [number, string][] = [
      [40, MSG.contadorEtiquetasNoRetrocede(40)],
      [39, MSG.contadorEtiquetasNoRetrocede(40)],
      [0, MSG.numeroEtiquetaFueraDeRango],
      [-5, MSG.numeroEtiquetaFueraDeRango],
      [NUMERO_ETIQUETA_MAX + 1, MSG.numeroEtiquetaFueraDeRango],
      [2_147_483_647, MSG.numeroEtiquetaFueraDeRango],
    ];
    for (const [ultimo, msg] of cases) {
      const res = await server.gql(AVANZAR, { ultimo }, s.token);
      expect({ ultimo, code: codeOf(res), errors: errorsOf(res) }).toEqual({
        ultimo,
        code: 'BAD_USER_INPUT',
        errors: [{ field: 'ultimo', msg }],
      });
    }
    expect(await contador(s.servicio)).toBe(40);
    const audits = await server.dataSource.query(
      `SELECT count(*)::int AS n FROM auditoria WHERE servicio_id = $1 AND entidad = 'etiqueta'`,
      [s.servicio],
    );
    expect(audits[0].n).toBe(1);
    // Past the GraphQL Int: refused before it reaches the service.
    const huge = await server.gql(`mutation { avanzarContadorEtiquetas(ultimo: 99999999999) }`, {}, s.token);
    expect(huge.errors?.[0].message).toBe(MSG.datosInvalidos);
    await emitirHasta(s, NUMERO_ETIQUETA_MAX);
    expect(await contador(s.servicio)).toBe(NUMERO_ETIQUETA_MAX);
  });
});

describe('REST: a donation takes an issued number only', () => {
  const body = (servicio: string, donanteId: string, numero: unknown) => ({
    servicio,
    donanteId,
    numero,
    fecha: TODAY.replace(/-/g, ''),
    hora: '09:30',
    sv: JSON.stringify({ ta: '120/80', fc: '72', peso: '70', temp: '36.5', hb: '13.5', hto: '41' }),
    tipoBolsa: 'Bolsa Doble',
    loteBolsa: 'L-1',
  });
  const msgs = (res: { body: unknown }) =>
    (res.body as { errors?: { msg: string }[] }).errors?.map((e) => e.msg);

  it('accepts the counter value, refuses counter + 1, past the bound and 2147483647 with 400', async () => {
    const s = await registerServicio(server);
    const donanteId = await insertDonante(s.servicio);
    const post = (numero: unknown) =>
      server.rest('POST', '/donacion/', body(s.servicio, donanteId, numero), s.token);
    let res = await post(1);
    expect(res.status).toBe(400);
    expect(msgs(res)).toEqual([MSG.numeroEtiquetaNoEmitido(1, 0)]);
    await emitirHasta(s, 70);
    res = await post('71');
    expect(res.status).toBe(400);
    expect(msgs(res)).toEqual([MSG.numeroEtiquetaNoEmitido(71, 70)]);
    for (const numero of [2_147_483_647, '2147483648', 99_999_999_999, NUMERO_ETIQUETA_MAX + 1, '1.5', -3]) {
      res = await post(numero);
      expect({ numero, status: res.status, msgs: msgs(res) }).toEqual({
        numero,
        status: 400,
        msgs: [MSG.numeroEtiquetaFueraDeRango],
      });
    }
    expect(await rowCount('servicio_id = $1', [s.servicio])).toBe(0);
    expect(await contador(s.servicio)).toBe(70);
    res = await post(70);
    expect(res.status).toBe(200);
    expect(await contador(s.servicio)).toBe(70);
    const issued = await server.rest<{ numero: number }>(
      'POST',
      '/donacion/next-etiqueta-number',
      {},
      s.token,
    );
    expect(issued.body.numero).toBe(71);
  });

  it('NUMERO_ETIQUETA_MAX is accepted once issued', async () => {
    const s = await registerServicio(server);
    await emitirHasta(s, NUMERO_ETIQUETA_MAX);
    const res = await server.rest(
      'POST',
      '/donacion/',
      body(s.servicio, await insertDonante(s.servicio), NUMERO_ETIQUETA_MAX),
      s.token,
    );
    expect(res.status).toBe(200);
    const next = await server.rest('POST', '/donacion/next-etiqueta-number', {}, s.token);
    expect(next.status).toBe(400);
    expect(msgs(next)).toEqual([MSG.numerosEtiquetaAgotados]);
  });
});

describe('numbers beyond a column: the searches answer 400 in Spanish, never 500', () => {
  const msgs = (res: { body: unknown }) =>
    (res.body as { errors?: { msg: string }[] }).errors?.map((e) => e.msg);
  /** A GraphQL request with its HTTP status. */
  async function gqlHttp(query: string, variables: Record<string, unknown> = {}) {
    const res = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${a.token}` },
      body: JSON.stringify({ query, variables }),
    });
    return { status: res.status, body: (await res.json()) as GqlResult };
  }

  it.each([
    ['99999999999', MSG.numeroEtiquetaFueraDeRango],
    ['2147483648', MSG.numeroEtiquetaFueraDeRango],
    [String(NUMERO_ETIQUETA_MAX + 1), MSG.numeroEtiquetaFueraDeRango],
    ['0', MSG.numeroEtiquetaFueraDeRango],
    ['-1', MSG.numeroEtiquetaFueraDeRango],
    // A number, but not a whole one: no label carries it.
    ['1.5', MSG.numeroEtiquetaFueraDeRango],
    ['1e3', MSG.numeroEtiquetaFueraDeRango],
    // Read as a label code, with a wrong check character.
    ['12Z', MSG.codigoEtiquetaInvalido],
    [codigoEtiqueta(123_456_789), MSG.numeroEtiquetaFueraDeRango],
  ])('REST GET /donacion/search?numero=%s: 400', async (numero, msg) => {
    const res = await server.rest('GET', `/donacion/search?numero=${numero}`, undefined, a.token);
    expect({ status: res.status, msgs: msgs(res) }).toEqual({ status: 400, msgs: [msg] });
  });

  it('REST: numero = NUMERO_ETIQUETA_MAX is a search like any other (empty here)', async () => {
    const res = await server.rest(
      'GET',
      `/donacion/search?numero=${NUMERO_ETIQUETA_MAX}`,
      undefined,
      a.token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ donaciones: [], total: 0 });
  });

  const pages = ['99999999999', '2147483648', '1000001', '-1', '1.5', '1e3', 'abc'];
  it.each(['/donacion/search', '/donante/search'])(
    'REST %s: offset and limit out of range are 400',
    async (path) => {
      for (const [name, value] of [
        ...pages.map((v) => ['offset', v]),
        ...[...pages, '0', '101'].map((v) => ['limit', v]),
      ]) {
        const res = await server.rest('GET', `${path}?${name}=${value}`, undefined, a.token);
        expect({ name, value, status: res.status, msgs: msgs(res) }).toEqual({
          name,
          value,
          status: 400,
          msgs: [MSG.valorNoPermitido],
        });
      }
    },
  );

  it('GraphQL donaciones: numero out of range is refused in Spanish, as a literal or a variable', async () => {
    for (const numero of ['99999999999', '2147483648', '1.5']) {
      const res = await gqlHttp(`{ donaciones(filter: { numero: ${numero} }) { total } }`);
      expect({ numero, status: res.status, message: res.body.errors?.[0].message }).toEqual({
        numero,
        status: 400,
        message: MSG.datosInvalidos,
      });
      const asVariable = await gqlHttp(SEARCH, { filter: { numero: Number(numero) } });
      expect({ numero, status: asVariable.status, message: asVariable.body.errors?.[0].message }).toEqual({
        numero,
        status: 400,
        message: MSG.datosInvalidos,
      });
    }
    for (const numero of [NUMERO_ETIQUETA_MAX + 1, 2_147_483_647, 0, -1]) {
      const res = await gqlHttp(SEARCH, { filter: { numero } });
      expect({ numero, code: codeOf(res.body), errors: errorsOf(res.body) }).toEqual({
        numero,
        code: 'BAD_USER_INPUT',
        errors: [{ field: 'numero', msg: MSG.numeroEtiquetaFueraDeRango }],
      });
    }
    const max = await gqlHttp(SEARCH, { filter: { numero: NUMERO_ETIQUETA_MAX } });
    expect(max.body.data).toEqual({ donaciones: { total: 0, offset: 0, limit: 20, items: [] } });
  });

  it.each([
    ['donaciones', 'total'],
    ['donantes', 'total'],
  ])('GraphQL %s: offset and limit out of range are refused in Spanish', async (field, pick) => {
    for (const page of ['{ offset: 99999999999 }', '{ limit: 2147483648 }', '{ offset: 1.5 }']) {
      const res = await gqlHttp(`{ ${field}(page: ${page}) { ${pick} } }`);
      expect({ page, status: res.status, message: res.body.errors?.[0].message }).toEqual({
        page,
        status: 400,
        message: MSG.datosInvalidos,
      });
    }
    for (const page of [
      { offset: -1 },
      { offset: 1_000_001 },
      { limit: 0 },
      { limit: 101 },
      { offset: 2_147_483_647 },
    ]) {
      const res = await gqlHttp(`query ($p: PageInput) { ${field}(page: $p) { ${pick} } }`, { p: page });
      expect({ page, code: codeOf(res.body), msg: res.body.errors?.[0].message }).toEqual({
        page,
        code: 'BAD_USER_INPUT',
        msg: MSG.valorNoPermitido,
      });
    }
  });
});

describe('concurrent donations', () => {
  it('20 concurrent donations of one donor: exactly one is recorded', async () => {
    const donanteId = await insertDonante(a.servicio);
    const fecha = day(-1);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => create(a, input(donanteId, { fecha }))),
    );
    const ok = results.filter((r) => r.data?.createDonacion);
    const refused = results.filter((r) => r.errors);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const r of refused) {
      expect(codeOf(r)).toBe('BAD_USER_INPUT');
      expect(errorsOf(r)).toEqual([
        { field: 'fecha', msg: `Este donante dono hace menos de 8 semanas (${formatDate(fecha)}).` },
      ]);
    }
    expect(await rowCount('donante_id = $1', [donanteId])).toBe(1);
    expect(await ultimaDonacion(donanteId)).toBe(fecha);
  });
});

// ---------------------------------------------------------------------------

describe('queries', () => {
  let s: Session;
  let donanteId: string;
  let ids: DonacionResult[];
  beforeAll(async () => {
    s = await registerServicio(server);
    await emitirHasta(s, 14);
    donanteId = await insertDonante(s.servicio, 'Ana', 'Ruiz');
    ids = [];
    ids.push(await createOk(s, input(donanteId, { numero: 11, fecha: day(-120), hora: '09:00' })));
    ids.push(await createOk(s, input(donanteId, { numero: 12, fecha: day(-60), hora: '09:00' })));
    const other = await insertDonante(s.servicio, 'Luis', 'Sosa');
    ids.push(await createOk(s, input(other, { numero: 13, fecha: day(-60), hora: '11:15' })));
    ids.push(await createOk(s, input(other, { numero: 14, fecha: day(-2), hora: '07:00' })));
  });

  it('searches by fecha and numero, newest first, paginated', async () => {
    const all = await server.gql<{ donaciones: { total: number; items: DonacionResult[] } }>(
      SEARCH,
      {},
      s.token,
    );
    expect(all.data!.donaciones.total).toBe(4);
    expect(all.data!.donaciones.items.map((d) => d.numero)).toEqual([14, 13, 12, 11]);

    const byFecha = await server.gql<{ donaciones: { total: number; items: DonacionResult[] } }>(
      SEARCH,
      { filter: { fecha: day(-60) } },
      s.token,
    );
    expect(byFecha.data!.donaciones.items.map((d) => [d.numero, d.hora])).toEqual([
      [13, '11:15'],
      [12, '09:00'],
    ]);
    const byNumero = await server.gql<{ donaciones: { items: DonacionResult[] } }>(
      SEARCH,
      { filter: { numero: 12, fecha: day(-60) } },
      s.token,
    );
    expect(byNumero.data!.donaciones.items.map((d) => d.id)).toEqual([ids[1].id]);
    const page = await server.gql<{ donaciones: { total: number; offset: number; items: DonacionResult[] } }>(
      SEARCH,
      { page: { offset: 1, limit: 2 } },
      s.token,
    );
    expect(page.data!.donaciones).toMatchObject({ total: 4, offset: 1 });
    expect(page.data!.donaciones.items.map((d) => d.numero)).toEqual([13, 12]);
    const none = await server.gql<{ donaciones: { total: number } }>(
      SEARCH,
      { filter: { numero: 999 } },
      s.token,
    );
    expect(none.data!.donaciones.total).toBe(0);
  });

  describe('by label code (number + ISO 7064 MOD 37-2 check character)', () => {
    const CODIGO = `query ($codigo: String, $fecha: String) {
      donaciones(filter: { codigo: $codigo, fecha: $fecha }) { total items { id numero codigoEtiqueta } }
    }`;
    type Resultado = {
      donaciones: { total: number; items: { id: string; numero: number; codigoEtiqueta: string }[] };
    };
    const buscar = (codigo: string, fecha?: string) =>
      server.gql<Resultado>(CODIGO, { codigo, fecha }, s.token);
    const rest = (numero: string) =>
      server.rest<{
        donaciones: { _id: string; numero: number }[];
        total: number;
        errors?: { msg: string }[];
      }>('GET', `/donacion/search?numero=${encodeURIComponent(numero)}`, undefined, s.token);

    it('answers codigoEtiqueta for every donation', async () => {
      const res = await server.gql<Resultado>(
        `{ donaciones { total items { id numero codigoEtiqueta } } }`,
        {},
        s.token,
      );
      expect(res.data!.donaciones.items.map((d) => [d.numero, d.codigoEtiqueta])).toEqual([
        [14, '14Q'],
        [13, '13S'],
        [12, '12U'],
        [11, '11W'],
      ]);
      const one = await server.gql<{ donacion: { codigoEtiqueta: string } }>(
        `query ($id: ID!) { donacion(id: $id) { codigoEtiqueta } }`,
        { id: ids[1].id },
        s.token,
      );
      expect(one.data!.donacion.codigoEtiqueta).toBe(codigoEtiqueta(12));
    });

    it('GraphQL: the right code finds the donation, in either case; the bare number too', async () => {
      for (const codigo of ['12U', '12u', ' 12U ', '12', '12-U', '12 u', '12/U']) {
        const res = await buscar(codigo);
        expect({ codigo, ids: res.data?.donaciones.items.map((d) => d.id) }).toEqual({
          codigo,
          ids: [ids[1].id],
        });
      }
      expect((await buscar('12U', day(-60))).data!.donaciones.total).toBe(1);
      expect((await buscar('12U', day(-2))).data!.donaciones.total).toBe(0);
      // numero and codigo together: the same number finds it, another one nothing.
      const both = (numero: number) =>
        server.gql<Resultado>(
          `query ($numero: Int) { donaciones(filter: { numero: $numero, codigo: "12U" }) { total } }`,
          { numero },
          s.token,
        );
      expect((await both(12)).data!.donaciones.total).toBe(1);
      expect((await both(13)).data!.donaciones.total).toBe(0);
    });

    it.each(['12V', '13U', '21U', '12*', '12UU', 'U12', '12-V', '12 V', '12/1'])(
      'GraphQL: %s is refused with BAD_USER_INPUT and finds nothing',
      async (codigo) => {
        const res = await buscar(codigo);
        expect(res.data).toBeFalsy();
        expect(codeOf(res)).toBe('BAD_USER_INPUT');
        expect(res.errors!.map((e) => e.message)).toEqual([MSG.codigoEtiquetaInvalido]);
        expect(errorsOf(res)).toEqual([{ field: 'codigo', msg: MSG.codigoEtiquetaInvalido }]);
      },
    );

    it('GraphQL: a right code of a number no label carries is out of range', async () => {
      const res = await buscar(codigoEtiqueta(123_456_789));
      expect(codeOf(res)).toBe('BAD_USER_INPUT');
      expect(errorsOf(res)).toEqual([{ field: 'codigo', msg: MSG.numeroEtiquetaFueraDeRango }]);
    });

    it('REST: the right code finds the donation, a wrong one is 400 with the message, the bare number works', async () => {
      let res = await rest('12U');
      expect(res.status).toBe(200);
      expect(res.body.donaciones.map((d) => [d._id, d.numero])).toEqual([[ids[1].id, 12]]);
      res = await rest('12');
      expect(res.body.donaciones.map((d) => d._id)).toEqual([ids[1].id]);
      // The errors name the parameter sent: numero.
      for (const codigo of ['12V', '13U', '12UU', '12-V']) {
        res = await rest(codigo);
        expect({ codigo, status: res.status, body: res.body }).toEqual({
          codigo,
          status: 400,
          body: { errors: [{ msg: MSG.codigoEtiquetaInvalido, param: 'numero' }] },
        });
      }
      res = await rest('123456789012345678901');
      expect(res.body).toEqual({ errors: [{ msg: expect.any(String), param: 'numero' }] });
      res = await rest(codigoEtiqueta(123_456_789));
      expect(res.body).toEqual({ errors: [{ msg: MSG.numeroEtiquetaFueraDeRango, param: 'numero' }] });
    });

    describe('a check character that is a digit (39 -> 398)', () => {
      let t: Session;
      let d39: string;
      let d398: string;
      beforeAll(async () => {
        expect(codigoEtiqueta(39)).toBe('398');
        t = await registerServicio(server);
        await emitirHasta(t, 400);
        d39 = (await createOk(t, input(await insertDonante(t.servicio, 'Eva', 'Paz'), { numero: 39 }))).id;
        d398 = (await createOk(t, input(await insertDonante(t.servicio, 'Ivo', 'Luna'), { numero: 398 }))).id;
      });
      const enT = (codigo: string) => server.gql<Resultado>(CODIGO, { codigo }, t.token);
      const idsDe = (res: GqlResult<Resultado>) => res.data?.donaciones.items.map((d) => d.id);

      it('GraphQL: 398 is the number 398 and the code of 39: both, the number first', async () => {
        const res = await enT('398');
        expect(res.data!.donaciones.total).toBe(2);
        expect(idsDe(res)).toEqual([d398, d39]);
        // Each donation's codigoEtiqueta finds it.
        for (const d of res.data!.donaciones.items) {
          expect(idsDe(await enT(d.codigoEtiqueta))).toContain(d.id);
        }
        // Only the number when its last digit is not the check character of the rest.
        expect(idsDe(await enT('39'))).toEqual([d39]);
        // With fecha too, and paginated: the same order.
        expect(
          (
            await server.gql<Resultado>(
              `query { donaciones(filter: { codigo: "398" }, page: { offset: 1, limit: 1 }) { total items { id numero codigoEtiqueta } } }`,
              {},
              t.token,
            )
          ).data!.donaciones,
        ).toMatchObject({ total: 2, items: [{ id: d39 }] });
      });

      it('GraphQL: the check character set apart is verified strictly', async () => {
        for (const codigo of ['39-8', '39 8', '39/8', ' 39 - 8 ']) {
          expect({ codigo, ids: idsDe(await enT(codigo)) }).toEqual({ codigo, ids: [d39] });
        }
        for (const codigo of ['39-7', '39 9', '39/A', '398-8']) {
          const res = await enT(codigo);
          expect(res.data).toBeFalsy();
          expect(errorsOf(res)).toEqual([{ field: 'codigo', msg: MSG.codigoEtiquetaInvalido }]);
        }
        // numero and codigo together: only the number both designate.
        const both = (numero: number) =>
          server.gql<Resultado>(
            `query ($numero: Int) { donaciones(filter: { numero: $numero, codigo: "398" }) { items { id } } }`,
            { numero },
            t.token,
          );
        expect(idsDe(await both(39))).toEqual([d39]);
        expect(idsDe(await both(398))).toEqual([d398]);
        expect(idsDe(await both(12))).toEqual([]);
      });

      it('REST: numero=398 lists both, the number first; 39-8 only 39; 39-7 is 400 on numero', async () => {
        let res = await server.rest<{ donaciones: { _id: string }[]; total: number }>(
          'GET',
          '/donacion/search?numero=398',
          undefined,
          t.token,
        );
        expect(res.status).toBe(200);
        expect(res.body.donaciones.map((d) => d._id)).toEqual([d398, d39]);
        expect(res.body.total).toBe(2);
        res = await server.rest(
          'GET',
          `/donacion/search?numero=${encodeURIComponent('39-8')}`,
          undefined,
          t.token,
        );
        expect(res.body.donaciones.map((d) => d._id)).toEqual([d39]);
        const bad = await server.rest(
          'GET',
          `/donacion/search?numero=${encodeURIComponent('39 7')}`,
          undefined,
          t.token,
        );
        expect({ status: bad.status, body: bad.body }).toEqual({
          status: 400,
          body: { errors: [{ msg: MSG.codigoEtiquetaInvalido, param: 'numero' }] },
        });
      });

      it('REST create: a code is its number, a wrong one is refused and nothing is written', async () => {
        await emitirHasta(t, 480);
        const donante = await insertDonante(t.servicio, 'Ada', 'Sol');
        const antes = await rowCount('servicio_id = $1', [t.servicio]);
        const post = (numero: unknown) =>
          server.rest<{ errors?: { msg: string; param?: string }[] }>(
            'POST',
            '/donacion/',
            {
              ...input(donante),
              servicio: t.servicio,
              numero,
              sv: undefined,
              fecha: TODAY.replace(/-/g, ''),
            },
            t.token,
          );
        for (const numero of ['47-7', '478X', '123H']) {
          const res = await post(numero);
          expect({ numero, status: res.status, errors: res.body.errors }).toEqual({
            numero,
            status: 400,
            errors: [{ msg: MSG.codigoEtiquetaInvalido, param: 'numero' }],
          });
        }
        expect(await rowCount('servicio_id = $1', [t.servicio])).toBe(antes);
        expect(codigoEtiqueta(47)).toBe('478');
        const ok = await post('47-8');
        expect(ok.status).toBe(200);
        const [row] = await server.dataSource.query(
          `SELECT numero FROM donacion WHERE servicio_id = $1 AND donante_id = $2`,
          [t.servicio, donante],
        );
        expect(row.numero).toBe(47);
      });
    });
  });

  it("lists a donor's donations newest first and gets one", async () => {
    const res = await server.gql<{ donacionesDeDonante: DonacionResult[] }>(
      DE_DONANTE,
      { id: donanteId },
      s.token,
    );
    expect(res.data!.donacionesDeDonante.map((d) => d.numero)).toEqual([12, 11]);
    const one = await server.gql<{ donacion: DonacionResult }>(GET, { id: ids[0].id }, s.token);
    expect(one.data!.donacion).toMatchObject({ numero: 11, nombre: 'Ana', apellido: 'Ruiz' });
  });

  it('hides everything from another servicio', async () => {
    const other = await server.gql<{ donaciones: { total: number } }>(
      SEARCH,
      { filter: { numero: 11 } },
      b.token,
    );
    expect(other.data!.donaciones.total).toBe(0);
    expect(codeOf(await server.gql(GET, { id: ids[0].id }, b.token))).toBe('NOT_FOUND');
    expect(codeOf(await server.gql(DE_DONANTE, { id: donanteId }, b.token))).toBe('NOT_FOUND');
    const upd = await server.gql(UPDATE, { id: ids[0].id, input: { abo: 'A' } }, b.token);
    expect(codeOf(upd)).toBe('NOT_FOUND');
    expect(codeOf(await server.gql(DELETE, { id: ids[0].id }, b.token))).toBe('NOT_FOUND');
    const [row] = await server.dataSource.query(`SELECT abo, deleted_at FROM donacion WHERE id = $1`, [
      ids[0].id,
    ]);
    expect(row).toEqual({ abo: '', deleted_at: null });
    expect(codeOf(await server.gql(GET, { id: 'x' }, s.token))).toBe('NOT_FOUND');
  });
});

// ---------------------------------------------------------------------------

describe('results and deletion', () => {
  it('updates the results, answers the message and audits the changes', async () => {
    const donanteId = await insertDonante(a.servicio);
    const d = await createOk(a, input(donanteId, { fecha: day(-7) }));
    // A reactive marker with a temporary exclusion is a doctor's decision.
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
      a.token,
    );
    const login = await server.gql<{ login: { token: string } }>(
      `mutation ($input: LoginInput!) { login(input: $input) { token } }`,
      { input: { username, password: 'clave-segura' } },
    );
    const medico = login.data!.login.token;
    const res = await server.gql<{ updateResultadosDonacion: { message: string; donacion: DonacionResult } }>(
      UPDATE,
      {
        id: d.id,
        input: {
          abo: 'AB',
          rh: 'NEGATIVO',
          serologia: { chagas: true },
          exclusionDefinitiva: 'Temporal',
          exclusionTiempo: 180,
          exclusionCodigo: ' T-12 ',
        },
      },
      medico,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.updateResultadosDonacion.message).toBe(MSG.donacionActualizada);
    expect(res.data!.updateResultadosDonacion.donacion).toMatchObject({
      id: d.id,
      abo: 'AB',
      rh: 'NEGATIVO',
      serologia: {
        hiv: false,
        hepB: false,
        hepC: false,
        vdrl: false,
        brucelosis: false,
        chagas: true,
        htlv: false,
      },
      exclusionDefinitiva: 'Temporal',
      exclusionTiempo: 180,
      exclusionCodigo: 'T-12',
      numero: d.numero,
    });
    const [row] = await server.dataSource.query(
      `SELECT abo, rh, serologia, exclusion_tiempo FROM donacion WHERE id = $1`,
      [d.id],
    );
    expect(row).toMatchObject({ abo: 'AB', rh: 'NEGATIVO', exclusion_tiempo: 180 });
    expect(row.serologia.chagas).toBe(true);
    const [audit] = await server.dataSource.query(
      `SELECT accion, cambios FROM auditoria WHERE entidad = 'donacion' AND entidad_id = $1 AND accion = 'editar'`,
      [d.id],
    );
    expect(audit.cambios.abo).toEqual(['', 'AB']);
    expect(audit.cambios.exclusionTiempo).toEqual([null, 180]);

    const bad = await server.gql(UPDATE, { id: d.id, input: { abo: 'Z', exclusionTiempo: 45 } }, a.token);
    expect(errorsOf(bad)).toEqual([
      { field: 'abo', msg: MSG.valorNoPermitido },
      { field: 'exclusionTiempo', msg: MSG.valorNoPermitido },
    ]);
    const [after] = await server.dataSource.query(`SELECT abo FROM donacion WHERE id = $1`, [d.id]);
    expect(after.abo).toBe('AB');
  });

  it('soft-deletes: hidden everywhere, audited, ultima_donacion recomputed, number free again', async () => {
    const donanteId = await insertDonante(a.servicio);
    const first = await createOk(a, input(donanteId, { fecha: day(-100) }));
    const second = await createOk(a, input(donanteId, { fecha: day(-20) }));
    expect(await ultimaDonacion(donanteId)).toBe(day(-20));

    const res = await server.gql<{ deleteDonacion: DonacionResult }>(DELETE, { id: second.id }, a.token);
    expect(res.data!.deleteDonacion).toMatchObject({ id: second.id, numero: second.numero });
    const [row] = await server.dataSource.query(`SELECT deleted_at FROM donacion WHERE id = $1`, [second.id]);
    expect(row.deleted_at).not.toBeNull();
    expect(await ultimaDonacion(donanteId)).toBe(day(-100));
    expect(codeOf(await server.gql(GET, { id: second.id }, a.token))).toBe('NOT_FOUND');
    expect(codeOf(await server.gql(DELETE, { id: second.id }, a.token))).toBe('NOT_FOUND');
    const list = await server.gql<{ donacionesDeDonante: DonacionResult[] }>(
      DE_DONANTE,
      { id: donanteId },
      a.token,
    );
    expect(list.data!.donacionesDeDonante.map((d) => d.id)).toEqual([first.id]);
    const audits = await server.dataSource.query(
      `SELECT accion, usuario_id FROM auditoria WHERE entidad = 'donacion' AND entidad_id = $1 ORDER BY id`,
      [second.id],
    );
    expect(audits).toEqual([
      { accion: 'crear', usuario_id: a.uid },
      { accion: 'eliminar', usuario_id: a.uid },
    ]);
    // The deleted donation no longer blocks the 8-week rule nor holds its number.
    await createOk(a, input(donanteId, { fecha: day(-20), numero: second.numero }));

    await server.gql(DELETE, { id: first.id }, a.token);
    const [{ id: lastId }] = (
      await server.gql<{ donacionesDeDonante: DonacionResult[] }>(DE_DONANTE, { id: donanteId }, a.token)
    ).data!.donacionesDeDonante;
    await server.gql(DELETE, { id: lastId }, a.token);
    expect(await ultimaDonacion(donanteId)).toBeNull();
  });
});

describe('read columns', () => {
  it('every field of the GraphQL type Donacion has its columns, and every column but deleted_at a field', () => {
    const type = getSchema(resolvers).getType('Donacion') as GraphQLObjectType;
    expect(Object.keys(type.getFields()).sort()).toEqual(Object.keys(DONACION_FIELD_COLUMNS).sort());
    const columns = server.dataSource.getMetadata(Donacion).columns.map((c) => c.databaseName);
    expect(
      donacionColumns()
        .split(', ')
        .map((c) => c.replace(/^d\./, ''))
        .sort(),
    ).toEqual(columns.filter((c) => c !== 'deleted_at').sort());
  });

  it('a search answers every field asked for, as the donation itself', async () => {
    const s = await servicioConNumeros();
    const donanteId = await insertDonante(s.servicio, 'Nélida', 'Ortiz');
    const created = await createOk(s, input(donanteId, { fecha: day(-1), hora: '07:45' }));
    const byId = (await server.gql<{ donacion: DonacionResult }>(GET, { id: created.id }, s.token)).data!
      .donacion;
    const ask = async (items: string) => {
      const res = await server.gql<{ donaciones: { items: DonacionResult[] } }>(
        `query ($f: DonacionFilter) { donaciones(filter: $f) { total items { ${items} } } }`,
        { f: { numero: created.numero } },
        s.token,
      );
      expect(res.errors).toBeUndefined();
      return res.data!.donaciones.items[0];
    };
    expect(await ask(FIELDS)).toEqual(byId);
    expect(await ask('numero apellido sv { peso }')).toEqual({
      numero: created.numero,
      apellido: 'Ortiz',
      sv: { peso: NORMAL_SV.peso },
    });
  });
});
