/**
 * Races: concurrent requests against one record. The row ends as one whole
 * version that some request wrote, and the audit log holds one entry per
 * successful write; label numbers never repeat; the 8-week and unique-DNI
 * rules hold under concurrency, over both APIs, and a deferral recorded while a
 * donation is being created either stops it or comes after it.
 */
import { addDays, formatDate } from '../../server/src/domain/dates';
import { MSG } from '../../server/src/domain/messages';
import { GqlResult, startTestServer, TestServer } from '../../server/src/test-utils/harness';
import {
  CREATE_DONACION,
  CREATE_DONANTE,
  donacionInput,
  donanteInput,
  nextNumero,
  NORMAL_SV,
  ok,
  seedWorld,
  TODAY,
  World,
} from './fixtures';

jest.setTimeout(60_000);

let server: TestServer;
let w: World;

beforeAll(async () => {
  server = await startTestServer();
  w = await seedWorld(server, 'Carrera');
});
afterAll(() => server.close());

const UPDATE = `mutation ($id: ID!, $input: DonanteInput!) { updateDonante(id: $id, input: $input) { id apellido telefono } }`;

test('concurrent edits of one donor leave one consistent version and an audit entry per write', async () => {
  const { createDonante } = ok(
    await server.gql<{ createDonante: { id: string; dni: string } }>(
      CREATE_DONANTE,
      { input: donanteInput() },
      w.admin.token,
    ),
  );
  const N = 16;
  const versions = Array.from({ length: N }, (_, i) =>
    donanteInput({ dni: createDonante.dni, apellido: `Version${i}`, telefono: `11-4000-${1000 + i}` }),
  );
  const tokens = [w.admin.token, ...Object.values(w.members).map((m) => m.token)];
  const results = await Promise.all(
    versions.map((input, i) =>
      server.gql(UPDATE, { id: createDonante.id, input }, tokens[i % tokens.length]),
    ),
  );
  expect(results.filter((r) => r.errors)).toEqual([]);

  const [row] = await server.dataSource.query(`SELECT apellido, telefono FROM donante WHERE id = $1`, [
    createDonante.id,
  ]);
  const i = Number(String(row.apellido).replace('Version', ''));
  // Both fields come from the same request: no mix of two writers.
  expect(row).toEqual({ apellido: `Version${i}`, telefono: `11-4000-${1000 + i}` });

  const audits: { cambios: Record<string, [unknown, unknown]> }[] = await server.dataSource.query(
    `SELECT cambios FROM auditoria WHERE entidad = 'donante' AND entidad_id = $1 AND accion = 'editar' ORDER BY id`,
    [createDonante.id],
  );
  expect(audits).toHaveLength(N);
  // The entries chain: each one starts where the previous one ended, and the last is the row.
  for (let k = 1; k < audits.length; k += 1) {
    expect(audits[k].cambios.apellido[0]).toBe(audits[k - 1].cambios.apellido[1]);
  }
  expect(audits[N - 1].cambios.apellido[1]).toBe(row.apellido);
});

test('concurrent label numbers are all distinct', async () => {
  const results = await Promise.all(
    Array.from({ length: 30 }, () =>
      server.gql<{ nextEtiquetaNumero: number }>(`mutation { nextEtiquetaNumero }`, {}, w.admin.token),
    ),
  );
  const numbers = results.map((r) => ok(r).nextEtiquetaNumero);
  expect(new Set(numbers).size).toBe(30);
});

test('concurrent donations of one donor: exactly one passes the 8-week rule', async () => {
  const { createDonante } = ok(
    await server.gql<{ createDonante: { id: string } }>(
      CREATE_DONANTE,
      { input: donanteInput() },
      w.admin.token,
    ),
  );
  const results = await Promise.all(
    Array.from({ length: 8 }, () =>
      server.gql(CREATE_DONACION, { input: donacionInput(createDonante.id) }, w.admin.token),
    ),
  );
  expect(results.filter((r) => !r.errors)).toHaveLength(1);
  const [{ n }] = await server.dataSource.query(
    `SELECT count(*)::int AS n FROM donacion WHERE donante_id = $1 AND deleted_at IS NULL`,
    [createDonante.id],
  );
  expect(n).toBe(1);
  const [{ a }] = await server.dataSource.query(
    `SELECT count(*)::int AS a FROM auditoria a JOIN donacion d ON d.id::text = a.entidad_id
      WHERE d.donante_id = $1 AND a.accion = 'crear'`,
    [createDonante.id],
  );
  expect(a).toBe(1);
});

/** POST /api/donacion/ for the donor today, as the original product sends it. */
const createRest = (donanteId: string) =>
  server.rest<{ errors?: { msg: string; param?: string }[] }>(
    'POST',
    '/donacion/',
    {
      servicio: w.admin.servicio,
      donanteId,
      numero: nextNumero(),
      fecha: TODAY.replace(/-/g, ''),
      hora: '10:30',
      tipoBolsa: 'Bolsa Doble',
      loteBolsa: 'L-1',
      sv: JSON.stringify(NORMAL_SV),
    },
    w.admin.token,
  );

const nuevoDonante = async () =>
  ok(
    await server.gql<{ createDonante: { id: string } }>(
      CREATE_DONANTE,
      { input: donanteInput() },
      w.admin.token,
    ),
  ).createDonante.id;

test('20 concurrent donations of one donor over REST: exactly one is recorded', async () => {
  const donanteId = await nuevoDonante();
  const results = await Promise.all(Array.from({ length: 20 }, () => createRest(donanteId)));
  expect(results.filter((r) => r.status === 200)).toHaveLength(1);
  for (const r of results.filter((x) => x.status !== 200)) {
    expect([r.status, r.body.errors]).toEqual([
      400,
      [{ msg: MSG.menos8Semanas(formatDate(TODAY)), param: 'fecha' }],
    ]);
  }
  const [{ n, a }] = await server.dataSource.query(
    `SELECT count(DISTINCT d.id)::int AS n, count(a.id)::int AS a FROM donacion d
       LEFT JOIN auditoria a ON a.entidad_id = d.id::text AND a.accion = 'crear'
      WHERE d.donante_id = $1 AND d.deleted_at IS NULL`,
    [donanteId],
  );
  expect({ n, a }).toEqual({ n: 1, a: 1 });
});

const RESULTADOS = `mutation ($id: ID!, $input: ResultadosDonacionInput!) {
  updateResultadosDonacion(id: $id, input: $input) { message }
}`;
const NO_APTO = `mutation ($input: NoAptoInput!) { registrarNoApto(input: $input) { id } }`;

test("a deferral ('Definitiva', a 'No apto' visit) racing a donation: the donation is refused, or it committed first", async () => {
  const t = w.admin.token;
  for (let round = 0; round < 12; round += 1) {
    const donanteId = await nuevoDonante();
    const previa = ok(
      await server.gql<{ createDonacion: { id: string } }>(
        CREATE_DONACION,
        { input: donacionInput(donanteId, { fecha: addDays(TODAY, -100) }) },
        t,
      ),
    ).createDonacion.id;
    const porResultado = round % 2 === 0;
    const porRest = round % 4 >= 2;
    const [diferir, crear] = await Promise.all([
      porResultado
        ? gqlWithStatus(RESULTADOS, { id: previa, input: { exclusionDefinitiva: 'Definitiva' } }, t)
        : gqlWithStatus(
            NO_APTO,
            {
              input: { donanteId, fecha: TODAY, hora: '09:00', motivo: 'Presión alta', diferimientoDias: 30 },
            },
            t,
          ),
      porRest
        ? createRest(donanteId).then((r) => ({
            status: r.status,
            msg: r.body.errors?.[0]?.msg ?? null,
          }))
        : gqlWithStatus(CREATE_DONACION, { input: donacionInput(donanteId) }, t).then((r) => ({
            status: r.status,
            msg: r.body.errors?.[0]?.message ?? null,
          })),
    ]);
    expect([diferir.status, diferir.body.errors]).toEqual([200, undefined]);
    expect(crear.status).toBeLessThan(500);
    const [creada] = await server.dataSource.query(
      `SELECT a.id FROM auditoria a JOIN donacion d ON d.id::text = a.entidad_id
        WHERE a.accion = 'crear' AND a.entidad = 'donacion' AND d.donante_id = $1 AND d.fecha = $2`,
      [donanteId, TODAY],
    );
    const [diferida] = porResultado
      ? await server.dataSource.query(
          `SELECT id FROM auditoria WHERE accion = 'editar' AND entidad = 'donacion' AND entidad_id = $1`,
          [previa],
        )
      : await server.dataSource.query(
          `SELECT a.id FROM auditoria a JOIN visita_no_apto v ON v.id::text = a.entidad_id
            WHERE a.entidad = 'visita_no_apto' AND v.donante_id = $1`,
          [donanteId],
        );
    if (crear.msg === null) {
      // Recorded: it held the person's lock first, so its entry precedes the deferral's.
      expect(Number(creada.id)).toBeLessThan(Number(diferida.id));
    } else {
      expect(crear.msg).toMatch(/^Donante diferido: /);
      expect(creada).toBeUndefined();
    }
  }
});

test('concurrent creates with one DNI: exactly one donor exists', async () => {
  const dni = donanteInput().dni;
  const results = await Promise.all(
    Array.from({ length: 8 }, () =>
      server.gql(CREATE_DONANTE, { input: donanteInput({ dni }) }, w.admin.token),
    ),
  );
  expect(results.filter((r) => !r.errors)).toHaveLength(1);
  for (const r of results.filter((x) => x.errors)) {
    expect(r.errors![0].message).toMatch(/^Ya existe un donante con DNI/);
  }
  const [{ n }] = await server.dataSource.query(
    `SELECT count(*)::int AS n FROM donante WHERE servicio_id = $1 AND dni = $2`,
    [w.admin.servicio, dni],
  );
  expect(n).toBe(1);
});

const RESTAURAR_DONANTE = `mutation ($id: ID!) { restaurarDonante(id: $id) { id } }`;
const RESTAURAR_DONACION = `mutation ($id: ID!) { restaurarDonacion(id: $id) { id } }`;
const ROUNDS = 20;

/** A GraphQL call with its HTTP status (a 500 must show as one). */
async function gqlWithStatus(query: string, variables: Record<string, unknown>, token: string) {
  const res = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, body: (await res.json()) as GqlResult };
}

/** Neither a 500 nor an internal error: a result or a Spanish 4xx matching `loser`. */
function outcome(res: GqlResult, loser: RegExp): 'gana' | 'pierde' {
  if (!res.errors) return 'gana';
  expect(res.errors).toHaveLength(1);
  expect(res.errors[0].extensions?.code).toBe('BAD_USER_INPUT');
  expect(res.errors[0].message).toMatch(loser);
  return 'pierde';
}

test('a deleted donor restored while a donor with its DNI is created: never a 500, exactly one wins', async () => {
  const t = w.admin.token;
  for (let round = 0; round < ROUNDS; round += 1) {
    const { createDonante: old } = ok(
      await server.gql<{ createDonante: { id: string; dni: string } }>(
        CREATE_DONANTE,
        { input: donanteInput() },
        t,
      ),
    );
    ok(await server.gql(`mutation ($id: ID!) { deleteDonante(id: $id) }`, { id: old.id }, t));
    const [restore, create] = await Promise.all([
      gqlWithStatus(RESTAURAR_DONANTE, { id: old.id }, t),
      gqlWithStatus(CREATE_DONANTE, { input: donanteInput({ dni: old.dni, apellido: 'Rival' }) }, t),
    ]);
    for (const r of [restore, create]) expect(r.status).toBeLessThan(500);
    const loser = new RegExp(`^Ya existe un donante con DNI ${old.dni}: `);
    const results = [outcome(restore.body, loser), outcome(create.body, loser)];
    expect(results.filter((r) => r === 'gana')).toHaveLength(1);
    const [{ n }] = await server.dataSource.query(
      `SELECT count(*)::int AS n FROM donante WHERE servicio_id = $1 AND dni = $2 AND deleted_at IS NULL`,
      [w.admin.servicio, old.dni],
    );
    expect(n).toBe(1);
  }
});

test('a deleted donation restored while another donor takes its numero: never a 500, exactly one wins', async () => {
  const t = w.admin.token;
  const newDonor = async () =>
    ok(await server.gql<{ createDonante: { id: string } }>(CREATE_DONANTE, { input: donanteInput() }, t))
      .createDonante.id;
  for (let round = 0; round < ROUNDS; round += 1) {
    const [a, b] = [await newDonor(), await newDonor()];
    const { nextEtiquetaNumero: numero } = ok(
      await server.gql<{ nextEtiquetaNumero: number }>(`mutation { nextEtiquetaNumero }`, {}, t),
    );
    const { createDonacion } = ok(
      await server.gql<{ createDonacion: { id: string } }>(
        CREATE_DONACION,
        { input: donacionInput(a, { numero }) },
        t,
      ),
    );
    ok(
      await server.gql(
        `mutation ($id: ID!) { deleteDonacion(id: $id) { id } }`,
        { id: createDonacion.id },
        t,
      ),
    );
    const [restore, create] = await Promise.all([
      gqlWithStatus(RESTAURAR_DONACION, { id: createDonacion.id }, t),
      gqlWithStatus(CREATE_DONACION, { input: donacionInput(b, { numero }) }, t),
    ]);
    for (const r of [restore, create]) expect(r.status).toBeLessThan(500);
    const loser = new RegExp(`^${MSG.numeroDonacionEnUso(numero)}$`);
    const results = [outcome(restore.body, loser), outcome(create.body, loser)];
    expect(results.filter((r) => r === 'gana')).toHaveLength(1);
    const [{ n }] = await server.dataSource.query(
      `SELECT count(*)::int AS n FROM donacion WHERE servicio_id = $1 AND numero = $2 AND deleted_at IS NULL`,
      [w.admin.servicio, numero],
    );
    expect(n).toBe(1);
  }
});
