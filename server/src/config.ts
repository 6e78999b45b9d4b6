import os from 'node:os';
import path from 'node:path';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export type Config = {
  port: number;
  databaseUrl: string | undefined;
  dataDir: string;
  /** Set when JWT_SECRET is given; otherwise one is generated and kept in DATA_DIR. */
  jwtSecret: string | undefined;
  logLevel: LogLevel;
  /** Connections of each of the server's two Postgres pools (transactions; prepared reads). */
  dbPoolSize: number;
  /** Where the built client lives (served at /). */
  clientDir: string;
  /** Where the static forms (planillas) live. */
  planillasDir: string;
  /** NODE_ENV=production: anonymous callers may not read the GraphQL schema. */
  production: boolean;
};

export class ConfigError extends Error {}

function readPort(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 4000;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT debe ser un número entero entre 0 y 65535 (se recibió "${raw}")`);
  }
  return port;
}

function readDatabaseUrl(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('DATABASE_URL no es una URL válida (postgres://usuario:clave@host:puerto/base)');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError('DATABASE_URL debe comenzar con postgres:// o postgresql://');
  }
  return raw;
}

function readJwtSecret(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (raw.length < 32) {
    throw new ConfigError('JWT_SECRET debe tener al menos 32 caracteres');
  }
  return raw;
}

function readLogLevel(raw: string | undefined): LogLevel {
  if (raw === undefined || raw === '') return 'info';
  const level = raw.toLowerCase() as LogLevel;
  if (!LOG_LEVELS.includes(level)) {
    throw new ConfigError(`LOG_LEVEL debe ser uno de: ${LOG_LEVELS.join(', ')} (se recibió "${raw}")`);
  }
  return level;
}

/** LOG_FORMAT, when set: 'json' or 'pretty' (unset: chosen by logger.ts from the terminal). */
function checkLogFormat(raw: string | undefined): void {
  if (raw === undefined || raw.trim() === '') return;
  if (!['json', 'pretty'].includes(raw.trim().toLowerCase())) {
    throw new ConfigError(`LOG_FORMAT debe ser json o pretty (se recibió "${raw}")`);
  }
}

/**
 * DB_POOL_SIZE, or two connections per CPU core (at least 4): enough to keep
 * Postgres busy while Node prepares the next requests, few enough that the
 * backends do not fight over the cores (more queue inside Postgres instead).
 * Each of the two pools (database/data-source.ts, database/prepared.ts) has
 * this size: at most 2 × 90 = 180 connections, under the embedded server's
 * 200 with room for a backup and the superuser.
 */
const POOL_SIZE_MAX = 90;

function readPoolSize(raw: string | undefined, cores: number): number {
  if (raw === undefined || raw === '') return Math.max(4, 2 * cores);
  const size = Number(raw);
  if (!Number.isInteger(size) || size < 1 || size > POOL_SIZE_MAX) {
    throw new ConfigError(
      `DB_POOL_SIZE debe ser un número entero entre 1 y ${POOL_SIZE_MAX} (se recibió "${raw}")`,
    );
  }
  return size;
}

/** Reads and checks every environment variable once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = path.resolve(__dirname, '..', '..');
  checkLogFormat(env.LOG_FORMAT);
  return {
    port: readPort(env.PORT),
    databaseUrl: readDatabaseUrl(env.DATABASE_URL),
    dataDir: path.resolve(env.DATA_DIR || path.join(root, '.data')),
    jwtSecret: readJwtSecret(env.JWT_SECRET),
    logLevel: readLogLevel(env.LOG_LEVEL),
    dbPoolSize: readPoolSize(env.DB_POOL_SIZE, os.availableParallelism()),
    clientDir: path.join(root, 'client', 'dist'),
    planillasDir: path.join(root, 'server', 'planillas'),
    production: env.NODE_ENV === 'production',
  };
}
