/** The database the perf harness works on. */
import path from 'node:path';
import { startEmbeddedPostgres } from '../../server/src/database/embedded';
import type { Args } from './util';

export const ROOT = path.resolve(__dirname, '..', '..');
/** Default embedded cluster for the harness (git-ignored by the `.data-*` rule). */
export const DEFAULT_DATA_DIR = path.join(ROOT, '.data-perf');

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
