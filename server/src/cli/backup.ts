/**
 * `npm run backup [ARCHIVO]` and `npm run restore ARCHIVO`.
 *
 * The database is DATABASE_URL when set; otherwise the embedded one under
 * DATA_DIR (default .data): started for the command and stopped after, or,
 * when the server is running on it, reached through its port and password.
 */
import 'reflect-metadata';
import path from 'node:path';
import { ConfigError } from '../config';
import { backupDatabase, BackupError, defaultBackupFile, restoreDatabase } from '../database/backup';
import { openDatabase } from './database';

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
