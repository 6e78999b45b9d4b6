/** Command-line parsing and the database the perf harness works on. */
import path from 'node:path';
import { startEmbeddedPostgres } from '../../server/src/database/embedded';

export const ROOT = path.resolve(__dirname, '..', '..');
/** Default embedded cluster for the harness (git-ignored by the `.data-*` rule). */
export const DEFAULT_DATA_DIR = path.join(ROOT, '.data-perf');

export type Args = Record<string, string | true>;

/** `--name value`, `--name=value` and bare `--flag` -> { name: value | true }. */
export function parseArgs(argv: string[]): Args {
  const out: Args = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) continue;
    const eq = arg.indexOf('=');
    if (eq > 0) {
      out[arg.slice(2, eq)] = arg.slice(eq + 1);
    } else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) {
      out[arg.slice(2)] = argv[++i];
    } else {
      out[arg.slice(2)] = true;
    }
  }
  return out;
}

export function numberArg(args: Args, name: string, fallback: number): number {
  const raw = args[name];
  if (raw === undefined || raw === true) return fallback;
  const value = Number(String(raw).replace(/_/g, ''));
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`--${name} debe ser un número (se recibió "${raw}")`);
  return value;
}

export type Database = { url: string; where: string; stop: () => Promise<void> };

/**
 * --database-url URL (or DATABASE_URL) uses that server; otherwise an embedded
 * Postgres in --data-dir (default .data-perf), started exactly as the product does.
 */
export async function openDatabase(args: Args): Promise<Database> {
  const url = typeof args['database-url'] === 'string' ? args['database-url'] : process.env.DATABASE_URL;
  if (url) return { url, where: new URL(url).host + new URL(url).pathname, stop: async () => {} };
  const dataDir = path.resolve(typeof args['data-dir'] === 'string' ? args['data-dir'] : DEFAULT_DATA_DIR);
  const embedded = await startEmbeddedPostgres(dataDir);
  return { url: embedded.url, where: dataDir, stop: embedded.stop };
}
