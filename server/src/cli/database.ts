/**
 * The database a command-line tool works on: DATABASE_URL when set; otherwise the embedded one
 * under DATA_DIR (default .data), started for the command and stopped after, or, when the server
 * is running on it, reached through its port and password.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { startEmbeddedPostgres } from '../database/embedded';

export type Target = { url: string; close: () => Promise<void>; where: string };

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function openDatabase(): Promise<Target> {
  const config = loadConfig();
  if (config.databaseUrl) {
    return { url: config.databaseUrl, close: async () => {}, where: 'DATABASE_URL' };
  }
  const pidFile = path.join(config.dataDir, 'pg', 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    const lines = fs.readFileSync(pidFile, 'utf8').split('\n');
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    if (pid > 0 && alive(pid) && port > 0) {
      // The server is running on this data directory: use its Postgres.
      const password = fs.readFileSync(path.join(config.dataDir, 'pg-password'), 'utf8').trim();
      return {
        url: `postgres://hemoterapia:${encodeURIComponent(password)}@127.0.0.1:${port}/hemoterapia`,
        close: async () => {},
        where: `${config.dataDir} (en uso por el servidor)`,
      };
    }
  }
  if (!fs.existsSync(config.dataDir)) fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o755 });
  const embedded = await startEmbeddedPostgres(config.dataDir);
  return { url: embedded.url, close: embedded.stop, where: config.dataDir };
}
