/**
 * `npm run bench [-- --database-url URL | --data-dir DIR] [--concurrency 1,4,16] [--duration 5]
 *   [--donors N] [--server dist|src] [--server-root DIR] [--case TEXT] [--vacuum] [--no-peer] [--out FILE]`
 *
 * Starts the real built server (node server/dist/index.js) on the seeded
 * database, logs in as the newest seeded administrator and, for every case and
 * concurrency, measures GraphQL over loopback HTTP, the same read through the peer
 * (PostGraphile 5 on the same database, test/perf/peer.ts) and the same SQL sent
 * straight to Postgres through `pg` (a pool of the same size) as the floor. Prints
 * a table and writes test/perf/results/latest.json.
 */
// The indicators' statements come with their GraphQL types (decorated classes).
import 'reflect-metadata';
import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client, Pool, PoolClient } from 'pg';
import type { DataSource } from 'typeorm';
import { addDays, todayIso } from '../../server/src/domain/dates';
import { evaluarElegibilidad } from '../../server/src/domain/elegibilidad';
import { createDonacionSteps } from '../../server/src/modules/donacion/donacion.create';
import { historiales, reglasDelServicio } from '../../server/src/modules/persona/persona.historial';
import { leerIndicadores } from '../../server/src/modules/indicadores/indicadores.service';
import { Agrupacion } from '../../server/src/modules/indicadores/indicadores.types';
import {
  donacionColumns,
  donacionesDeDonante,
  searchDonaciones,
} from '../../server/src/modules/donacion/donacion.search';
import { preparedOn, type RunQuery } from '../../server/src/database/prepared';
import { StockService } from '../../server/src/modules/stock/stock.service';
import { Rol } from '../../server/src/modules/usuario/rol.enum';
import {
  NOMBRES_BY_ID_SQL,
  donanteColumns,
  DonanteFilterData,
  searchDonantes,
} from '../../server/src/modules/donante/donante.search';
import { openDatabase, ROOT } from './db';
import { freePort, numberArg, parseArgs, percentile } from './util';
import { BENCH_LOTE, PERF_PASSWORD, PERF_USER_PREFIX, seedPerf } from './seed';
import { installPeer, PEER_QUERIES, startPeer, type Peer } from './peer';
import { cpuDeArbol, padreDe } from './cpu';

export type Stats = {
  n: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  /**
   * CPU ms per request, from /proc (null where unknown): of the HTTP server that answered (the
   * product or the peer; none for the floor) and of the Postgres cluster.
   */
  cpu?: { servidor: number | null; postgres: number | null };
};
export type Row = {
  case: string;
  concurrency: number;
  gql: Stats;
  raw: Stats;
  /** The peer (PostGraphile 5, test/perf/peer.ts) on the same request; absent where it has none. */
  peer?: Stats;
  /** GraphQL throughput / raw-Postgres throughput. */
  throughputRatio: number;
  /** GraphQL p50 / raw-Postgres p50. */
  latencyRatio: number;
  /** GraphQL throughput / the peer's throughput. */
  peerRatio?: number;
};
export type BenchResult = {
  date: string;
  donors: number;
  donations: number;
  durationMs: number;
  server: string;
  machine: { cpus: number; node: string; postgres: string };
  rows: Row[];
};

export type BenchOptions = {
  databaseUrl: string;
  concurrencies: number[];
  /** Only the cases whose name contains this text (all when omitted). */
  only?: string;
  /** VACUUM ANALYZE before measuring even when no earlier run left rows behind. */
  vacuum?: boolean;
  durationMs: number;
  /** 'dist' (default, the built server) or 'src' (through SWC, when no build exists). */
  server?: 'dist' | 'src';
  /**
   * The checkout whose server is measured (default this one): another build of the product, for
   * a before/after comparison on the same database in the same run.
   */
  serverRoot?: string;
  /** Also measure the peer (PostGraphile 5) on the read cases it can serve (default true). */
  peer?: boolean;
  log?: (line: string) => void;
};

// ---------------------------------------------------------------------------
// Load generation

/** Runs `fn` from `concurrency` workers until `durationMs` has passed (or `fn` says stop). */
export async function load(
  concurrency: number,
  durationMs: number,
  fn: (worker: number) => Promise<boolean | void>,
): Promise<Stats> {
  const latencies: number[] = [];
  let errors = 0;
  const start = performance.now();
  const end = start + durationMs;
  let stop = false;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, w) => {
      while (!stop && performance.now() < end) {
        const t = performance.now();
        try {
          if ((await fn(w)) === false) {
            stop = true;
            break;
          }
          latencies.push(performance.now() - t);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const round = (v: number) => Math.round(v * 100) / 100;
  return {
    n: latencies.length,
    errors,
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    rps: Math.round((latencies.length / elapsed) * 10) / 10,
  };
}

export class GqlClient {
  private agent: http.Agent;
  constructor(
    private readonly port: number,
    maxSockets: number,
    public token = '',
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets });
  }

  /** POST /graphql; throws on an HTTP error or a GraphQL `errors` answer. */
  request<T = Record<string, unknown>>(query: string, variables: Record<string, unknown>): Promise<T> {
    const body = JSON.stringify({ query, variables });
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: this.port,
          path: '/graphql',
          method: 'POST',
          agent: this.agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            try {
              const json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
              if (json.errors?.length) reject(new Error(JSON.stringify(json.errors)));
              else resolve(json.data as T);
            } catch (error) {
              reject(error);
            }
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

// ---------------------------------------------------------------------------
// Server

export async function startServer(databaseUrl: string, kind: 'dist' | 'src', root = ROOT) {
  const port = await freePort();
  // BENCH_SERVER_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the server.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const args = [
    ...nodeArgs,
    ...(kind === 'dist' ? ['server/dist/index.js'] : ['-r', '@swc-node/register', 'server/src/index.ts']),
  ];
  if (kind === 'dist' && !fs.existsSync(path.join(root, 'server/dist/index.js'))) {
    throw new Error('Falta server/dist/index.js: ejecute "npm run build" antes de "npm run bench"');
  }
  const logs: string[] = [];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      SWC_NODE_PROJECT: path.join(root, 'server', 'tsconfig.json'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (c: Buffer) => {
    logs.push(c.toString());
    if (logs.length > 50) logs.shift();
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  // A first start on a large database may apply migrations that rebuild a roll-up (minutes).
  const end = Date.now() + 900_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`El servidor terminó (${child.exitCode}):\n${logs.join('')}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > end) {
      child.kill('SIGKILL');
      throw new Error(`El servidor no respondió /healthz a tiempo:\n${logs.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    port,
    pid: child.pid,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

// ---------------------------------------------------------------------------
// The cases: GraphQL operation and the SQL the services send for it

/** The fields of a listed donor the name searches ask for (as the donor search screen does). */
const DONANTE_FIELDS = ['id', 'dni', 'apellido', 'nombre', 'fechaNacimiento', 'ultimaDonacion', 'puedeDonar'];

/**
 * The fields of the DNI case: the same, but for puedeDonar (the eligibility rule, one more
 * statement and the rule in Node), which the peer has no way to compute: the three sides read
 * the same fields. The name searches measure puedeDonar, for 20 donors a request.
 */
const DNI_FIELDS = DONANTE_FIELDS.filter((f) => f !== 'puedeDonar');

const donantesQuery = (
  fields: readonly string[],
) => `query Donantes($filter: DonanteFilter, $page: PageInput) {
  donantes(filter: $filter, page: $page) {
    total
    items { ${fields.join(' ')} }
  }
}`;

const DONANTES_QUERY = donantesQuery(DONANTE_FIELDS);
const DNI_QUERY = donantesQuery(DNI_FIELDS);

/** The fields of a listed donation the bench asks for. */
const DONACION_FIELDS = ['id', 'numero', 'fecha', 'hora', 'apellido', 'nombre', 'abo', 'rh'];

const DONACIONES_QUERY = `query Donaciones($filter: DonacionFilter, $page: PageInput) {
  donaciones(filter: $filter, page: $page) {
    total
    items { ${DONACION_FIELDS.join(' ')} }
  }
}`;

const DE_DONANTE_QUERY = `query DeDonante($id: ID!) {
  donacionesDeDonante(donanteId: $id) { id numero fecha hora abo rh serologia { hiv chagas } }
}`;

/** The fields of DE_DONANTE_QUERY, whose columns the service reads. */
const DE_DONANTE_FIELDS = ['id', 'numero', 'fecha', 'hora', 'abo', 'rh', 'serologia'];

const CREATE_MUTATION = `mutation Crear($input: CreateDonacionInput!) {
  createDonacion(input: $input) { id numero fecha }
}`;

/**
 * The donor search's statements, as DonanteService.search sends them, then, when the fields ask
 * for puedeDonar, the eligibility of the page (the DataLoader's one history statement; the
 * servicio's rules, which the lists read at most once a second, are not read per request here
 * either).
 */
async function rawDonantes(
  c: PoolClient,
  servicio: string,
  f: DonanteFilterData,
  fields: readonly string[] = DONANTE_FIELDS,
) {
  const run = preparedOn(() => c);
  // The columns the service reads for those fields.
  const { rows } = await searchDonantes(run, servicio, f, 0, 20, donanteColumns(fields));
  if (rows.length === 0 || !fields.includes('puedeDonar')) return;
  await historiales(
    run,
    servicio,
    rows.map((r) => String(r.id)),
  );
}

/**
 * A worker's statements on its one connection, each after the previous one: the service sends the
 * indicators' statements at once over its pool, and pg (from 9) refuses overlapping queries on
 * one client, which until then it queued the same way.
 */
function inTurn(run: RunQuery): RunQuery {
  let previous: Promise<unknown> = Promise.resolve();
  return (text, params, options) => {
    const next = previous.then(() => run(text, params, options));
    previous = next.catch(() => undefined);
    return next;
  };
}

const INDICADORES_QUERY = `query Indicadores($desde: String!, $hasta: String!) {
  indicadores(desde: $desde, hasta: $hasta, agrupacion: MES) {
    donaciones donantesDistintos atendidos noAptos voluntarias reposicion porcentajeVoluntarias
    primeraVez habituales aferesis
    porGrupo { abo rh cantidad }
    serologia { marcador analizadas reactivas porcentaje }
    exclusiones { temporales definitivas }
    serie { periodo donaciones voluntarias reposicion }
  }
}`;

/** The donation search: the page with its total, then the donors of the page (the DataLoader's batch). */
async function rawDonaciones(c: PoolClient, servicio: string, f: { fecha?: string; numero?: number }) {
  const run = preparedOn(() => c);
  const { rows } = await searchDonaciones(run, servicio, f, 0, 20, donacionColumns(DONACION_FIELDS));
  // The donors of the page, as the DataLoader reads them.
  const ids = [...new Set(rows.map((r) => r.donante_id))];
  if (ids.length) await run(NOMBRES_BY_ID_SQL, [ids, servicio]);
}

function rawDeDonante(c: PoolClient, servicio: string, donanteId: string) {
  // The columns the service reads for those fields.
  return donacionesDeDonante(
    preparedOn(() => c),
    servicio,
    donanteId,
    donacionColumns(DE_DONANTE_FIELDS),
  );
}

/**
 * DonacionService.create's steps (createDonacionSteps: the same statements and rule checks) in
 * one transaction, as named prepared statements as the service sends them.
 */
async function rawCreate(
  c: PoolClient,
  servicio: string,
  uid: string,
  donanteId: string,
  numero: number,
  fecha: string,
  hora: string,
) {
  const sv = { tas: 120, tad: 80, fc: 72, peso: 70, temp: 36.5, hb: 13.5, hto: 42 };
  await c.query('BEGIN');
  try {
    // Named prepared statements on the transaction's connection, as DonacionService.create sends them.
    await createDonacionSteps(
      preparedOn(() => c),
      { uid, servicio },
      { donanteId, numero, fecha, hora, sv, loteBolsa: BENCH_LOTE },
    );
    await c.query('COMMIT');
  } catch (error) {
    await c.query('ROLLBACK');
    throw error;
  }
}

/**
 * Removes the bench's donations, with the visits each one ended (a donation recorded without a
 * visit records one, modules/visita), and restores the donors' ultima_donacion. Their audit rows
 * stay: the trail is append-only (migration 1763910000000) and its hash chain stays intact.
 */
async function cleanup(pool: Pool, servicio: string): Promise<number> {
  const bench = `SELECT id FROM donacion WHERE servicio_id = $1 AND lote_bolsa = $2`;
  const visitas = `SELECT id FROM visita WHERE donacion_id IN (${bench})`;
  await pool.query(`DELETE FROM visita_respuesta WHERE visita_id IN (${visitas})`, [servicio, BENCH_LOTE]);
  await pool.query(`DELETE FROM visita WHERE donacion_id IN (${bench})`, [servicio, BENCH_LOTE]);
  const { rows } = await pool.query<{ id: string; donante_id: string }>(
    `DELETE FROM donacion WHERE servicio_id = $1 AND lote_bolsa = $2 RETURNING id, donante_id`,
    [servicio, BENCH_LOTE],
  );
  if (rows.length === 0) return 0;
  await pool.query(
    `UPDATE donante d SET ultima_donacion =
       (SELECT max(fecha) FROM donacion x WHERE x.donante_id = d.id AND x.deleted_at IS NULL)
     WHERE d.id = ANY($1::uuid[])`,
    [[...new Set(rows.map((r) => r.donante_id))]],
  );
  return rows.length;
}

const STOCK_QUERY = `query Stock {
  stock { tipo abo rh cantidad porVencer proximoVencimiento diasAviso }
}`;

/** The first page of the units in stock, with the fields the stock screen asks for. */
const UNIDADES_STOCK_QUERY = `query UnidadesEnStock($page: PageInput) {
  unidadesEnStock(page: $page) {
    total offset limit
    items {
      id codigo codigoLegible codigoProducto tipo abo rh volumen venceEn vencido porVencer estado recibido
      servicioOrigen
    }
  }
}`;

/**
 * StockService on one pooled connection: the floor sends the service's own statements (the expiry
 * sweep in a transaction of its own, the warning days, the stock), without HTTP and GraphQL.
 */
function stockEn(c: PoolClient): StockService {
  const query = async (sql: string, params?: unknown[]) => (await c.query(sql, params)).rows;
  const fuente = {
    query,
    transaction: async <T>(fn: (m: { query: typeof query }) => Promise<T>): Promise<T> => {
      await c.query('BEGIN');
      try {
        const result = await fn({ query });
        await c.query('COMMIT');
        return result;
      } catch (error) {
        await c.query('ROLLBACK');
        throw error;
      }
    },
  };
  return new StockService(fuente as unknown as DataSource);
}

/** Strips accents and lowercases, like f_unaccent(lower(...)). */
const plain = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

// ---------------------------------------------------------------------------

export async function runBench(options: BenchOptions): Promise<BenchResult> {
  const log = options.log ?? (() => {});
  const maxC = Math.max(...options.concurrencies);
  // Sessions like those of the server's prepared reads (database/prepared.ts: readPool).
  const pool = new Pool({
    connectionString: options.databaseUrl,
    max: maxC,
    application_name: 'bench-raw',
    options: '-c plan_cache_mode=force_generic_plan',
  });
  // A connection closed while idle (the embedded Postgres stopping at the end) is not a result.
  pool.on('error', () => undefined);
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let peer: Peer | undefined;
  /** A GraphQL client (its keep-alive sockets) per concurrency. */
  const clients = new Map<number, GqlClient>();
  /** The same for the peer. */
  const peerClients = new Map<number, GqlClient>();
  try {
    const users = await pool.query<{ username: string; servicio_id: string; id: string }>(
      `SELECT id, username, servicio_id FROM usuario WHERE username LIKE $1 AND deleted_at IS NULL
        ORDER BY created_at DESC LIMIT 1`,
      [`${PERF_USER_PREFIX.replace(/_/g, '\\_')}%`],
    );
    if (users.rowCount === 0)
      throw new Error('No hay un servicio de prueba: ejecute "npm run seed:perf" antes');
    const { username, servicio_id: servicio, id: uid } = users.rows[0];
    // A steady state to measure: what an earlier run left (its donations, then their deletion)
    // is vacuumed away, as autovacuum would do, so that index-only scans read no heap.
    if ((await cleanup(pool, servicio)) > 0 || options.vacuum) {
      log('VACUUM ANALYZE de donacion, donante, donante_clave y auditoria...');
      await pool.query('VACUUM ANALYZE donacion, donante, donante_clave, auditoria');
    }

    const counts = (
      await pool.query(
        `SELECT (SELECT count(*) FROM donante WHERE servicio_id = $1 AND deleted_at IS NULL)::int AS donors,
                (SELECT count(*) FROM donacion WHERE servicio_id = $1 AND deleted_at IS NULL)::int AS donations,
                current_setting('server_version') AS version`,
        [servicio],
      )
    ).rows[0];
    log(`Servicio ${servicio} (${username}): ${counts.donors} donantes, ${counts.donations} donaciones`);

    // Samples to query with (the same for GraphQL and the floor).
    const donors = (
      await pool.query<{ id: string; dni: string; apellido: string; nombre: string }>(
        `SELECT id, dni, apellido, nombre FROM donante WHERE servicio_id = $1 AND deleted_at IS NULL
          ORDER BY random() LIMIT 2000`,
        [servicio],
      )
    ).rows;
    const donations = (
      await pool.query<{ numero: number; fecha: string }>(
        `SELECT numero, fecha::text AS fecha FROM donacion WHERE servicio_id = $1 AND deleted_at IS NULL
          ORDER BY random() LIMIT 2000`,
        [servicio],
      )
    ).rows;
    const today = todayIso();
    // Donors who may donate today, each used once.
    // Donors who may donate today, each used once: half for GraphQL, half for the floor. Made
    // again before each creation run, after removing the donations of the one before (a small
    // servicio would run out of donors otherwise).
    let eligible: string[] = [];
    let eligibleRaw: string[] = [];
    let numero = 0;
    const prepareCreations = async () => {
      await cleanup(pool, servicio);
      const candidates = (
        await pool.query<{ id: string }>(
          `SELECT id FROM donante WHERE servicio_id = $1 AND deleted_at IS NULL
              AND (ultima_donacion IS NULL OR ultima_donacion <= $2::date)
            ORDER BY random() LIMIT 100000`,
          [servicio, addDays(today, -56)],
        )
      ).rows.map((r) => r.id);
      // Only donors the product's own rule lets donate today (yearly limit, deferrals).
      const run = async (sql: string, params?: unknown[]) => (await pool.query(sql, params)).rows;
      const reglas = await reglasDelServicio(run, servicio);
      eligible = [];
      for (let from = 0; from < candidates.length; from += 2000) {
        const batch = await historiales(run, servicio, candidates.slice(from, from + 2000));
        for (const [id, h] of batch) if (evaluarElegibilidad(h, reglas, today).puedeDonar) eligible.push(id);
      }
      eligibleRaw = eligible.splice(0, Math.floor(eligible.length / 2));
      // The label numbers the creations use, issued beforehand as 'Generar Etiquetas' does
      // (in the product the label is printed before the donation is saved).
      const reservados = eligible.length + eligibleRaw.length;
      const [{ hasta }] = (
        await pool.query<{ hasta: number }>(
          `INSERT INTO etiqueta_contador AS c (servicio_id, ultimo) VALUES ($1, $2)
           ON CONFLICT (servicio_id) DO UPDATE SET ultimo = c.ultimo + $2 RETURNING ultimo::int AS hasta`,
          [servicio, reservados],
        )
      ).rows;
      numero = hasta - reservados;
    };

    server = await startServer(options.databaseUrl, options.server ?? 'dist', options.serverRoot);
    const login = new GqlClient(server.port, 1);
    const { login: auth } = await login.request<{ login: { token: string } }>(
      `mutation ($input: LoginInput!) { login(input: $input) { token } }`,
      { input: { username, password: PERF_PASSWORD } },
    );
    login.close();
    if (options.peer ?? true) {
      installPeer(log);
      peer = await startPeer(pool, options.databaseUrl, servicio, await freePort());
      log(`Par de comparación: PostGraphile 5 en el puerto ${peer.port}`);
    }

    let i = 0;
    const next = <T>(list: T[]): T => list[i++ % list.length];
    const surnamePrefix = () => plain(next(donors).apellido).slice(0, 4);
    const hora = () => new Date().toTimeString().slice(0, 5);

    type Case = {
      name: string;
      /** Run before the case at each concurrency. */
      before?: () => Promise<void>;
      gql: (client: GqlClient) => Promise<unknown>;
      raw: (c: PoolClient) => Promise<unknown>;
      /** The same read through the peer (PEER_QUERIES), where it has one. */
      peer?: (client: GqlClient) => Promise<unknown>;
    };
    const cases: Case[] = [
      {
        name: 'donantes: DNI exacto',
        gql: (g) => g.request(DNI_QUERY, { filter: { dni: next(donors).dni } }),
        raw: (c) => rawDonantes(c, servicio, { dni: next(donors).dni }, DNI_FIELDS),
        peer: (p) => p.request(PEER_QUERIES.donantesPorDni, { dni: next(donors).dni }),
      },
      {
        name: 'donantes: prefijo de apellido sin acento',
        gql: (g) => g.request(DONANTES_QUERY, { filter: { apellido: surnamePrefix() } }),
        raw: (c) => rawDonantes(c, servicio, { apellido: surnamePrefix() }),
      },
      {
        name: 'donantes: nombre + apellido',
        gql: (g) => {
          const d = next(donors);
          return g.request(DONANTES_QUERY, {
            filter: { apellido: plain(d.apellido), nombre: plain(d.nombre) },
          });
        },
        raw: (c) => {
          const d = next(donors);
          return rawDonantes(c, servicio, { apellido: plain(d.apellido), nombre: plain(d.nombre) });
        },
      },
      {
        name: 'donaciones: por fecha',
        gql: (g) => g.request(DONACIONES_QUERY, { filter: { fecha: next(donations).fecha } }),
        raw: (c) => rawDonaciones(c, servicio, { fecha: next(donations).fecha }),
        peer: (p) => p.request(PEER_QUERIES.donacionesPorFecha, { fecha: next(donations).fecha }),
      },
      {
        name: 'donaciones: por número',
        gql: (g) => g.request(DONACIONES_QUERY, { filter: { numero: next(donations).numero } }),
        raw: (c) => rawDonaciones(c, servicio, { numero: next(donations).numero }),
        peer: (p) => p.request(PEER_QUERIES.donacionesPorNumero, { numero: next(donations).numero }),
      },
      {
        // A dashboard's year of indicators (the last twelve months, by month).
        name: 'indicadores: un año',
        gql: (g) => g.request(INDICADORES_QUERY, { desde: addDays(today, -364), hasta: today }),
        raw: (c) =>
          leerIndicadores(
            inTurn(preparedOn(() => c)),
            { servicio },
            addDays(today, -364),
            today,
            Agrupacion.MES,
          ),
      },
      {
        name: 'donaciones de un donante',
        gql: (g) => g.request(DE_DONANTE_QUERY, { id: next(donors).id }),
        raw: (c) => rawDeDonante(c, servicio, next(donors).id),
        peer: (p) => p.request(PEER_QUERIES.donacionesDeDonante, { id: next(donors).id }),
      },
      {
        // The stock screen: released units in date by type and ABO/Rh (with the sweep it runs first).
        name: 'stock: por tipo y grupo',
        gql: (g) => g.request(STOCK_QUERY, {}),
        raw: (c) => stockEn(c).stock({ uid, servicio, rol: Rol.ROL_SERVICIO }),
      },
      {
        name: 'stock: unidades, primera página',
        gql: (g) => g.request(UNIDADES_STOCK_QUERY, { page: { offset: 0, limit: 20 } }),
        raw: (c) =>
          stockEn(c).unidades({ uid, servicio, rol: Rol.ROL_SERVICIO }, {}, { offset: 0, limit: 20 }),
      },
      {
        name: 'crear donación (con reglas)',
        before: prepareCreations,
        gql: (g) => {
          const donanteId = eligible.pop();
          if (!donanteId) return Promise.resolve(false);
          return g.request(CREATE_MUTATION, {
            input: {
              donanteId,
              numero: ++numero,
              fecha: today,
              hora: hora(),
              loteBolsa: BENCH_LOTE,
              sv: { tas: 120, tad: 80, fc: 72, peso: 70, temp: 36.5, hb: 13.5, hto: 42 },
            },
          });
        },
        raw: (c) => {
          const donanteId = eligibleRaw.pop();
          if (!donanteId) return Promise.resolve(false);
          return rawCreate(c, servicio, uid, donanteId, ++numero, today, hora());
        },
      },
    ];

    // The Postgres cluster's processes: the parent of a backend is its postmaster (null when the
    // database is on another machine: no figures then).
    const backend = (await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
    const postmaster = padreDe(backend);
    /** Runs a measured load and adds the CPU ms per request of `serverPid`'s tree and of Postgres. */
    const measured = async (serverPid: number | undefined, run: () => Promise<Stats>): Promise<Stats> => {
      const before = [cpuDeArbol(serverPid), cpuDeArbol(postmaster)];
      const stats = await run();
      const after = [cpuDeArbol(serverPid), cpuDeArbol(postmaster)];
      const perRequest = (i: number) => {
        const [a, b] = [before[i], after[i]];
        return a === null || b === null || stats.n === 0
          ? null
          : Math.round(((b - a) / stats.n) * 1000) / 1000;
      };
      return { ...stats, cpu: { servidor: perRequest(0), postgres: perRequest(1) } };
    };
    const rows: Row[] = [];
    // Case by case, each at every concurrency: the creations (the last case) scatter new rows
    // over the pages of donacion and donante, which would leave the index-only reads of the
    // searches measured after them visiting the table until the next VACUUM.
    for (const kase of cases.filter((c) => !options.only || c.name.includes(options.only))) {
      for (const k of options.concurrencies) {
        const client = clients.get(k) ?? new GqlClient(server.port, k, auth.token);
        clients.set(k, client);
        const withPool = async (fn: (c: PoolClient) => Promise<unknown>) => {
          const c = await pool.connect();
          try {
            return await fn(c);
          } finally {
            c.release();
          }
        };
        await kase.before?.();
        const warm = Math.min(300, options.durationMs / 4);
        await load(k, warm, () => withPool(kase.raw) as Promise<void>);
        const raw = await measured(undefined, () =>
          load(k, options.durationMs, () => withPool(kase.raw) as Promise<boolean | void>),
        );
        await load(k, warm, () => kase.gql(client) as Promise<void>);
        const g = await measured(server.pid, () =>
          load(k, options.durationMs, () => kase.gql(client) as Promise<boolean | void>),
        );
        let peerStats: Stats | undefined;
        if (peer && kase.peer) {
          const p = peerClients.get(k) ?? new GqlClient(peer.port, k, peer.token);
          peerClients.set(k, p);
          const ask = kase.peer;
          await load(k, warm, () => ask(p) as Promise<void>);
          peerStats = await measured(peer.pid, () =>
            load(k, options.durationMs, () => ask(p) as Promise<void>),
          );
        }
        const ratio = (a: number, b: number) => (b ? Math.round((a / b) * 100) / 100 : NaN);
        const row: Row = {
          case: kase.name,
          concurrency: k,
          gql: g,
          raw,
          throughputRatio: ratio(g.rps, raw.rps),
          latencyRatio: ratio(g.p50, raw.p50),
          ...(peerStats ? { peer: peerStats, peerRatio: ratio(g.rps, peerStats.rps) } : {}),
        };
        rows.push(row);
        log(formatRow(row));
      }
    }
    const removed = await cleanup(pool, servicio);
    log(`Donaciones de la prueba eliminadas: ${removed}`);
    return {
      date: new Date().toISOString(),
      donors: counts.donors,
      donations: counts.donations,
      durationMs: options.durationMs,
      server: options.server ?? 'dist',
      machine: {
        cpus: os.cpus().length,
        node: process.version,
        postgres: counts.version,
      },
      rows,
    };
  } finally {
    for (const client of [...clients.values(), ...peerClients.values()]) client.close();
    await peer?.stop();
    await server?.stop();
    await pool.end();
  }
}

// ---------------------------------------------------------------------------
// Output

/** Header and width of each column: the product (GQL), the peer (PostGraphile) and the floor (PG). */
const COLUMNS: [string, number][] = [
  ['caso', 42],
  ['c', 3],
  ['GQL p50', 8],
  ['p95', 6],
  ['p99', 6],
  ['req/s', 7],
  ['PGL p50', 8],
  ['p95', 6],
  ['req/s', 7],
  ['PG p50', 7],
  ['p95', 6],
  ['req/s', 7],
  ['GQL/PG', 7],
  ['GQL/PGL', 8],
  ['err', 4],
];

const num = (v: number | undefined) =>
  v !== undefined && Number.isFinite(v) ? (v >= 100 ? v.toFixed(0) : v.toFixed(1)) : '-';

const line = (cells: string[]) =>
  cells.map((c, i) => (i === 0 ? c.padEnd(COLUMNS[i][1]) : c.padStart(COLUMNS[i][1]))).join(' ');

export function formatRow(r: Row): string {
  return line([
    r.case,
    String(r.concurrency),
    num(r.gql.p50),
    num(r.gql.p95),
    num(r.gql.p99),
    num(r.gql.rps),
    num(r.peer?.p50),
    num(r.peer?.p95),
    num(r.peer?.rps),
    num(r.raw.p50),
    num(r.raw.p95),
    num(r.raw.rps),
    num(r.throughputRatio),
    num(r.peerRatio),
    String(r.gql.errors + r.raw.errors + (r.peer?.errors ?? 0)),
  ]);
}

/** CPU ms per request of each side's server and of Postgres (where /proc tells them). */
const CPU_COLUMNS: [string, number][] = [
  ['CPU ms por solicitud', 42],
  ['c', 3],
  ['GQL Node', 9],
  ['GQL PG', 8],
  ['PGL Node', 9],
  ['PGL PG', 8],
  ['PG PG', 8],
];

const ms = (v: number | null | undefined) => (v === null || v === undefined ? '-' : v.toFixed(3));

function formatCpuRow(r: Row): string {
  const cells = [
    r.case,
    String(r.concurrency),
    ms(r.gql.cpu?.servidor),
    ms(r.gql.cpu?.postgres),
    ms(r.peer?.cpu?.servidor),
    ms(r.peer?.cpu?.postgres),
    ms(r.raw.cpu?.postgres),
  ];
  return cells
    .map((c, i) => (i === 0 ? c.padEnd(CPU_COLUMNS[i][1]) : c.padStart(CPU_COLUMNS[i][1])))
    .join(' ');
}

export function formatTable(result: BenchResult): string {
  const head = line(COLUMNS.map(([name]) => name));
  const cpuHead = CPU_COLUMNS.map(([name, w], i) => (i === 0 ? name.padEnd(w) : name.padStart(w))).join(' ');
  return [
    `${result.donors} donantes, ${result.donations} donaciones; ${result.durationMs / 1000} s por caso; ` +
      `latencias en ms; ${result.machine.cpus} CPU, Node ${result.machine.node}, Postgres ${result.machine.postgres}`,
    'GQL: este producto; PGL: PostGraphile 5 (par, test/perf/peer); PG: el piso (las mismas consultas SQL, sin HTTP ni GraphQL)',
    head,
    '-'.repeat(head.length),
    ...result.rows.map(formatRow),
    '',
    cpuHead,
    '-'.repeat(cpuHead.length),
    ...result.rows.map(formatCpuRow),
  ].join('\n');
}

export async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  const concurrencies = String(args.concurrency ?? '1,4,16')
    .split(',')
    .map((s) => Math.max(1, Math.trunc(Number(s))))
    .filter((n) => Number.isFinite(n));
  const durationMs = numberArg(args, 'duration', 5) * 1000;
  const out = path.resolve(
    typeof args.out === 'string' ? args.out : path.join(ROOT, 'test/perf/results/latest.json'),
  );
  const db = await openDatabase(args);
  try {
    // A fresh clone: seed first (--donors, default 100,000).
    const seeded = await (async () => {
      try {
        const c = new Client({ connectionString: db.url });
        await c.connect();
        try {
          const r = await c
            .query(`SELECT 1 FROM usuario WHERE username LIKE 'perf\\_%' LIMIT 1`)
            .catch(() => null);
          return Boolean(r?.rowCount);
        } finally {
          await c.end();
        }
      } catch {
        return false;
      }
    })();
    if (!seeded) {
      const donors = Math.trunc(numberArg(args, 'donors', 100_000));
      console.log(`Base sin datos de prueba: cargando ${donors} donantes (seed:perf)`);
      await seedPerf(db.url, { donors, log: (l) => console.log(l) });
    }
    const result = await runBench({
      databaseUrl: db.url,
      concurrencies,
      durationMs,
      server: args.server === 'src' ? 'src' : 'dist',
      only: typeof args.case === 'string' ? args.case : undefined,
      vacuum: args.vacuum === true,
      peer: args['no-peer'] !== true,
      serverRoot: typeof args['server-root'] === 'string' ? path.resolve(args['server-root']) : undefined,
      log: (l) => console.log(l),
    });
    console.log(`\n${formatTable(result)}`);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`\nResultado: ${path.relative(process.cwd(), out)}`);
    return 0;
  } finally {
    await db.stop();
  }
}
