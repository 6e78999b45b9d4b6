/**
 * Logical backups made by the app itself (the embedded Postgres ships no
 * pg_dump, and the system's older pg_dump refuses a newer server).
 *
 * File format: gzip'd JSON lines.
 *   line 1: {"format":"hemoterapia-backup","version":1,"createdAt":..,"migrations":[..],"tables":[..]}
 *   then, for each table in foreign-key order: {"table":"name","count":n} followed by n lines,
 *   each one row as `row_to_json`;
 *   last line: {"end":true,"tables":{"name":n,...}}
 * Every row is read in ONE `REPEATABLE READ READ ONLY` transaction, so the dump is a
 * consistent snapshot even while the server keeps writing. Rows are streamed with a
 * cursor, so memory does not grow with the size of the database.
 *
 * Generic over tables: what a restore means to the features is added by its caller, which can
 * compare a copy with the live database first (compareWithBackup) and add steps to the restore's
 * transaction (RestoreHooks); the audit trail's record of a restore
 * (modules/auditoria/restauracion.ts, behind `npm run restore`) uses both.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import zlib from 'node:zlib';
import { Client } from 'pg';
import { applyMigrations } from './data-source';
import { isDatabaseUnavailable } from './unavailable';
import { migrations as codeMigrations } from './migrations';

const BACKUP_FORMAT = 'hemoterapia-backup';
const BACKUP_VERSION = 1;
const BATCH = 5000;
/** TypeORM's own bookkeeping: carried in the header, never restored as data. */
const MIGRATIONS_TABLE = 'migrations';
/**
 * Tables neither dumped nor restored:
 * - computed from others by triggers: restoring their source rows makes them again
 *   (donante_clave: migration 1763810000000; indicador_diario: migration 1763850000000;
 *   indicador_distintos: migration 1763890000000; stock_diario: migration 1764950000000;
 *   componente_diario: migration 1764960000000);
 * - passing state that is not the service's data: the sign-in throttle's counters
 *   (login_intento: migration 1763820000000), left as the target has them; the network lookups'
 *   budget of the day (consulta_red_presupuesto: migration 1764330000000), which a restore
 *   empties with its servicios;
 * - credentials: the dashboards' API keys (clave_api: migration 1763860000000). A copy must never
 *   bring back a key revoked after it was made, nor carry anything that opens the service; a
 *   restore empties them (TRUNCATE ... CASCADE from servicio) and the administrator issues new
 *   keys in Opciones, as after any suspected leak.
 */
/**
 * The tables whose own triggers keep only the indicators' roll-up (migration 1763850000000): off
 * while a restore loads rows, then the roll-up is rebuilt in one pass (indicador_reconstruir).
 */
const ROLL_UP_TRIGGER_TABLES = ['donacion', 'visita_no_apto'];
/**
 * The audit trail's hash chain (migration 1763880000000): its rows come back with the ids and
 * hashes they had, and auditoria_cadena with each chain's head, so the chain verifies as it did.
 * Its trigger (which would take new ids and hashes) is off while they load, and so are the
 * append-only guards of both tables (migration 1763910000000), which refuse the TRUNCATE that
 * empties them and a head loaded with its entry. The network lookups' access log (consulta_red,
 * migration 1764000000000) is sealed the same way and comes back as it was.
 */
const CHAIN_TRIGGER_TABLES = ['auditoria', 'auditoria_cadena', 'consulta_red'];
const RESTORE_OFF_TRIGGER_TABLES = [...ROLL_UP_TRIGGER_TABLES, ...CHAIN_TRIGGER_TABLES];

export const TABLES_NOT_CARRIED = [
  'clave_api',
  'componente_diario',
  'consulta_red_presupuesto',
  'donante_clave',
  'indicador_diario',
  'indicador_distintos',
  'login_intento',
  'stock_diario',
];

export class BackupError extends Error {}

/** Runs one statement on the command's connection and gives its rows. */
export type BackupQuery = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** What a restore's hooks get: its transaction's statements and the copy's header. */
export type RestoreStep = { query: BackupQuery; header: BackupHeader };

/**
 * Steps the caller adds to a restore, in its one transaction (so they commit or roll back with it):
 * `before` while the live rows are still there, `after` once the copy's rows are back and every
 * trigger is on again (what it writes is chained and counted as any write is).
 */
export type RestoreHooks<T> = {
  before?: (step: RestoreStep) => Promise<void>;
  after?: (step: RestoreStep) => Promise<T>;
};

/** What compareWithBackup's callback gets: `copy(table)` names a temporary table with the copy's rows. */
export type CompareStep = RestoreStep & { copy: (table: string) => string };

export type MigrationRow = { id: number; timestamp: string; name: string };
export type BackupHeader = {
  format: string;
  version: number;
  createdAt: string;
  migrations: MigrationRow[];
  tables: string[];
};
/** A servicio whose label counter the restore kept above the copy's value. */
export type ContadorConservado = { servicioId: string; enCopia: number; conservado: number };
export type BackupSummary = {
  file: string;
  tables: Record<string, number>;
  /** Restore only: counters kept because the database had issued more numbers than the copy knew. */
  contadoresConservados?: ContadorConservado[];
};

/** Backups hold health data: files readable by their owner only, whatever the umask. */
const FILE_MODE = 0o600;
const DIR_MODE = 0o700;

/** Creates the backup's folder (owner only) when it does not exist yet; an existing one is left as is. */
function ensureBackupDir(dir: string): void {
  const created = fs.mkdirSync(dir, { recursive: true, mode: DIR_MODE });
  if (!created) return;
  // mkdirSync applies the umask and creates parents too: fix every folder it made.
  for (let d = dir; d.length >= created.length; d = path.dirname(d)) fs.chmodSync(d, DIR_MODE);
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The public tables (except `migrations` and the derived ones) with parents before children. */
async function tablesInForeignKeyOrder(client: Client): Promise<string[]> {
  const tables = (
    await client.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname <> ALL($1)
        ORDER BY c.relname`,
      [[MIGRATIONS_TABLE, ...TABLES_NOT_CARRIED]],
    )
  ).rows.map((r) => r.name);
  const edges = (
    await client.query<{ child: string; parent: string }>(
      `SELECT ch.relname AS child, pa.relname AS parent
         FROM pg_constraint k
         JOIN pg_class ch ON ch.oid = k.conrelid JOIN pg_namespace n ON n.oid = ch.relnamespace
         JOIN pg_class pa ON pa.oid = k.confrelid
        WHERE k.contype = 'f' AND n.nspname = 'public'`,
    )
  ).rows;
  const order: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (table: string) => {
    if (state.get(table) === 'done' || state.get(table) === 'visiting') return;
    state.set(table, 'visiting');
    for (const e of edges) if (e.child === table && e.parent !== table) visit(e.parent);
    state.set(table, 'done');
    if (tables.includes(table)) order.push(table);
  };
  tables.forEach(visit);
  return order;
}

/**
 * The columns a row is dumped and restored with: every column but the generated
 * ones (Postgres computes those again, and refuses a value for them).
 */
async function storedColumns(client: Client, table: string): Promise<string[]> {
  const cols = await client.query<{ col: string }>(
    `SELECT attname AS col FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0
      AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
    [quote(table)],
  );
  return cols.rows.map((r) => r.col);
}

/** The primary key's columns; none when the table has no primary key. */
async function primaryKeyColumns(client: Client, table: string): Promise<string[]> {
  const pk = await client.query<{ col: string }>(
    `SELECT a.attname AS col FROM pg_index i
       JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
      WHERE i.indrelid = $1::regclass AND i.indisprimary ORDER BY array_position(i.indkey, a.attnum)`,
    [quote(table)],
  );
  return pk.rows.map((r) => r.col);
}

/** The primary key columns (or every column when there is none): a stable row order. */
async function orderColumns(client: Client, table: string): Promise<string[]> {
  const pk = await primaryKeyColumns(client, table);
  return pk.length > 0 ? pk : storedColumns(client, table);
}

async function readMigrations(client: Client): Promise<MigrationRow[]> {
  const exists = await client.query(`SELECT to_regclass('public.${MIGRATIONS_TABLE}') AS t`);
  if (!exists.rows[0]?.t) return [];
  const rows = await client.query<{ id: number; timestamp: string; name: string }>(
    `SELECT id, timestamp::text AS timestamp, name FROM ${MIGRATIONS_TABLE} ORDER BY id`,
  );
  return rows.rows.map((r) => ({ id: Number(r.id), timestamp: String(r.timestamp), name: r.name }));
}

/** backups/hemoterapia-YYYYMMDD-HHmmss.json.gz under `dir`. */
export function defaultBackupFile(dir: string, now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const stamp =
    `${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}-` +
    `${p(now.getHours())}${p(now.getMinutes())}${p(now.getSeconds())}`;
  return path.join(dir, 'backups', `hemoterapia-${stamp}.json.gz`);
}

/** Writes a consistent dump of the database at `url` into `file`. */
export async function backupDatabase(url: string, file: string): Promise<BackupSummary> {
  ensureBackupDir(path.dirname(path.resolve(file)));
  const client = await connect(url, 'hemoterapia-backup');
  const partial = `${file}.partial`;
  const out = new PassThrough();
  const gzip = zlib.createGzip();
  // Created 0600 and set again: the mode given to open() is narrowed by the umask, never widened.
  const stream = fs.createWriteStream(partial, { mode: FILE_MODE });
  stream.once('open', (fd) => fs.fchmodSync(fd, FILE_MODE));
  const done = pipeline(out, gzip, stream);
  const write = async (line: string) => {
    if (!out.write(`${line}\n`)) await new Promise<void>((resolve) => out.once('drain', resolve));
  };
  const counts: Record<string, number> = {};
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const tables = await tablesInForeignKeyOrder(client);
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      migrations: await readMigrations(client),
      tables,
    };
    await write(JSON.stringify(header));
    for (const table of tables) {
      const count = Number(
        (await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${quote(table)}`)).rows[0].n,
      );
      await write(JSON.stringify({ table, count }));
      const order = (await orderColumns(client, table)).map(quote).join(', ');
      const columns = (await storedColumns(client, table)).map(quote).join(', ');
      await client.query(
        `DECLARE dump_cursor NO SCROLL CURSOR FOR
           SELECT row_to_json(t)::text AS j FROM (SELECT ${columns} FROM ${quote(table)}) t ORDER BY ${order}`,
      );
      let written = 0;
      for (;;) {
        const batch = await client.query<{ j: string }>(`FETCH ${BATCH} FROM dump_cursor`);
        for (const row of batch.rows) await write(row.j);
        written += batch.rows.length;
        if (batch.rows.length < BATCH) break;
      }
      await client.query('CLOSE dump_cursor');
      if (written !== count) throw new BackupError(`La tabla ${table} cambió durante la copia`);
      counts[table] = written;
    }
    await write(JSON.stringify({ end: true, tables: counts }));
    await client.query('COMMIT');
    out.end();
    await done;
    fs.renameSync(partial, file);
    return { file, tables: counts };
  } catch (error) {
    out.destroy();
    await done.catch(() => undefined);
    fs.rmSync(partial, { force: true });
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

const CORRUPT = 'El archivo de copia de seguridad está dañado o incompleto';

/** Reads the dump line by line; any gzip, JSON or structure error is a BackupError. */
async function* readLines(file: string): AsyncGenerator<unknown> {
  if (!fs.existsSync(file)) throw new BackupError(`No existe el archivo ${file}`);
  const gunzip = zlib.createGunzip();
  const source = fs.createReadStream(file);
  source.on('error', (e) => gunzip.destroy(e));
  source.pipe(gunzip);
  const lines = readline.createInterface({ input: gunzip, crlfDelay: Infinity });
  try {
    for await (const line of lines) {
      if (line === '') continue;
      try {
        yield JSON.parse(line) as unknown;
      } catch {
        throw new BackupError(`${CORRUPT} (línea ilegible)`);
      }
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${CORRUPT} (${(error as Error).message})`);
  } finally {
    lines.close();
    source.destroy();
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The names of the migrations this code knows, in order. */
function codeMigrationNames(): string[] {
  return codeMigrations.map((m) => m.name);
}

/** The highest label number each servicio of the target had issued before the restore. */
async function issuedLabelNumbers(client: Client): Promise<Map<string, number>> {
  const rows = await client.query<{ servicio_id: string; ultimo: number }>(
    `SELECT servicio_id, ultimo FROM etiqueta_contador`,
  );
  return new Map(rows.rows.map((r) => [r.servicio_id, Number(r.ultimo)]));
}

/**
 * A label number issued before the restore may already be on a bag: it must never be issued
 * again. Each restored servicio's counter is raised back to what the target had issued when the
 * copy is behind it (servicios absent from the copy are gone, and with them their counters).
 */
async function keepLabelCounters(client: Client, issued: Map<string, number>): Promise<ContadorConservado[]> {
  if (issued.size === 0) return [];
  const raised = await client.query<{ servicio_id: string; en_copia: number; conservado: number }>(
    `WITH antes AS (
       SELECT * FROM unnest($1::uuid[], $2::bigint[]) AS a(servicio_id, ultimo)
        WHERE EXISTS (SELECT 1 FROM servicio s WHERE s.id = a.servicio_id)
     ), copia AS (
       SELECT a.servicio_id, COALESCE(c.ultimo, 0) AS en_copia, a.ultimo
         FROM antes a LEFT JOIN etiqueta_contador c ON c.servicio_id = a.servicio_id
        WHERE a.ultimo > COALESCE(c.ultimo, 0)
     ), subido AS (
       INSERT INTO etiqueta_contador (servicio_id, ultimo)
       SELECT servicio_id, ultimo FROM copia
       ON CONFLICT (servicio_id) DO UPDATE SET ultimo = EXCLUDED.ultimo
       RETURNING servicio_id
     )
     SELECT c.servicio_id, c.en_copia, c.ultimo AS conservado
       FROM copia c JOIN subido USING (servicio_id) ORDER BY c.servicio_id`,
    [[...issued.keys()], [...issued.values()]],
  );
  return raised.rows.map((r) => ({
    servicioId: r.servicio_id,
    enCopia: Number(r.en_copia),
    conservado: Number(r.conservado),
  }));
}

/** The SHA-256 (hex) of the file's bytes: what names a copy in the audit trail. */
export async function backupFileSha256(file: string): Promise<string> {
  if (!fs.existsSync(file)) throw new BackupError(`No existe el archivo ${file}`);
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The first line, checked: this format and version, made with this code's migrations. */
async function readHeader(lines: AsyncGenerator<unknown>): Promise<BackupHeader> {
  const first = await lines.next();
  const header = first.done ? undefined : first.value;
  if (!isObject(header) || header.format !== BACKUP_FORMAT || !Array.isArray(header.migrations)) {
    throw new BackupError(`${CORRUPT}: no es una copia de seguridad de Hemoterapia`);
  }
  if (header.version !== BACKUP_VERSION) {
    throw new BackupError(`La copia tiene la versión de formato ${String(header.version)}, no soportada`);
  }
  const dumped = (header.migrations as MigrationRow[]).map((m) => m.name);
  const expected = codeMigrationNames();
  if (dumped.join(',') !== expected.join(',')) {
    throw new BackupError(
      'La copia de seguridad corresponde a otra versión de la base de datos ' +
        `(migraciones de la copia: ${dumped.join(', ') || 'ninguna'}; ` +
        `migraciones de esta versión: ${expected.join(', ')}). ` +
        'Restaure la copia con la versión del programa que la creó.',
    );
  }
  if (!Array.isArray(header.tables)) throw new BackupError(`${CORRUPT}: falta la lista de tablas`);
  return header as BackupHeader;
}

/** The target must have exactly this code's migrations. */
async function checkTargetMigrations(client: Client): Promise<void> {
  const applied = (await readMigrations(client)).map((m) => m.name);
  if (applied.join(',') !== codeMigrationNames().join(',')) {
    throw new BackupError(
      `La base de destino tiene otras migraciones (${applied.join(', ')}): no se restaura`,
    );
  }
}

/**
 * Reads the rows after the header, checking the file's structure (known tables, each section's
 * count, the final line and its totals), and hands them to `load` in batches.
 */
async function readSections(
  lines: AsyncGenerator<unknown>,
  header: BackupHeader,
  known: ReadonlySet<string>,
  load: (table: string, rows: unknown[]) => Promise<void>,
): Promise<Record<string, number>> {
  for (const t of header.tables as unknown[]) {
    if (typeof t !== 'string' || !known.has(t))
      throw new BackupError(`${CORRUPT}: tabla desconocida ${String(t)}`);
  }
  const counts: Record<string, number> = {};
  let table: string | undefined;
  let remaining = 0;
  let batch: unknown[] = [];
  let ended = false;
  const flush = async () => {
    if (!table || batch.length === 0) return;
    await load(table, batch);
    counts[table] = (counts[table] ?? 0) + batch.length;
    batch = [];
  };
  for await (const item of lines) {
    if (ended) throw new BackupError(`${CORRUPT}: datos después del final`);
    if (remaining > 0) {
      if (!isObject(item)) throw new BackupError(`${CORRUPT}: fila inválida en ${table}`);
      batch.push(item);
      remaining -= 1;
      if (batch.length >= BATCH) await flush();
      continue;
    }
    await flush();
    if (!isObject(item)) throw new BackupError(CORRUPT);
    if (item.end === true) {
      const declared = item.tables;
      if (!isObject(declared)) throw new BackupError(CORRUPT);
      for (const t of header.tables) {
        if (Number(declared[t] ?? 0) !== (counts[t] ?? 0)) {
          throw new BackupError(`${CORRUPT}: faltan filas de ${t}`);
        }
      }
      ended = true;
      continue;
    }
    if (typeof item.table !== 'string' || !known.has(item.table) || !Number.isInteger(item.count)) {
      throw new BackupError(`${CORRUPT}: sección inválida`);
    }
    table = item.table;
    remaining = item.count as number;
  }
  if (!ended || remaining > 0) throw new BackupError(`${CORRUPT}: falta el final del archivo`);
  return counts;
}

/** Inserts a batch of dumped rows (their stored columns) into `target`, a table of `table`'s shape. */
async function insertRows(client: Client, target: string, table: string, columns: string, rows: unknown[]) {
  await client.query(
    `INSERT INTO ${target} (${columns})
     SELECT ${columns} FROM json_populate_recordset(null::${quote(table)}, $1::json)`,
    [JSON.stringify(rows)],
  );
}

/**
 * A connection of the command. A connection that dies while idle (the database stopped, the
 * session terminated) emits 'error': kept here rather than thrown out of the event, so that the
 * statement that meets it fails with it instead.
 */
async function connect(url: string, name: string): Promise<Client> {
  const client = new Client({ connectionString: url, application_name: name });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

const queryOf =
  (client: Client): BackupQuery =>
  async (sql, params) =>
    (await client.query<Record<string, unknown>>(sql, params)).rows;

/**
 * Compares the copy in `file` with the database at `url` without changing it: the copy's rows
 * of `tables` are loaded into temporary tables of the same shape (with the generated columns
 * computed and the primary key), `compare` reads both, and the transaction is rolled back. The
 * file and the target are checked as a restore checks them (a target of an older version gets
 * its pending migrations first, as a restore's does). The result is null when the target has no
 * schema yet (a new database: a restore loses nothing there).
 */
export async function compareWithBackup<R>(
  url: string,
  file: string,
  tables: readonly string[],
  compare: (step: CompareStep) => Promise<R>,
): Promise<{ header: BackupHeader; result: R | null }> {
  const lines = readLines(file);
  let client: Client | undefined;
  try {
    const header = await readHeader(lines);
    client = await connect(url, 'hemoterapia-restore-comparar');
    const applied = (await readMigrations(client)).map((m) => m.name);
    if (applied.length === 0) return { header, result: null };
    const expected = codeMigrationNames();
    if (applied.length < expected.length && applied.every((name, i) => name === expected[i])) {
      // An older version's database: brought up to date first, as the restore (and the server's
      // start) would, so that its rows compare with the copy's in one shape.
      await applyMigrations(url);
    }
    await checkTargetMigrations(client);
    await client.query('BEGIN');
    const known = new Set(await tablesInForeignKeyOrder(client));
    const wanted = new Set(tables.filter((t) => known.has(t)));
    const copy = (t: string) => `pg_temp.${quote(`copia_${t}`)}`;
    const columns = new Map<string, string>();
    for (const t of wanted) {
      await client.query(`CREATE TEMP TABLE ${quote(`copia_${t}`)} (LIKE ${quote(t)} INCLUDING GENERATED)`);
      columns.set(t, (await storedColumns(client, t)).map(quote).join(', '));
    }
    const c = client;
    await readSections(lines, header, known, async (table, rows) => {
      const cols = columns.get(table);
      if (cols) await insertRows(c, copy(table), table, cols, rows);
    });
    for (const t of wanted) {
      const key = (await primaryKeyColumns(client, t)).map(quote).join(', ');
      if (key) await client.query(`ALTER TABLE ${copy(t)} ADD PRIMARY KEY (${key})`);
      // Temporary tables are never analysed by autovacuum: the comparison's joins need the counts.
      await client.query(`ANALYZE ${copy(t)}`);
    }
    return { header, result: await compare({ query: queryOf(client), header, copy }) };
  } finally {
    await client?.query('ROLLBACK').catch(() => undefined);
    await lines.return(undefined).catch(() => undefined);
    await client?.end().catch(() => undefined);
  }
}

export type RestoreSummary<T> = BackupSummary & {
  /** What the `after` hook returned. */
  after: T | undefined;
};

/**
 * Replaces every row of the database at `url` by the dump in `file`, in one
 * transaction: on any error nothing changes. `hooks` add steps to that transaction.
 */
export async function restoreDatabase<T = undefined>(
  url: string,
  file: string,
  hooks: RestoreHooks<T> = {},
): Promise<RestoreSummary<T>> {
  const lines = readLines(file);
  let client: Client | undefined;
  try {
    const header = await readHeader(lines);
    // Creates the schema when the target is empty; it must then match the dump's migrations.
    await applyMigrations(url);
    client = await connect(url, 'hemoterapia-restore');
    await checkTargetMigrations(client);
    const c = client;
    const step: RestoreStep = { query: queryOf(c), header };
    await c.query('BEGIN');
    const tables = await tablesInForeignKeyOrder(c);
    // Nobody writes from here on: what is read before the rows are replaced (the label counters,
    // the `before` hook's view of the live rows) is exactly what the TRUNCATE removes.
    await c.query(`LOCK TABLE ${tables.map(quote).join(', ')} IN ACCESS EXCLUSIVE MODE`);
    const issued = await issuedLabelNumbers(c);
    await hooks.before?.(step);
    // Off before the TRUNCATE, which the audit trail's guards refuse. The indicators' roll-up is
    // counted once at the end, not again for each batch of rows.
    for (const t of RESTORE_OFF_TRIGGER_TABLES) await c.query(`ALTER TABLE ${quote(t)} DISABLE TRIGGER USER`);
    await c.query(`TRUNCATE ${tables.map(quote).join(', ')} CASCADE`);

    const columns = new Map<string, string>();
    for (const t of tables) columns.set(t, (await storedColumns(c, t)).map(quote).join(', '));
    const counts = await readSections(lines, header, new Set(tables), (table, rows) =>
      insertRows(c, quote(table), table, columns.get(table)!, rows),
    );

    // Serial columns continue after the restored rows.
    const serials = await c.query<{ table: string; col: string; seq: string }>(
      `SELECT c.relname AS table, a.attname AS col, pg_get_serial_sequence(quote_ident(c.relname), a.attname) AS seq
         FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
          AND pg_get_serial_sequence(quote_ident(c.relname), a.attname) IS NOT NULL
          AND c.relname <> $1`,
      [MIGRATIONS_TABLE],
    );
    for (const s of serials.rows) {
      await c.query(
        `SELECT setval($1::regclass, COALESCE((SELECT max(${quote(s.col)}) FROM ${quote(s.table)}), 0) + 1, false)`,
        [s.seq],
      );
    }
    const contadoresConservados = await keepLabelCounters(c, issued);
    // Counted while the triggers are still off: setting every donation's previous one fires none.
    await c.query(`SELECT indicador_reconstruir(NULL)`);
    for (const t of RESTORE_OFF_TRIGGER_TABLES) await c.query(`ALTER TABLE ${quote(t)} ENABLE TRIGGER USER`);
    const after = await hooks.after?.(step);
    try {
      await c.query('COMMIT');
    } catch (error) {
      // Without an answer to COMMIT, the server may or may not have committed: say so.
      if (!isDatabaseUnavailable(error)) throw error;
      throw new BackupError(
        `Se perdió la conexión mientras se confirmaba la restauración (${(error as Error).message}): ` +
          'no se sabe si quedó aplicada; revise la base (npm run verificar-auditoria) antes de repetirla',
      );
    }
    return { file, tables: counts, contadoresConservados, after };
  } catch (error) {
    await client?.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await lines.return(undefined).catch(() => undefined);
    await client?.end().catch(() => undefined);
  }
}
