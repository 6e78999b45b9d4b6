/**
 * `npm run backup [ARCHIVO]` and `npm run restore ARCHIVO`.
 *
 * The database is DATABASE_URL when set; otherwise the embedded one under
 * DATA_DIR (default .data): started for the command and stopped after, or,
 * when the server is running on it, reached through its port and password.
 */
import 'reflect-metadata';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { backupDatabase, BackupError, defaultBackupFile, restoreDatabase } from '../database/backup';
import { startEmbeddedPostgres } from '../database/embedded';

type Target = { url: string; close: () => Promise<void>; where: string };

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function openDatabase(): Promise<Target> {
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

async function main(argv: string[]): Promise<void> {
  const [command, fileArg] = argv;
  const cwd = process.env.INIT_CWD || process.cwd();
  if (command === 'backup') {
    const file = path.resolve(cwd, fileArg || defaultBackupFile(cwd));
    const db = await openDatabase();
    try {
      const summary = await backupDatabase(db.url, file);
      const total = Object.values(summary.tables).reduce((a, b) => a + b, 0);
      process.stdout.write(`Copia de seguridad de ${db.where} guardada en ${file} (${total} filas)` + '\n');
    } finally {
      await db.close();
    }
    return;
  }
  if (command === 'restore') {
    if (!fileArg) throw new BackupError('Indique el archivo a restaurar: npm run restore ARCHIVO');
    const file = path.resolve(cwd, fileArg);
    const db = await openDatabase();
    try {
      const summary = await restoreDatabase(db.url, file);
      const total = Object.values(summary.tables).reduce((a, b) => a + b, 0);
      process.stdout.write(`Copia ${file} restaurada en ${db.where} (${total} filas)` + '\n');
      for (const c of summary.contadoresConservados ?? []) {
        process.stdout.write(
          `Contador de etiquetas del servicio ${c.servicioId}: se conserva en ${c.conservado} ` +
            `(la copia llegaba a ${c.enCopia}); los números ya emitidos no se vuelven a emitir.\n`,
        );
      }
    } finally {
      await db.close();
    }
    return;
  }
  throw new BackupError('Uso: npm run backup [ARCHIVO] | npm run restore ARCHIVO');
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof BackupError || error instanceof ConfigError) {
      console.error(`Error: ${error.message}`);
    } else {
      console.error('Error: no se pudo completar la operación:', (error as Error)?.message ?? error);
    }
    process.exit(1);
  },
);
