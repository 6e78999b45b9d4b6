/**
 * Backups: a database populated through the API is dumped, restored into a
 * fresh database and compared table by table, row by row. A damaged file and
 * a dump of another migration set are refused and change nothing.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Client } from 'pg';
import {
  backupDatabase,
  BackupError,
  restoreDatabase,
  TABLES_NOT_CARRIED,
} from '../../server/src/database/backup';
import { verificarTodo } from '../../server/src/cli/verificar-auditoria';
import { createTestDatabase, startTestServer, TestServer } from '../../server/src/test-utils/harness';
import {
  CREATE_DONACION,
  CREATE_DONANTE,
  donacionInput,
  donanteInput,
  ok,
  seedWorld,
  TODAY,
  World,
} from './fixtures';

jest.setTimeout(120_000);

const root = path.resolve(__dirname, '..', '..');
let server: TestServer;
let dir: string;
let world: World;
const drops: (() => Promise<void>)[] = [];

/**
 * Tables a backup carries: derived ones are made again (and compared, as they must come out the
 * same); the sign-in throttle's are not data.
 */
const DERIVED = ['donante_clave', 'indicador_diario', 'indicador_distintos'];
const SKIPPED = new Set(TABLES_NOT_CARRIED.filter((t) => !DERIVED.includes(t)));

/** Every carried public table (and the next value of every sequence), rows in primary-key order. */
async function dumpAll(url: string): Promise<Record<string, unknown>> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const tables = (
      await client.query<{ t: string }>(
        `SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
      )
    ).rows
      .map((r) => r.t)
      .filter((t) => !SKIPPED.has(t));
    const out: Record<string, unknown> = {};
    for (const t of tables) {
      out[t] = (await client.query(`SELECT row_to_json(x)::text AS j FROM "${t}" x ORDER BY 1`)).rows.map(
        (r: { j: string }) => r.j,
      );
    }
    const seqs = await client.query<{ s: string }>(
      `SELECT sequencename AS s FROM pg_sequences WHERE schemaname = 'public' AND sequencename <> 'migrations_id_seq'`,
    );
    for (const { s } of seqs.rows) {
      out[`nextval:${s}`] = (
        await client.query(
          `SELECT CASE WHEN is_called THEN last_value + 1 ELSE last_value END AS n FROM "${s}"`,
        )
      ).rows[0].n;
    }
    return out;
  } finally {
    await client.end();
  }
}

/** A database with the schema (a restore then finds every migration applied), or `empty`. */
async function freshDatabase(options: { empty?: boolean } = {}): Promise<string> {
  const db = await createTestDatabase(options);
  drops.push(db.drop);
  return db.url;
}

beforeAll(async () => {
  server = await startTestServer();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hemoterapia-backup-'));
  const w = (world = await seedWorld(server, 'copia'));
  const otraRed = await seedWorld(server, 'otra');
  const t = w.admin.token;
  // The servicio's own shelf life of a component type (its split donation's units travel too).
  ok(await server.gql(`mutation { updateVidaUtilComponente(tipo: PLAQUETAS, dias: 4) { dias } }`, {}, t));
  // The warning days of a type, and a dispatch of a released unit (released directly: the release
  // rules are the component suite's), with its unit's fate.
  ok(await server.gql(`mutation { updateAvisoVencimiento(tipo: PLAQUETAS, dias: 3) { dias } }`, {}, t));
  await server.dataSource.query(
    `UPDATE componente SET estado = 'LIBERADO', liberado_en = now(), vence_en = now() + interval '30 days'
      WHERE id = $1`,
    [w.componenteId],
  );
  ok(
    await server.gql(
      `mutation ($ids: [ID!]!) { despacharComponentes(ids: $ids, destino: { tipo: HOSPITAL, nombre: "Hospital Ñandú" }) { id } }`,
      { ids: [w.componenteId] },
      t,
    ),
  );
  // A look-back with a notification: the split donation moved 100 days back, its donor bleeds
  // again today and the new donation turns reactive.
  await server.dataSource.query(`UPDATE donacion SET fecha = fecha - 100 WHERE id = $1`, [
    w.donacionFraccionadaId,
  ]);
  const [previa] = await server.dataSource.query(`SELECT donante_id FROM donacion WHERE id = $1`, [
    w.donacionFraccionadaId,
  ]);
  const nueva = ok(
    await server.gql<{ createDonacion: { id: string } }>(
      CREATE_DONACION,
      { input: donacionInput(String(previa.donante_id)) },
      t,
    ),
  ).createDonacion;
  ok(
    await server.gql(
      `mutation ($id: ID!, $input: TamizajeInput!) { registrarTamizaje(donacionId: $id, input: $input) { id } }`,
      { id: nueva.id, input: { marcador: 'HIV', estado: 'REACTIVO', fecha: TODAY, tecnica: 'ELISA' } },
      t,
    ),
  );
  // A network's request that one member send units to another (written directly: the seeded
  // servicios belong to different networks).
  await server.dataSource.query(
    `INSERT INTO solicitud_traslado (red_id, origen_id, destino_id, tipo, abo, rh, cantidad)
     VALUES ($1, $2, $3, 'PLAQUETAS', 'AB', 'NEGATIVO', 2)`,
    [w.red.id, w.admin.servicio, otraRed.admin.servicio],
  );
  const [traz] = ok(
    await server.gql<{ trazabilidades: { id: string }[] }>(`{ trazabilidades { id } }`, {}, t),
  ).trazabilidades;
  ok(
    await server.gql(
      `mutation ($id: ID!) { registrarNotificacion(id: $id, input: { notificado: "Hospital Ñandú", medio: TELEFONO }) { id } }`,
      { id: traz.id },
      t,
    ),
  );
  // Accents, ñ, quotes and a backslash must survive the round trip byte for byte.
  const acentos = ok(
    await server.gql<{ createDonante: { id: string } }>(
      CREATE_DONANTE,
      { input: donanteInput({ nombre: 'María Ñandú', apellido: "Güemes O'Brien \\ Peña" }) },
      t,
    ),
  ).createDonante;
  // An issued label number travels with who issued it, for whom and the donation that took it.
  const emitido = ok(
    await server.gql<{ nextEtiquetaNumero: number }>(
      `mutation ($d: ID) { nextEtiquetaNumero(donanteId: $d) }`,
      { d: acentos.id },
      t,
    ),
  ).nextEtiquetaNumero;
  const don = ok(
    await server.gql<{ createDonacion: { id: string } }>(
      CREATE_DONACION,
      { input: donacionInput(acentos.id, { numero: emitido }) },
      t,
    ),
  ).createDonacion;
  ok(
    await server.gql(
      `mutation ($id: ID!, $input: ResultadosDonacionInput!) { updateResultadosDonacion(id: $id, input: $input) { message } }`,
      {
        id: don.id,
        input: {
          abo: 'AB',
          rh: 'NEGATIVO',
          serologia: { hiv: false, chagas: true },
          exclusionDefinitiva: 'Temporal',
          exclusionTiempo: 90,
        },
      },
      // A reactive marker with a temporary exclusion: a doctor's decision.
      w.members.ROL_MEDICO.token,
    ),
  );
  ok(
    await server.gql(
      `mutation ($id: ID!, $input: ResultadosDonacionInput!) { updateResultadosDonacion(id: $id, input: $input) { message } }`,
      { id: w.donacionId, input: { abo: 'O', rh: 'POSITIVO' } },
      t,
    ),
  );
  // A 'No apto' visit and a lifted deferral: the donor-safety tables travel too.
  ok(
    await server.gql(
      `mutation ($input: NoAptoInput!) { registrarNoApto(input: $input) { id } }`,
      {
        input: {
          donanteId: w.donanteId,
          fecha: TODAY,
          hora: '08:00',
          motivo: 'Hemoglobina baja',
          diferimientoDias: 15,
        },
      },
      t,
    ),
  );
  ok(
    await server.gql(
      `mutation ($d: ID!, $o: ID!, $m: String!) { levantarDiferimiento(donanteId: $d, origenId: $o, motivo: $m) { id } }`,
      { d: acentos.id, o: don.id, m: 'Decisión del médico: apto' },
      w.members.ROL_MEDICO.token,
    ),
  );
  // The call-back list (an attempt on the doctor's citación; the reactive result above opened
  // another) and a post-donation report, which blocks the split donation's units.
  ok(
    await server.gql(
      `mutation ($id: ID!, $i: IntentoCitacionInput!) { registrarIntentoCitacion(id: $id, intento: $i) { id } }`,
      { id: w.citacionId, i: { fecha: TODAY, medio: 'TELEFONO', resultado: 'Atendió su hermana' } },
      t,
    ),
  );
  ok(
    await server.gql(
      `mutation ($id: ID!, $i: InformePostdonacionInput!) { registrarInformePostDonacion(donacionId: $id, informe: $i) { id } }`,
      {
        id: w.donacionFraccionadaId,
        i: { informante: 'DONANTE', fecha: TODAY, descripcion: 'Fiebre al día siguiente' },
      },
      w.members.ROL_MEDICO.token,
    ),
  );
  // A visit in progress with its interview answered: the questionnaire, the visit and its answers.
  const visitado = ok(
    await server.gql<{ createDonante: { id: string } }>(
      CREATE_DONANTE,
      { input: donanteInput({ apellido: 'Visitado' }) },
      t,
    ),
  ).createDonante;
  const { iniciarVisita } = ok(
    await server.gql<{ iniciarVisita: { id: string } }>(
      `mutation ($d: ID!) { iniciarVisita(donanteId: $d) { id } }`,
      { d: visitado.id },
      t,
    ),
  );
  const { cuestionario } = ok(
    await server.gql<{ cuestionario: { id: string; difiereSi: string | null }[] }>(
      `{ cuestionario { id difiereSi } }`,
      {},
      t,
    ),
  );
  ok(
    await server.gql(
      `mutation ($v: ID!, $r: [RespuestaInput!]!) { responderEntrevista(visitaId: $v, respuestas: $r) { id } }`,
      {
        v: iniciarVisita.id,
        r: cuestionario.map((p) => ({ preguntaId: p.id, valor: p.difiereSi === 'SI' ? 'NO' : 'SI' })),
      },
      t,
    ),
  );
  // Two records with the same digits told apart by the administrator (persona_distinta), and the
  // network's access log (consulta_red, sealed by its trigger) and a refusal for the budget.
  const parecido = ok(
    await server.gql<{ createDonante: { id: string } }>(
      CREATE_DONANTE,
      { input: donanteInput({ dni: `${w.donanteDni}X`, apellido: 'Parecido' }) },
      t,
    ),
  ).createDonante;
  ok(
    await server.gql(
      `mutation ($a: ID!, $b: ID!) { registrarPersonasDistintas(donanteAId: $a, donanteBId: $b, motivo: "Pasaporte") }`,
      { a: w.donanteId, b: parecido.id },
      t,
    ),
  );
  const otra = await seedWorld(server, 'vecina');
  await server.dataSource.query(
    `INSERT INTO consulta_red (servicio_id, usuario_id, donante_id, servicio_consultado, donante_consultado)
     VALUES ($1, $1, $2, $3, $4)`,
    [w.admin.servicio, w.donanteId, otra.admin.servicio, otra.donanteId],
  );
  await server.dataSource.query(
    `INSERT INTO consulta_red_rechazo (servicio_id, usuario_id) VALUES ($1, $1)`,
    [w.admin.servicio],
  );
});

afterAll(async () => {
  await server?.close();
  for (const drop of drops) await drop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

function dbUrl(): string {
  return (server.dataSource.options as { url: string }).url;
}

test('a populated database round-trips: every table, every row, every sequence', async () => {
  const file = path.join(dir, 'copia.json.gz');
  const summary = await backupDatabase(dbUrl(), file);
  expect(summary.tables.donante).toBeGreaterThanOrEqual(7);
  expect(summary.tables.auditoria).toBeGreaterThan(10);

  const before = await dumpAll(dbUrl());
  // Every table of the schema holds data, so the comparison proves each one.
  for (const [t, rows] of Object.entries(before)) {
    if (t !== 'migrations' && !t.startsWith('nextval:'))
      expect([t, (rows as unknown[]).length > 0]).toEqual([t, true]);
  }
  const rows = (t: string) => (before[t] as string[]).map((j) => JSON.parse(j) as Record<string, unknown>);
  expect(rows('donante').some((r) => r.apellido === "Güemes O'Brien \\ Peña")).toBe(true);
  expect(rows('donante').some((r) => r.deleted_at !== null)).toBe(true);
  expect(rows('donacion').some((r) => r.deleted_at !== null)).toBe(true);
  expect(rows('donacion').some((r) => r.abo === 'AB')).toBe(true);

  const target = await freshDatabase();
  const restored = await restoreDatabase(target, file);
  expect(restored.tables).toEqual(summary.tables);
  expect(await dumpAll(target)).toEqual(before);

  // The audit trail's hash chains come back intact, and new entries continue them.
  const lines: string[] = [];
  expect(await verificarTodo(target, (l) => lines.push(l))).toBe(0);
  expect(lines.length).toBeGreaterThanOrEqual(2);
  const c = new Client({ connectionString: target });
  await c.connect();
  try {
    await c.query(
      `INSERT INTO auditoria (servicio_id, accion, entidad, entidad_id) VALUES ($1, 'editar', 'servicio', $2)`,
      [world.admin.servicio, world.admin.servicio],
    );
    // The append-only guards, off while the rows loaded, are on again.
    for (const sql of [
      `UPDATE auditoria SET cambios = '{}'`,
      `DELETE FROM auditoria`,
      `TRUNCATE auditoria CASCADE`,
      `DELETE FROM auditoria_cadena`,
      `UPDATE auditoria_cadena SET hash = NULL`,
    ]) {
      await expect(c.query(sql)).rejects.toMatchObject({ code: '42501' });
    }
  } finally {
    await c.end();
  }
  expect(await verificarTodo(target, () => undefined)).toBe(0);
});

test('restoring replaces every row the target had', async () => {
  const file = path.join(dir, 'copia2.json.gz');
  await backupDatabase(dbUrl(), file);
  const target = await freshDatabase();
  // The target first gets other data: it must be gone after the restore.
  const other = await startTestServer();
  try {
    await seedWorld(other, 'borrar');
    const otherFile = path.join(dir, 'otra.json.gz');
    await backupDatabase((other.dataSource.options as { url: string }).url, otherFile);
    await restoreDatabase(target, otherFile);
  } finally {
    await other.close();
  }
  await restoreDatabase(target, file);
  expect(await dumpAll(target)).toEqual(await dumpAll(dbUrl()));
});

test('a damaged or truncated file is refused and the target keeps its rows', async () => {
  const good = path.join(dir, 'buena.json.gz');
  await backupDatabase(dbUrl(), good);
  const target = await freshDatabase();
  await restoreDatabase(target, good);
  const before = await dumpAll(target);

  const text = zlib.gunzipSync(fs.readFileSync(good)).toString('utf8');
  const lines = text.trimEnd().split('\n');
  const cases: Record<string, Buffer> = {
    'no es gzip': Buffer.from('esto no es una copia'),
    'gzip cortado': fs.readFileSync(good).subarray(0, Math.floor(fs.statSync(good).size / 2)),
    'sin final': zlib.gzipSync(lines.slice(0, -1).join('\n')),
    'filas faltantes': zlib.gzipSync([...lines.slice(0, -3), ...lines.slice(-2)].join('\n')),
    'json roto': zlib.gzipSync([...lines.slice(0, 5), '{"id": ', ...lines.slice(5)].join('\n')),
    'otro formato': zlib.gzipSync(JSON.stringify({ format: 'otra-cosa', version: 1 })),
  };
  for (const [name, content] of Object.entries(cases)) {
    const file = path.join(dir, `mala-${name.replace(/ /g, '-')}.json.gz`);
    fs.writeFileSync(file, content);
    const error = await restoreDatabase(target, file).then(
      () => null,
      (e: unknown) => e,
    );
    expect([name, error instanceof BackupError]).toEqual([name, true]);
    expect((error as Error).message).toMatch(/dañado|incompleto|no es una copia/);
  }
  expect(await dumpAll(target)).toEqual(before);
});

test('a dump of another migration set is refused with a Spanish message', async () => {
  const good = path.join(dir, 'migraciones.json.gz');
  await backupDatabase(dbUrl(), good);
  const lines = zlib.gunzipSync(fs.readFileSync(good)).toString('utf8').trimEnd().split('\n');
  const header = JSON.parse(lines[0]) as { migrations: { id: number; timestamp: string; name: string }[] };
  header.migrations.push({ id: 99, timestamp: '1999999999999', name: 'Futura1999999999999' });
  const file = path.join(dir, 'futura.json.gz');
  fs.writeFileSync(file, zlib.gzipSync([JSON.stringify(header), ...lines.slice(1)].join('\n')));

  const target = await freshDatabase();
  await expect(restoreDatabase(target, file)).rejects.toThrow(
    /La copia de seguridad corresponde a otra versión de la base de datos/,
  );
  const older = { ...header, migrations: header.migrations.slice(0, 1) };
  fs.writeFileSync(file, zlib.gzipSync([JSON.stringify(older), ...lines.slice(1)].join('\n')));
  await expect(restoreDatabase(target, file)).rejects.toThrow(/otra versión/);
});

test('npm run backup and npm run restore work from the command line', async () => {
  const file = path.join(dir, 'cli.json.gz');
  const env = { ...process.env, DATABASE_URL: dbUrl(), LOG_LEVEL: 'silent' };
  const backup = spawnSync('npm', ['run', '--silent', 'backup', '--', file], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  expect(backup.stderr).not.toMatch(/Error/);
  expect(backup.status).toBe(0);
  expect(backup.stdout).toContain('Copia de seguridad');
  expect(fs.existsSync(file)).toBe(true);

  // Empty, as a new server's database is: the restore creates the schema.
  const target = await freshDatabase({ empty: true });
  const restore = spawnSync('npm', ['run', '--silent', 'restore', '--', file], {
    cwd: root,
    env: { ...env, DATABASE_URL: target },
    encoding: 'utf8',
  });
  expect(restore.status).toBe(0);
  expect(restore.stdout).toContain('restaurada');
  // Everything is the copy's, and the trail has one more entry per servicio: the restore's own.
  const [restored, source] = [await dumpAll(target), await dumpAll(dbUrl())];
  const trail = ['auditoria', 'auditoria_cadena', 'nextval:auditoria_id_seq'];
  const rest = (d: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(d).filter(([k]) => !trail.includes(k)));
  expect(rest(restored)).toEqual(rest(source));
  const entry = (j: string) => JSON.parse(j) as Record<string, unknown>;
  const isRestore = (j: string) => entry(j).accion === 'restaurar' && entry(j).entidad === 'copia';
  const entries = restored.auditoria as string[];
  expect(entries.filter((j) => !isRestore(j))).toEqual(source.auditoria);
  expect(entries.filter(isRestore).map((j) => entry(j).servicio_id)).toEqual(
    expect.arrayContaining((source.servicio as string[]).map((j) => entry(j).id)),
  );
  expect(entries.filter(isRestore)).toHaveLength((source.servicio as string[]).length);
  expect(await verificarTodo(target, () => undefined)).toBe(0);

  const missing = spawnSync('npm', ['run', '--silent', 'restore', '--', path.join(dir, 'no-existe.gz')], {
    cwd: root,
    env: { ...env, DATABASE_URL: target },
    encoding: 'utf8',
  });
  expect(missing.status).not.toBe(0);
  expect(missing.stderr).toContain('Error: No existe el archivo');
});

test('backup files and the folders they create are readable by their owner only, whatever the umask', async () => {
  const previous = process.umask(0o000);
  try {
    const file = path.join(dir, 'privada', 'anidada', 'copia.json.gz');
    await backupDatabase(dbUrl(), file);
    const mode = (p: string) => (fs.statSync(p).mode & 0o777).toString(8);
    expect({
      file: mode(file),
      folder: mode(path.dirname(file)),
      parent: mode(path.join(dir, 'privada')),
    }).toEqual({ file: '600', folder: '700', parent: '700' });
  } finally {
    process.umask(previous);
  }
  // The command line too, from a shell whose umask would make them world-readable.
  const cliFile = path.join(dir, 'cli-privada', 'copia.json.gz');
  const run = spawnSync('sh', ['-c', `umask 000 && npm run --silent backup -- "${cliFile}"`], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: dbUrl(), LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
  expect(run.status).toBe(0);
  expect((fs.statSync(cliFile).mode & 0o777).toString(8)).toBe('600');
  expect((fs.statSync(path.dirname(cliFile)).mode & 0o777).toString(8)).toBe('700');
});

test('a restore never lowers a label counter: numbers issued after the copy are not issued again', async () => {
  const admin = world.admin;
  const next = async () =>
    ok(await server.gql<{ nextEtiquetaNumero: number }>(`mutation { nextEtiquetaNumero }`, {}, admin.token))
      .nextEtiquetaNumero;
  const file = path.join(dir, 'contador.json.gz');
  await backupDatabase(dbUrl(), file);
  const beforeCopy = await next();
  const issuedAfter = [await next(), await next()];

  const summary = await restoreDatabase(dbUrl(), file);
  expect(summary.contadoresConservados).toEqual([
    { servicioId: admin.servicio, enCopia: beforeCopy - 1, conservado: issuedAfter[1] },
  ]);
  expect(await next()).toBe(issuedAfter[1] + 1);

  // The command line says so (--yes: the restore drops what was written after the copy).
  const cli = spawnSync('npm', ['run', '--silent', 'restore', '--', file, '--yes'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: dbUrl(), LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
  expect(cli.status).toBe(0);
  expect(cli.stdout).toContain(
    `Contador de etiquetas del servicio ${admin.servicio}: se conserva en ${issuedAfter[1] + 1}`,
  );
  expect(await next()).toBe(issuedAfter[1] + 2);
});
