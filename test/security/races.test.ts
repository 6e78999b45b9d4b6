/**
 * Races: concurrent requests against one record. The row ends as one whole
 * version that some request wrote, and the audit log holds one entry per
 * successful write; label numbers never repeat; the 8-week and unique-DNI
 * rules hold under concurrency.
 */
import { startTestServer, TestServer } from '../../server/src/test-utils/harness';
import {
  CREATE_DONACION,
  CREATE_DONANTE,
  donacionInput,
  donanteInput,
  ok,
  seedWorld,
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
