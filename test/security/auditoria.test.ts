/**
 * Audit trail screen and restores: every write leaves an entry, the trail is
 * filtered by record and date, and deleted donors and donations come back
 * (audited) unless a live record took their DNI or numero or the 8-week rule
 * forbids it.
 */
import { addDays } from '../../server/src/domain/dates';
import { MSG } from '../../server/src/domain/messages';
import { startTestServer, TestServer } from '../../server/src/test-utils/harness';
import {
  CREATE_DONACION,
  CREATE_DONANTE,
  codeOf,
  donacionInput,
  donanteInput,
  ok,
  seedWorld,
  TODAY,
  World,
} from './fixtures';

jest.setTimeout(60_000);

const AUDITORIA = `query ($f: AuditoriaFilter, $p: PageInput) {
  auditoria(filter: $f, page: $p) { total offset limit items { id at accion entidad entidadId cambios usuarioId usuarioNombre } }
}`;
type Page = {
  auditoria: {
    total: number;
    items: { accion: string; entidad: string; entidadId: string; usuarioNombre: string | null }[];
  };
};
const RESTAURAR_DONANTE = `mutation ($id: ID!) { restaurarDonante(id: $id) { id apellido } }`;
const RESTAURAR_DONACION = `mutation ($id: ID!) { restaurarDonacion(id: $id) { id numero } }`;

let server: TestServer;
let w: World;

beforeAll(async () => {
  server = await startTestServer();
  w = await seedWorld(server, 'Auditoria');
});
afterAll(() => server.close());

const gqlAdmin = <T>(q: string, v: Record<string, unknown>) => server.gql<T>(q, v, w.admin.token);

test('the trail lists the servicio entries newest first, filtered by record and by date', async () => {
  const all = ok(await gqlAdmin<Page>(AUDITORIA, { p: { limit: 100 } })).auditoria;
  const [{ n }] = await server.dataSource.query(
    `SELECT count(*)::int AS n FROM auditoria WHERE servicio_id = $1`,
    [w.admin.servicio],
  );
  expect(all.total).toBe(n);
  expect(all.items[0].usuarioNombre).toBeTruthy();

  const one = ok(
    await gqlAdmin<Page>(AUDITORIA, { f: { entidad: 'donante', entidadId: w.donanteDeletedId } }),
  );
  expect(one.auditoria.items.map((i) => i.accion)).toEqual(['eliminar', 'crear']);

  const today = ok(await gqlAdmin<Page>(AUDITORIA, { f: { desde: TODAY, hasta: TODAY } })).auditoria;
  expect(today.total).toBe(n);
  const yesterday = ok(
    await gqlAdmin<Page>(AUDITORIA, { f: { desde: addDays(TODAY, -1), hasta: addDays(TODAY, -1) } }),
  ).auditoria;
  expect(yesterday.total).toBe(0);

  const page = ok(await gqlAdmin<Page>(AUDITORIA, { p: { offset: 1, limit: 2 } })).auditoria;
  expect(page.items).toEqual(all.items.slice(1, 3));

  const bad = await gqlAdmin(AUDITORIA, { f: { desde: '2024-13-45' } });
  expect(bad.errors?.[0].message).toBe(MSG.fechaInvalida);
});

test('the trail query uses its indexes', async () => {
  await server.dataSource.query('ANALYZE auditoria');
  const plan: { 'QUERY PLAN': string }[] = await server.dataSource.transaction(async (m) => {
    await m.query('SET LOCAL enable_seqscan = off');
    // As on a large trail: the newest 20 read in order from an index, not any index and a sort
    // (on these few rows the planner would also take the verification's (servicio_id, id) one).
    await m.query('SET LOCAL enable_sort = off');
    return m.query(`EXPLAIN SELECT * FROM auditoria a WHERE a.servicio_id = $1 ORDER BY a.at DESC LIMIT 20`, [
      w.admin.servicio,
    ]);
  });
  expect(plan.map((p) => p['QUERY PLAN']).join('\n')).toMatch(
    /auditoria_servicio_at_idx|auditoria_entidad_idx/,
  );
});

test('a deleted donor is restored, audited, and cannot be restored over a live donor with its DNI', async () => {
  const { createDonante: d } = ok(
    await gqlAdmin<{ createDonante: { id: string; dni: string } }>(CREATE_DONANTE, { input: donanteInput() }),
  );
  ok(await gqlAdmin(`mutation ($id: ID!) { deleteDonante(id: $id) }`, { id: d.id }));
  // Another live donor now has the DNI.
  const { createDonante: twin } = ok(
    await gqlAdmin<{ createDonante: { id: string } }>(CREATE_DONANTE, {
      input: donanteInput({ dni: d.dni, apellido: 'Gemelo' }),
    }),
  );
  const conflict = await gqlAdmin(RESTAURAR_DONANTE, { id: d.id });
  expect(conflict.errors?.[0].message).toBe(`Ya existe un donante con DNI ${d.dni}: Gemelo, Juan`);
  expect(
    (await server.dataSource.query(`SELECT deleted_at FROM donante WHERE id = $1`, [d.id]))[0].deleted_at,
  ).not.toBeNull();

  ok(await gqlAdmin(`mutation ($id: ID!) { deleteDonante(id: $id) }`, { id: twin.id }));
  const restored = ok(await gqlAdmin<{ restaurarDonante: { id: string } }>(RESTAURAR_DONANTE, { id: d.id }));
  expect(restored.restaurarDonante.id).toBe(d.id);
  const [row] = await server.dataSource.query(`SELECT deleted_at FROM donante WHERE id = $1`, [d.id]);
  expect(row.deleted_at).toBeNull();
  const audits = await server.dataSource.query(
    `SELECT accion, usuario_id, cambios FROM auditoria WHERE entidad = 'donante' AND entidad_id = $1 ORDER BY id`,
    [d.id],
  );
  expect(audits.map((a: { accion: string }) => a.accion)).toEqual(['crear', 'eliminar', 'restaurar']);
  expect(audits[2].usuario_id).toBe(w.admin.uid);
  expect(audits[2].cambios).toEqual({ deletedAt: [expect.any(String), null] });

  // Restoring a live donor is refused.
  expect(codeOf(await gqlAdmin(RESTAURAR_DONANTE, { id: d.id }))).toBe('BAD_USER_INPUT');
});

test('a deleted donor kept with a DNI in another form is checked and restored by its canonical DNI', async () => {
  const { createDonante: d } = ok(
    await gqlAdmin<{ createDonante: { id: string; dni: string } }>(CREATE_DONANTE, { input: donanteInput() }),
  );
  ok(await gqlAdmin(`mutation ($id: ID!) { deleteDonante(id: $id) }`, { id: d.id }));
  // A row written before DNIs were stored canonical (dots and a space), as an import could leave it.
  const typed = `${d.dni.slice(0, 2)}.${d.dni.slice(2, 5)}. ${d.dni.slice(5)}`;
  await server.dataSource.query(`UPDATE donante SET dni = $2 WHERE id = $1`, [d.id, typed]);
  const { createDonante: twin } = ok(
    await gqlAdmin<{ createDonante: { id: string } }>(CREATE_DONANTE, {
      input: donanteInput({ dni: d.dni, apellido: 'Gemelo' }),
    }),
  );
  const conflict = await gqlAdmin(RESTAURAR_DONANTE, { id: d.id });
  expect(conflict.errors?.[0].message).toBe(`Ya existe un donante con DNI ${d.dni}: Gemelo, Juan`);
  const [kept] = await server.dataSource.query(`SELECT dni, deleted_at FROM donante WHERE id = $1`, [d.id]);
  expect(kept.dni).toBe(typed);
  expect(kept.deleted_at).not.toBeNull();

  ok(await gqlAdmin(`mutation ($id: ID!) { deleteDonante(id: $id) }`, { id: twin.id }));
  ok(await gqlAdmin(RESTAURAR_DONANTE, { id: d.id }));
  const [row] = await server.dataSource.query(`SELECT dni, deleted_at FROM donante WHERE id = $1`, [d.id]);
  expect(row).toEqual({ dni: d.dni, deleted_at: null });
  const [entry] = await server.dataSource.query(
    `SELECT cambios FROM auditoria WHERE entidad = 'donante' AND entidad_id = $1 AND accion = 'restaurar'`,
    [d.id],
  );
  expect(entry.cambios.dni).toEqual([typed, d.dni]);
  expect(entry.cambios.deletedAt[1]).toBeNull();
});

test('a deleted donation is restored with the 8-week rule, a free numero and the donor last donation', async () => {
  const { createDonante: d } = ok(
    await gqlAdmin<{ createDonante: { id: string } }>(CREATE_DONANTE, { input: donanteInput() }),
  );
  const old = ok(
    await gqlAdmin<{ createDonacion: { id: string; numero: number } }>(CREATE_DONACION, {
      input: donacionInput(d.id, { fecha: addDays(TODAY, -200) }),
    }),
  ).createDonacion;
  ok(await gqlAdmin(`mutation ($id: ID!) { deleteDonacion(id: $id) { id } }`, { id: old.id }));
  const recent = ok(
    await gqlAdmin<{ createDonacion: { id: string; numero: number } }>(CREATE_DONACION, {
      input: donacionInput(d.id, { fecha: addDays(TODAY, -10) }),
    }),
  ).createDonacion;
  ok(await gqlAdmin(`mutation ($id: ID!) { deleteDonacion(id: $id) { id } }`, { id: recent.id }));
  // A new donation 20 days after the deleted one: restoring it would break the 8-week rule.
  ok(await gqlAdmin(CREATE_DONACION, { input: donacionInput(d.id, { fecha: addDays(TODAY, -30) }) }));
  const tooClose = await gqlAdmin(RESTAURAR_DONACION, { id: recent.id });
  expect(tooClose.errors?.[0].message).toMatch(/^Este donante dono hace menos de 8 semanas/);

  // The old one's numero is now used by another donation.
  const { createDonante: other } = ok(
    await gqlAdmin<{ createDonante: { id: string } }>(CREATE_DONANTE, { input: donanteInput() }),
  );
  const taker = ok(
    await gqlAdmin<{ createDonacion: { id: string } }>(CREATE_DONACION, {
      input: donacionInput(other.id, { numero: old.numero }),
    }),
  ).createDonacion;
  expect((await gqlAdmin(RESTAURAR_DONACION, { id: old.id })).errors?.[0].message).toBe(
    MSG.numeroDonacionEnUso(old.numero),
  );
  ok(await gqlAdmin(`mutation ($id: ID!) { deleteDonacion(id: $id) { id } }`, { id: taker.id }));
  ok(await gqlAdmin(RESTAURAR_DONACION, { id: old.id }));
  const [don] = await server.dataSource.query(
    `SELECT ultima_donacion::text AS u FROM donante WHERE id = $1`,
    [d.id],
  );
  expect(don.u).toBe(addDays(TODAY, -30));
  const audits = await server.dataSource.query(
    `SELECT accion, cambios FROM auditoria WHERE entidad = 'donacion' AND entidad_id = $1 ORDER BY id`,
    [old.id],
  );
  expect(audits.map((a: { accion: string }) => a.accion)).toEqual(['crear', 'eliminar', 'restaurar']);
  expect(audits[2].cambios).toEqual({
    deletedAt: [expect.any(String), null],
    numero: old.numero,
    fecha: addDays(TODAY, -200),
  });

  // A donation whose donor is deleted cannot come back before its donor.
  ok(await gqlAdmin(`mutation ($id: ID!) { deleteDonacion(id: $id) { id } }`, { id: old.id }));
  ok(await gqlAdmin(`mutation ($id: ID!) { deleteDonante(id: $id) }`, { id: d.id }));
  expect((await gqlAdmin(RESTAURAR_DONACION, { id: old.id })).errors?.[0].message).toBe(
    MSG.restaurarDonanteEliminado,
  );
});

test('a deleted donation is not restored over the same donation recorded again, as creating it again is refused', async () => {
  const { createDonante: d } = ok(
    await gqlAdmin<{ createDonante: { id: string } }>(CREATE_DONANTE, { input: donanteInput() }),
  );
  const first = ok(
    await gqlAdmin<{ createDonacion: { id: string; numero: number } }>(CREATE_DONACION, {
      input: donacionInput(d.id),
    }),
  ).createDonacion;
  ok(await gqlAdmin(`mutation ($id: ID!) { deleteDonacion(id: $id) { id } }`, { id: first.id }));
  // Recorded again with the same label and day, then the deleted one is brought back.
  const again = ok(
    await gqlAdmin<{ createDonacion: { id: string } }>(CREATE_DONACION, {
      input: donacionInput(d.id, { numero: first.numero }),
    }),
  ).createDonacion;
  const res = await gqlAdmin<Record<string, unknown>>(RESTAURAR_DONACION, { id: first.id });
  expect(res.errors?.[0].message).toBe(MSG.donacionYaRegistrada);
  expect(codeOf(res)).toBe('BAD_USER_INPUT');
  const rows = await server.dataSource.query(
    `SELECT id FROM donacion WHERE donante_id = $1 AND deleted_at IS NULL`,
    [d.id],
  );
  expect(rows).toEqual([{ id: again.id }]);
  const restores = await server.dataSource.query(
    `SELECT 1 FROM auditoria WHERE entidad = 'donacion' AND entidad_id = $1 AND accion = 'restaurar'`,
    [first.id],
  );
  expect(restores).toHaveLength(0);
});

test('every create, update and delete of donors, donations, staff and options is audited', async () => {
  const rows: { entidad: string; accion: string }[] = await server.dataSource.query(
    `SELECT DISTINCT entidad, accion FROM auditoria WHERE servicio_id = $1`,
    [w.admin.servicio],
  );
  const have = new Set(rows.map((r) => `${r.entidad}:${r.accion}`));
  ok(
    await gqlAdmin(`mutation ($input: OpcionesInput!) { updateOpciones(input: $input) { message } }`, {
      input: { nombre: 'Servicio Auditado' },
    }),
  );
  ok(
    await gqlAdmin(
      `mutation ($id: ID!, $input: IntegranteUpdateInput!) { updateIntegrante(id: $id, input: $input) { message } }`,
      { id: w.members.ROL_MEDICO.id, input: { nombre: 'Otro', apellido: 'Nombre' } },
    ),
  );
  ok(
    await gqlAdmin(`mutation ($id: ID!) { deleteIntegrante(id: $id) { message } }`, {
      id: w.members.ROL_TECNICO.id,
    }),
  );
  ok(
    await gqlAdmin(
      `mutation ($id: ID!, $input: ResultadosDonacionInput!) { updateResultadosDonacion(id: $id, input: $input) { message } }`,
      { id: w.donacionId, input: { abo: 'O' } },
    ),
  );
  const after: { entidad: string; accion: string }[] = await server.dataSource.query(
    `SELECT DISTINCT entidad, accion FROM auditoria WHERE servicio_id = $1`,
    [w.admin.servicio],
  );
  for (const r of after) have.add(`${r.entidad}:${r.accion}`);
  const usuarioEntity = [...have].find(
    (k) => k.endsWith(':crear') && !k.startsWith('don') && !k.startsWith('etiqueta'),
  );
  expect(usuarioEntity).toBeDefined();
  for (const key of [
    'donante:crear',
    'donante:eliminar',
    'donacion:crear',
    'donacion:eliminar',
    'donacion:editar',
  ]) {
    expect(have).toContain(key);
  }
  const entities = new Set([...have].map((k) => k.split(':')[0]));
  expect([...entities].some((e) => /servicio|opciones/.test(e))).toBe(true);
  expect([...have].filter((k) => /integrante|usuario/.test(k)).length).toBeGreaterThanOrEqual(3);
});
