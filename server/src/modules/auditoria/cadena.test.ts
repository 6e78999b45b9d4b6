import { execFile } from 'node:child_process';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { migrations } from '../../database/migrations';
import { VERIFICAR_SQL, verificarCadena } from './cadena';
import {
  createTestDatabase,
  registerServicio,
  Session,
  startTestServer,
  TestServer,
} from '../../test-utils/harness';

const VERIFICAR = `query ($ancla: String) { verificarAuditoria(ancla: $ancla) { ok entradas primeraRota motivo ultimoHash } }`;
type Verificacion = {
  ok: boolean;
  entradas: number;
  primeraRota: string | null;
  motivo: string | null;
  ultimoHash: string | null;
};
const HASH = expect.stringMatching(/^[0-9a-f]{64}$/);

let server: TestServer;
let dni = 40_000_000;

async function verificar(s: Session, ancla?: string): Promise<Verificacion> {
  const res = await server.gql<{ verificarAuditoria: Verificacion }>(VERIFICAR, { ancla }, s.token);
  expect(res.errors).toBeUndefined();
  return res.data!.verificarAuditoria;
}

/**
 * Runs `sql` as the tables' owner may: with the append-only guards (migration 1763910000000)
 * disabled for its transaction, as someone tampering with the trail would first do.
 */
async function sinGuardas(sql: string, params: unknown[] = []): Promise<void> {
  const guardas = [
    ['auditoria', 'auditoria_solo_agregar'],
    ['auditoria_cadena', 'auditoria_cadena_solo_agregar'],
    ['auditoria_cadena', 'auditoria_cadena_avance'],
  ];
  await server.dataSource.transaction(async (m) => {
    for (const [tabla, guarda] of guardas) await m.query(`ALTER TABLE ${tabla} DISABLE TRIGGER ${guarda}`);
    await m.query(sql, params);
    for (const [tabla, guarda] of guardas) await m.query(`ALTER TABLE ${tabla} ENABLE TRIGGER ${guarda}`);
  });
}

/** Every hash of the servicio's chain from entry `desde` on recomputed, and its head: a rewrite. */
const RECALCULAR = `
  DO $$
  DECLARE
    r record;
    anterior char(64) := (SELECT hash_anterior FROM auditoria WHERE id = %DESDE%);
  BEGIN
    FOR r IN SELECT * FROM auditoria WHERE servicio_id = '%SERVICIO%' AND id >= %DESDE% ORDER BY id LOOP
      UPDATE auditoria
         SET hash_anterior = anterior,
             hash = auditoria_hash(r.servicio_id, r.usuario_id, r.at, r.accion, r.entidad, r.entidad_id,
                                   r.cambios, anterior)
       WHERE id = r.id
      RETURNING hash INTO anterior;
    END LOOP;
    UPDATE auditoria_cadena SET hash = anterior WHERE servicio_id = '%SERVICIO%';
  END $$`;

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
function comando(databaseUrl: string, args: string[] = []): Promise<{ code: number; stdout: string }> {
  const root = path.resolve(__dirname, '../../../..');
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['-r', '@swc-node/register', 'server/src/cli/verificar-auditoria.ts', ...args],
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
    expect(v).toEqual({ ok: true, entradas: ids.length, primeraRota: null, motivo: null, ultimoHash: HASH });
    // The head's hash is the last entry's.
    const [ultima] = await server.dataSource.query(`SELECT hash FROM auditoria WHERE id = $1`, [ids.at(-1)]);
    expect(v.ultimoHash).toBe(ultima.hash);
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
    await sinGuardas(`UPDATE auditoria SET cambios = '{"dni": ["1", "2"]}' WHERE id = $1`, [editada]);
    expect(await verificar(s)).toEqual({
      ok: false,
      entradas: ids.length,
      primeraRota: editada,
      motivo: 'La entrada fue modificada después de escrita',
      ultimoHash: HASH,
    });
    // Another servicio's chain is its own: still intact.
    expect((await verificar(otro.s)).ok).toBe(true);

    const { code, stdout } = await comando(server.databaseUrl);
    expect(code).toBe(1);
    expect(stdout).toContain(
      `(${s.servicio}): la cadena de auditoría se rompe en la entrada ${editada}: La entrada fue modificada`,
    );
    const { ultimoHash } = await verificar(otro.s);
    expect(stdout).toContain(
      `(${otro.s.servicio}): ${otro.ids.length} entradas, cadena intacta, último hash ${ultimoHash}`,
    );
    // An anchor kept from an earlier run: still in the chain, the line stays intact.
    const conAncla = await comando(server.databaseUrl, [`${otro.s.servicio}=${ultimoHash}`]);
    expect(conAncla.stdout).toContain(`(${otro.s.servicio}): ${otro.ids.length} entradas, cadena intacta`);
    const otraAncla = await comando(server.databaseUrl, [`${otro.s.servicio}=${'a'.repeat(64)}`]);
    expect(otraAncla.code).toBe(1);
    expect(otraAncla.stdout).toContain(
      `(${otro.s.servicio}): la cadena de auditoría no es la esperada: El hash guardado fuera de la base no está en la cadena`,
    );
    expect((await comando(server.databaseUrl, ['no-es-un-ancla'])).code).toBe(2);
  }, 60_000);

  it('an edit that also recomputes the hash shows at the next entry', async () => {
    const { s, ids } = await servicioConHistoria();
    await sinGuardas(
      `UPDATE auditoria SET cambios = '{}',
         hash = auditoria_hash(servicio_id, usuario_id, at, accion, entidad, entidad_id, '{}', hash_anterior)
       WHERE id = $1`,
      [ids[1]],
    );
    expect(await verificar(s)).toMatchObject({ ok: false, primeraRota: ids[2] });
  });

  it('a deleted entry is caught: in the middle, the first one, or the last one', async () => {
    const medio = await servicioConHistoria();
    await sinGuardas(`DELETE FROM auditoria WHERE id = $1`, [medio.ids[2]]);
    expect(await verificar(medio.s)).toEqual({
      ok: false,
      entradas: medio.ids.length - 1,
      primeraRota: medio.ids[3],
      motivo: 'Falta la entrada anterior o la cadena fue alterada',
      ultimoHash: HASH,
    });

    const primera = await servicioConHistoria();
    await sinGuardas(`DELETE FROM auditoria WHERE id = $1`, [primera.ids[0]]);
    expect(await verificar(primera.s)).toMatchObject({ ok: false, primeraRota: primera.ids[1] });

    const ultima = await servicioConHistoria();
    const last = ultima.ids[ultima.ids.length - 1];
    await sinGuardas(`DELETE FROM auditoria WHERE id = $1`, [last]);
    expect(await verificar(ultima.s)).toEqual({
      ok: false,
      entradas: ultima.ids.length - 1,
      primeraRota: last,
      motivo: 'Faltan las últimas entradas del registro',
      ultimoHash: HASH,
    });
  });

  it('the trail is append-only: a direct UPDATE, DELETE or TRUNCATE is refused and changes nothing', async () => {
    const { s, ids } = await servicioConHistoria();
    const antes = await verificar(s);
    const filas = () =>
      server.dataSource.query(`SELECT id, cambios, hash FROM auditoria WHERE servicio_id = $1 ORDER BY id`, [
        s.servicio,
      ]);
    const cabeza = () =>
      server.dataSource.query(`SELECT ultimo_id, hash FROM auditoria_cadena WHERE servicio_id = $1`, [
        s.servicio,
      ]);
    const [filasAntes, cabezaAntes] = [await filas(), await cabeza()];
    const intentos: [string, unknown[]][] = [
      [`UPDATE auditoria SET cambios = '{}' WHERE id = $1`, [ids[1]]],
      [`DELETE FROM auditoria WHERE id = $1`, [ids.at(-1)]],
      [`DELETE FROM auditoria WHERE servicio_id = $1`, [s.servicio]],
      [`TRUNCATE auditoria CASCADE`, []],
      [`UPDATE auditoria_cadena SET hash = NULL, ultimo_id = NULL WHERE servicio_id = $1`, [s.servicio]],
      // The head moved back to an earlier entry, as after removing the last ones.
      [
        `UPDATE auditoria_cadena SET ultimo_id = $2, hash = (SELECT hash FROM auditoria WHERE id = $2) WHERE servicio_id = $1`,
        [s.servicio, ids[1]],
      ],
      [`DELETE FROM auditoria_cadena WHERE servicio_id = $1`, [s.servicio]],
      [`TRUNCATE auditoria_cadena`, []],
      [
        `INSERT INTO auditoria_cadena (servicio_id, ultimo_id, hash) VALUES ($1, 1, repeat('0', 64))
         ON CONFLICT (servicio_id) DO UPDATE SET hash = excluded.hash`,
        [s.servicio],
      ],
    ];
    for (const [sql, params] of intentos) {
      await expect(server.dataSource.query(sql, params)).rejects.toMatchObject({
        code: '42501',
        message: expect.stringMatching(/solo (admite entradas nuevas|avanza con una entrada nueva)/),
      });
    }
    expect(await filas()).toEqual(filasAntes);
    expect(await cabeza()).toEqual(cabezaAntes);
    // And the chain keeps growing as before.
    await nuevoDonante(s);
    expect(await verificar(s)).toMatchObject({ ok: true, entradas: antes.entradas + 1 });
  });

  it('two entries swapped (their ids exchanged) are reported at the first of them', async () => {
    const { s, ids } = await servicioConHistoria();
    await sinGuardas(
      `UPDATE auditoria SET id = -1 WHERE id = $1;
       UPDATE auditoria SET id = $1 WHERE id = $2;
       UPDATE auditoria SET id = $2 WHERE id = -1`
        .replace(/\$1/g, ids[2])
        .replace(/\$2/g, ids[3]),
    );
    expect(await verificar(s)).toEqual({
      ok: false,
      entradas: ids.length,
      primeraRota: ids[2],
      motivo: 'Falta la entrada anterior o la cadena fue alterada',
      ultimoHash: HASH,
    });
  });

  it('a rewrite that recomputes every later hash and the head only shows against the kept ultimoHash', async () => {
    const { s, ids } = await servicioConHistoria();
    const ancla = (await verificar(s)).ultimoHash!;
    // Legitimate entries after the anchor keep it in the chain.
    await nuevoDonante(s);
    expect(await verificar(s, ancla.toUpperCase())).toMatchObject({ ok: true, primeraRota: null });
    await sinGuardas(`UPDATE auditoria SET cambios = '{"dni": ["1", "2"]}' WHERE id = ${ids[1]}`);
    await sinGuardas(RECALCULAR.replace(/%DESDE%/g, ids[1]).replace(/%SERVICIO%/g, s.servicio));
    // The chain alone is consistent again...
    const sinAncla = await verificar(s);
    expect(sinAncla).toMatchObject({ ok: true });
    expect(sinAncla.ultimoHash).not.toBe(ancla);
    // ...but no longer holds the hash kept outside the database.
    expect(await verificar(s, ancla)).toEqual({
      ok: false,
      entradas: ids.length + 1,
      primeraRota: null,
      motivo: 'El hash guardado fuera de la base no está en la cadena: fue reescrita',
      ultimoHash: sinAncla.ultimoHash,
    });
    const bad = await server.gql(VERIFICAR, { ancla: 'abc' }, s.token);
    expect(bad.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      errors: [
        { field: 'ancla', msg: 'El hash de referencia debe tener entre 16 y 64 caracteres hexadecimales' },
      ],
    });
  });

  it('the head the register book prints (cabezaAuditoria, its first 16 characters) anchors the chain', async () => {
    const { s, ids } = await servicioConHistoria();
    const res = await server.gql<{ cabezaAuditoria: { entrada: string; hash: string } }>(
      `{ cabezaAuditoria { entrada hash } }`,
      {},
      s.token,
    );
    expect(res.errors).toBeUndefined();
    const [ultima]: { id: string; hash: string }[] = await server.dataSource.query(
      `SELECT id::text AS id, hash FROM auditoria WHERE servicio_id = $1 ORDER BY id DESC LIMIT 1`,
      [s.servicio],
    );
    expect(res.data!.cabezaAuditoria).toEqual({ entrada: ultima.id, hash: ultima.hash });
    const impreso = ultima.hash.slice(0, 16);
    // Later entries keep it in the chain, in either case.
    await nuevoDonante(s);
    expect(await verificar(s, impreso.toUpperCase())).toMatchObject({ ok: true });
    const linea = await comando(server.databaseUrl, [`${s.servicio}=${impreso}`]);
    expect(linea.stdout).toContain(`(${s.servicio}): ${ids.length + 1} entradas, cadena intacta`);
    // A rewrite from an earlier entry on, every later hash and the head recomputed: the printed
    // prefix is no longer there.
    await sinGuardas(`UPDATE auditoria SET cambios = '{"dni": ["1", "2"]}' WHERE id = ${ids[1]}`);
    await sinGuardas(RECALCULAR.replace(/%DESDE%/g, ids[1]).replace(/%SERVICIO%/g, s.servicio));
    expect(await verificar(s)).toMatchObject({ ok: true });
    expect(await verificar(s, impreso)).toMatchObject({
      ok: false,
      motivo: 'El hash guardado fuera de la base no está en la cadena: fue reescrita',
    });
    // Fewer than 16 characters are no anchor.
    const corto = await server.gql(VERIFICAR, { ancla: impreso.slice(0, 15) }, s.token);
    expect(corto.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  }, 60_000);

  it('a servicio whose whole trail and head were removed, with donors left, is reported', async () => {
    const { s } = await servicioConHistoria();
    await sinGuardas(
      `DELETE FROM auditoria WHERE servicio_id = $1;
       DELETE FROM auditoria_cadena WHERE servicio_id = $1`.replace(/\$1/g, `'${s.servicio}'`),
    );
    expect(await verificar(s)).toEqual({
      ok: false,
      entradas: 0,
      primeraRota: null,
      motivo: 'El servicio tiene usuarios, donantes o donaciones pero ninguna entrada de auditoría',
      ultimoHash: null,
    });
    const { code, stdout } = await comando(server.databaseUrl);
    expect(code).toBe(1);
    expect(stdout).toContain(
      `(${s.servicio}): la cadena de auditoría no es la esperada: El servicio tiene usuarios, donantes o donaciones`,
    );
  }, 60_000);

  it('verification reads one servicio in id order from its index', async () => {
    const { s } = await servicioConHistoria();
    await server.dataSource.query('ANALYZE auditoria');
    const plan: { 'QUERY PLAN': string }[] = await server.dataSource.transaction(async (m) => {
      // As with many servicios: a scan of the whole table is never the plan.
      await m.query('SET LOCAL enable_seqscan = off');
      return m.query(`EXPLAIN ${VERIFICAR_SQL}`, [s.servicio, null]);
    });
    const texto = plan.map((p) => p['QUERY PLAN']).join('\n');
    expect(texto).toMatch(/Index (Only )?Scan (using|on) auditoria_servicio_id_idx/);
    expect(texto).not.toMatch(/Seq Scan on auditoria /);
  });

  it('20 parallel writers of one servicio leave one valid chain', async () => {
    const s = await registerServicio(server);
    const antes = (await verificar(s)).entradas;
    await Promise.all(Array.from({ length: 20 }, () => nuevoDonante(s)));
    expect(await verificar(s)).toEqual({
      ok: true,
      entradas: antes + 20,
      primeraRota: null,
      motivo: null,
      ultimoHash: HASH,
    });
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
