/**
 * `npm run verificar-auditoria`: recomputes the audit trail's hash chain of every servicio of the
 * database (modules/auditoria/cadena.ts) and prints one line per servicio. Exit code 0 when every
 * chain is intact, 1 when one is broken (the line names the servicio and the first broken entry),
 * 2 when it could not check.
 *
 * The database is DATABASE_URL when set, otherwise the embedded one of `npm start` (cli/database.ts).
 * It only reads.
 */
import { Client } from 'pg';
import { ConfigError } from '../config';
import { MSG } from '../domain/messages';
import { serviciosConAuditoria, verificarCadena, type QueryRows } from '../modules/auditoria/cadena';
import { openDatabase } from './database';

/** 0: every chain intact; 1: at least one broken. */
export async function verificarTodo(url: string, print: (line: string) => void): Promise<number> {
  const client = new Client({ connectionString: url, application_name: 'hemoterapia-verificar-auditoria' });
  await client.connect();
  const query: QueryRows = async (sql, params) => (await client.query(sql, params)).rows;
  try {
    // One snapshot for every servicio: entries written meanwhile wait for the next check.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    let rotas = 0;
    for (const servicio of await serviciosConAuditoria(query)) {
      const [s] = await query(`SELECT nombre FROM servicio WHERE id = $1`, [servicio]);
      const nombre = s ? `${String(s.nombre)} (${servicio})` : servicio;
      const v = await verificarCadena(query, servicio);
      if (v.ok) {
        print(MSG.auditoriaIntacta(nombre, v.entradas));
      } else {
        rotas += 1;
        print(MSG.auditoriaRota(nombre, v.primeraRota ?? '', v.motivo ?? ''));
      }
    }
    await client.query('COMMIT');
    return rotas === 0 ? 0 : 1;
  } finally {
    await client.end();
  }
}

async function main(): Promise<number> {
  const db = await openDatabase();
  try {
    return await verificarTodo(db.url, (line) => process.stdout.write(`${line}\n`));
  } finally {
    await db.close();
  }
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      const message = error instanceof ConfigError ? error.message : (error as Error)?.message;
      console.error('Error: no se pudo verificar la auditoría:', message ?? error);
      process.exit(2);
    },
  );
}
