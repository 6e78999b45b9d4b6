import { execFile } from 'node:child_process';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { migrations } from '../../database/migrations';
import { verificarCadena } from './cadena';
import {
  createTestDatabase,
  registerServicio,
  Session,
  startTestServer,
  TestServer,
} from '../../test-utils/harness';

const VERIFICAR = `query { verificarAuditoria { ok entradas primeraRota motivo } }`;
type Verificacion = { ok: boolean; entradas: number; primeraRota: string | null; motivo: string | null };

let server: TestServer;
let dni = 40_000_000;

async function verificar(s: Session): Promise<Verificacion> {
  const res = await server.gql<{ verificarAuditoria: Verificacion }>(VERIFICAR, {}, s.token);
  expect(res.errors).toBeUndefined();
  return res.data!.verificarAuditoria;
}

async function nuevoDonante(s: Session): Promise<string> {
  dni += 1;
  const res = await server.gql<{ createDonante: { id: string } }>(
    `mutation ($input: DonanteInput!) { createDonante(input: $input) { id } }`,
    { input: { nombre: 'Ana', apellido: 'Suárez', dni: String(dni), fechaNacimiento: '1990-05-01' } },
    s.token,
  );
  expect(res.errors).toBeUndefined();
  return res.data!.createDonante.id;
}

/** A servicio with a few entries: its registration, donors and label numbers. */
async function servicioConHistoria(): Promise<{ s: Session; ids: string[] }> {
  const s = await registerServicio(server);
  for (let i = 0; i < 3; i += 1) await nuevoDonante(s);
  await server.gql(`mutation { nextEtiquetaNumero }`, {}, s.token);
  const rows: { id: string }[] = await server.dataSource.query(
    `SELECT id::text AS id FROM auditoria WHERE servicio_id = $1 ORDER BY id`,
    [s.servicio],
  );
  return { s, ids: rows.map((r) => r.id) };
}

/** `npm run verificar-auditoria` on the test database: its exit code and output. */
function comando(databaseUrl: string): Promise<{ code: number; stdout: string }> {
  const root = path.resolve(__dirname, '../../../..');
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['-r', '@swc-node/register', 'server/src/cli/verificar-auditoria.ts'],
      {
        cwd: root,
        env: { ...process.env, DATABASE_URL: databaseUrl, SWC_NODE_PROJECT: 'server/tsconfig.json' },
      },
      (error, stdout) => resolve({ code: error ? Number(error.code) : 0, stdout }),
    );
  });
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('auditoría: cadena de hashes', () => {
  it('an untouched trail verifies, and every path of writing chains (label numbers in a CTE too)', async () => {
    const { s, ids } = await servicioConHistoria();
    const v = await verificar(s);
    expect(v).toEqual({ ok: true, entradas: ids.length, primeraRota: null, motivo: null });
    const etiqueta: { hash_anterior: string; hash: string }[] = await server.dataSource.query(
      `SELECT hash_anterior, hash FROM auditoria WHERE servicio_id = $1 AND entidad = 'etiqueta'`,
      [s.servicio],
    );
    expect(etiqueta[0].hash).toMatch(/^[0-9a-f]{64}$/);
    expect(etiqueta[0].hash_anterior).toMatch(/^[0-9a-f]{64}$/);
  });

  it('an entry edited in the database breaks the chain at that entry (GraphQL and the command)', async () => {
    const { s, ids } = await servicioConHistoria();
    const otro = await servicioConHistoria();
    const editada = ids[2];
    await server.dataSource.query(`UPDATE auditoria SET cambios = '{"dni": ["1", "2"]}' WHERE id = $1`, [
      editada,
    ]);
    expect(await verificar(s)).toEqual({
      ok: false,
      entradas: ids.length,
      primeraRota: editada,
      motivo: 'La entrada fue modificada después de escrita',
    });
    // Another servicio's chain is its own: still intact.
    expect((await verificar(otro.s)).ok).toBe(true);

    const { code, stdout } = await comando(server.databaseUrl);
    expect(code).toBe(1);
    expect(stdout).toContain(
      `(${s.servicio}): la cadena de auditoría se rompe en la entrada ${editada}: La entrada fue modificada`,
    );
    expect(stdout).toContain(`(${otro.s.servicio}): ${otro.ids.length} entradas, cadena intacta`);
  }, 60_000);

  it('an edit that also recomputes the hash shows at the next entry', async () => {
    const { s, ids } = await servicioConHistoria();
    await server.dataSource.query(
      `UPDATE auditoria SET cambios = '{}',
         hash = auditoria_hash(servicio_id, usuario_id, at, accion, entidad, entidad_id, '{}', hash_anterior)
       WHERE id = $1`,
      [ids[1]],
    );
    expect(await verificar(s)).toMatchObject({ ok: false, primeraRota: ids[2] });
  });

  it('a deleted entry is caught: in the middle, the first one, or the last one', async () => {
    const medio = await servicioConHistoria();
    await server.dataSource.query(`DELETE FROM auditoria WHERE id = $1`, [medio.ids[2]]);
    expect(await verificar(medio.s)).toEqual({
      ok: false,
      entradas: medio.ids.length - 1,
      primeraRota: medio.ids[3],
      motivo: 'Falta la entrada anterior o la cadena fue alterada',
    });

    const primera = await servicioConHistoria();
    await server.dataSource.query(`DELETE FROM auditoria WHERE id = $1`, [primera.ids[0]]);
    expect(await verificar(primera.s)).toMatchObject({ ok: false, primeraRota: primera.ids[1] });

    const ultima = await servicioConHistoria();
    const last = ultima.ids[ultima.ids.length - 1];
    await server.dataSource.query(`DELETE FROM auditoria WHERE id = $1`, [last]);
    expect(await verificar(ultima.s)).toEqual({
      ok: false,
      entradas: ultima.ids.length - 1,
      primeraRota: last,
      motivo: 'Faltan las últimas entradas del registro',
    });
  });

  it('20 parallel writers of one servicio leave one valid chain', async () => {
    const s = await registerServicio(server);
    const antes = (await verificar(s)).entradas;
    await Promise.all(Array.from({ length: 20 }, () => nuevoDonante(s)));
    expect(await verificar(s)).toEqual({ ok: true, entradas: antes + 20, primeraRota: null, motivo: null });
  });

  it('the migration chains the entries written before it, per servicio by id', async () => {
    const db = await createTestDatabase();
    const ds = new DataSource({ type: 'postgres', url: db.url, entities: [], migrations });
    await ds.initialize();
    try {
      await ds.runMigrations({ transaction: 'each' });
      // Back to just before the chain's migration (undoing those after it on the way).
      for (;;) {
        const [{ name }] = await ds.query(`SELECT name FROM migrations ORDER BY id DESC LIMIT 1`);
        await ds.undoLastMigration({ transaction: 'each' });
        if (name === 'AuditoriaCadena1763880000000') break;
      }
      const servicios: string[] = [];
      for (const nombre of ['A', 'B']) {
        const [{ id }] = await ds.query(
          `INSERT INTO servicio (id, nombre, email) VALUES (gen_random_uuid(), $1, $2) RETURNING id::text AS id`,
          [nombre, `${nombre}@h.test`],
        );
        servicios.push(id);
      }
      for (let i = 0; i < 5; i += 1) {
        await ds.query(
          `INSERT INTO auditoria (servicio_id, accion, entidad, entidad_id, cambios) VALUES ($1, 'crear', 'x', $2, $3)`,
          [servicios[i % 2], String(i), JSON.stringify({ n: i, texto: 'ñandú "citado"' })],
        );
      }
      await ds.runMigrations({ transaction: 'each' });
      const run = (sql: string, params: unknown[]) => ds.query(sql, params);
      expect(await verificarCadena(run, servicios[0])).toMatchObject({ ok: true, entradas: 3 });
      expect(await verificarCadena(run, servicios[1])).toMatchObject({ ok: true, entradas: 2 });
      // And new entries continue those chains.
      await ds.query(
        `INSERT INTO auditoria (servicio_id, accion, entidad, entidad_id) VALUES ($1, 'crear', 'x', 'n')`,
        [servicios[0]],
      );
      expect(await verificarCadena(run, servicios[0])).toMatchObject({ ok: true, entradas: 4 });
    } finally {
      await ds.destroy();
      await db.drop();
    }
  });
});
