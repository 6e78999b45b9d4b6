/**
 * The bench's peer side: PostGraphile v5 (test/perf/peer/server.mjs) on the same database, with
 * tenancy by row-level security on `servicio_id` from a JWT claim, asked the same read cases as
 * the product. PostGraphile 5 needs Node >= 22: with an older Node it runs under the official
 * Node 22 binary from the npm registry (`npx -p node@22`), and its package is installed on first
 * use from test/perf/peer/package-lock.json, apart from the project's own dependencies (its
 * engines would refuse the Node versions the project supports).
 */
import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import type { Pool } from 'pg';
import { ROOT } from './db';

const PEER_DIR = path.join(ROOT, 'test/perf/peer');
const NODE_22 = ['-y', '-p', 'node@22', '-p', 'npm@11.19.1'];
/**
 * The `node` package installs its binary with a preinstall script, which the project's
 * strict-allow-scripts would refuse: allowed for these npx calls only (as scripts/check-node-versions.mjs).
 */
const NPX_ENV = { npm_config_strict_allow_scripts: 'false' };

/**
 * What the peer's tenancy needs, made idempotently on the bench database (never on a product
 * database: the product's own connections own the tables and bypass these policies). The role
 * sees live rows of the servicio in its `jwt.claims.servicio` setting, and nothing without one.
 */
export const PEER_SETUP_SQL = [
  `DO $$ BEGIN
     IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'bench_peer') THEN CREATE ROLE bench_peer NOLOGIN; END IF;
   END $$`,
  `GRANT bench_peer TO current_user`,
  `GRANT USAGE ON SCHEMA public TO bench_peer`,
  `GRANT SELECT ON donante, donacion TO bench_peer`,
  ...['donante', 'donacion'].flatMap((t) => [
    `ALTER TABLE ${t} ENABLE ROW LEVEL SECURITY`,
    `DROP POLICY IF EXISTS bench_peer_servicio ON ${t}`,
    `CREATE POLICY bench_peer_servicio ON ${t} FOR SELECT TO bench_peer
       USING (servicio_id = nullif(current_setting('jwt.claims.servicio', true), '')::uuid AND deleted_at IS NULL)`,
  ]),
];

/** Whether this Node can run PostGraphile 5 itself. */
const nodeIs22OrLater = () => Number(process.versions.node.split('.')[0]) >= 22;

/** The command that runs `args` with Node >= 22. */
function node22(args: string[]): [string, string[]] {
  return nodeIs22OrLater() ? [process.execPath, args] : ['npx', [...NODE_22, 'node', ...args]];
}

/** Installs the peer from its own lock file when it is not installed yet. */
export function installPeer(log: (line: string) => void): void {
  if (fs.existsSync(path.join(PEER_DIR, 'node_modules/postgraphile/package.json'))) return;
  log('Instalando el par de comparación (PostGraphile 5, test/perf/peer)...');
  const [cmd, args] = nodeIs22OrLater()
    ? ['npm', ['ci', '--no-audit', '--no-fund']]
    : ['npx', [...NODE_22, 'npm', 'ci', '--no-audit', '--no-fund']];
  const r = spawnSync(cmd, args, { cwd: PEER_DIR, stdio: 'inherit', env: { ...process.env, ...NPX_ENV } });
  if (r.status !== 0) throw new Error(`No se pudo instalar test/perf/peer (${cmd} ${args.join(' ')})`);
}

export type Peer = { port: number; token: string; pid?: number; stop: () => Promise<void> };

/**
 * Starts the peer on `port` for `servicio` and waits until it answers. `extraEnv` (e.g. DEBUG for
 * its EXPLAIN output) goes to its process; `onOutput` receives what it prints.
 */
export async function startPeer(
  pool: Pool,
  databaseUrl: string,
  servicio: string,
  port: number,
  options: { extraEnv?: Record<string, string>; onOutput?: (text: string) => void } = {},
): Promise<Peer> {
  for (const sql of PEER_SETUP_SQL) await pool.query(sql);
  const secret = randomBytes(32).toString('hex');
  const [cmd, args] = node22([path.join(PEER_DIR, 'server.mjs')]);
  const logs: string[] = [];
  const child: ChildProcess = spawn(cmd, args, {
    cwd: PEER_DIR,
    env: {
      ...process.env,
      ...NPX_ENV,
      ...options.extraEnv,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      PEER_JWT_SECRET: secret,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: stopping it stops npx and the Node it started.
    detached: true,
  });
  const group = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  };
  const keep = (c: Buffer) => {
    const text = c.toString();
    options.onOutput?.(text);
    logs.push(text);
    if (logs.length > 50) logs.shift();
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const token = jwt.sign({ servicio }, secret, { algorithm: 'HS256', expiresIn: '12h' });
  const end = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`El par terminó (${child.exitCode}):\n${logs.join('')}`);
    const ok = await fetch(`http://127.0.0.1:${port}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: '{ __typename }' }),
    })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > end) {
      group('SIGKILL');
      throw new Error(`El par no respondió a tiempo:\n${logs.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    port,
    token,
    pid: child.pid,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      group('SIGTERM');
      const timer = setTimeout(() => group('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * The peer's operations for the bench's read cases: the same records and fields as the
 * product's (a donation's donor names through the relation; the serology as its JSON). The
 * product's name searches also ask for `puedeDonar` (its eligibility rule), which PostGraphile has
 * no way to compute: the peer has no case for them.
 */
export const PEER_QUERIES = {
  donantesPorDni: `query ($dni: String!) {
    allDonantes(condition: { dni: $dni }, first: 20) {
      totalCount
      nodes { id dni apellido nombre fechaNacimiento ultimaDonacion }
    }
  }`,
  donacionesPorFecha: `query ($fecha: Date!) {
    allDonacions(condition: { fecha: $fecha }, orderBy: [HORA_DESC], first: 20) {
      totalCount
      nodes { id numero fecha hora abo rh donanteByDonanteId { apellido nombre } }
    }
  }`,
  donacionesPorNumero: `query ($numero: Int!) {
    allDonacions(condition: { numero: $numero }, first: 20) {
      totalCount
      nodes { id numero fecha hora abo rh donanteByDonanteId { apellido nombre } }
    }
  }`,
  donacionesDeDonante: `query ($id: UUID!) {
    allDonacions(condition: { donanteId: $id }, orderBy: [FECHA_DESC]) {
      nodes { id numero fecha hora abo rh serologia }
    }
  }`,
};
