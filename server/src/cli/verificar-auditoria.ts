/**
 * `npm run verificar-auditoria`: recomputes the audit trail's hash chain of every servicio of the
 * database (modules/auditoria/cadena.ts) and prints one line per servicio, with the chain's last
 * hash when intact. Exit code 0 when every chain is intact, 1 when one is broken (the line names
 * the servicio and the first broken entry, or why), 2 when it could not check.
 *
 * Arguments `<servicioId>=<hash>`: hashes kept outside the database from an earlier run (anchors),
 * whole or their first 16 or more characters (the register book prints 16); each servicio's chain
 * must still hold its anchor, or it was rewritten. Each restore of a backup the chain records is
 * printed too, with what it dropped.
 *
 * The database is DATABASE_URL when set, otherwise the embedded one of `npm start` (cli/database.ts).
 * It only reads. In the production image (no sources): `node server/dist/cli/verificar-auditoria.js`.
 */
import { Client } from 'pg';
import { ConfigError } from '../config';
import { formatDateTime } from '../domain/dates';
import { MSG } from '../domain/messages';
import { isUuid } from '../domain/validation';
import {
  ANCLA_RE,
  descarteDe,
  serviciosAVerificar,
  verificarCadena,
  type QueryRows,
} from '../modules/auditoria/cadena';
import { openDatabase } from './database';

/** `<servicioId>=<hash>` arguments -> anchors by servicio; a malformed one stops the command. */
export function leerAnclas(args: readonly string[]): Map<string, string> {
  const anclas = new Map<string, string>();
  for (const arg of args) {
    const [servicio, hash, ...resto] = arg.split('=');
    if (resto.length > 0 || !isUuid(servicio ?? '') || !ANCLA_RE.test(hash ?? '')) {
      throw new ConfigError(`${MSG.auditoriaAnclaInvalida}: ${arg} (se espera <id del servicio>=<hash>)`);
    }
    anclas.set(servicio.toLowerCase(), hash.toLowerCase());
  }
  return anclas;
}

/** 0: every chain intact; 1: at least one broken. */
export async function verificarTodo(
  url: string,
  print: (line: string) => void,
  anclas: ReadonlyMap<string, string> = new Map(),
): Promise<number> {
  const client = new Client({ connectionString: url, application_name: 'hemoterapia-verificar-auditoria' });
  await client.connect();
  const query: QueryRows = async (sql, params) => (await client.query(sql, params)).rows;
  try {
    // One snapshot for every servicio: entries written meanwhile wait for the next check.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    let rotas = 0;
    // An anchor of a servicio that is no longer there is checked too (and cannot be found).
    const servicios = [...new Set([...(await serviciosAVerificar(query)), ...anclas.keys()])].sort();
    for (const servicio of servicios) {
      const [s] = await query(`SELECT nombre FROM servicio WHERE id = $1`, [servicio]);
      const nombre = s ? `${String(s.nombre)} (${servicio})` : servicio;
      const v = await verificarCadena(query, servicio, anclas.get(servicio) ?? null);
      if (v.ok) {
        print(MSG.auditoriaIntacta(nombre, v.entradas, v.ultimoHash));
      } else {
        rotas += 1;
        const motivo = v.motivo ?? '';
        print(
          v.primeraRota
            ? MSG.auditoriaRota(nombre, v.primeraRota, motivo)
            : MSG.auditoriaRotaSinEntrada(nombre, motivo),
        );
      }
      // Intact or not, what a restore dropped is said: a chain that verifies hides no lost entry.
      for (const r of v.restauraciones) {
        print(
          MSG.auditoriaRestaurada(
            nombre,
            r.entrada,
            formatDateTime(r.at),
            formatDateTime(r.copiaCreada) || r.copiaCreada,
            descarteDe(r),
          ),
        );
      }
    }
    await client.query('COMMIT');
    return rotas === 0 ? 0 : 1;
  } finally {
    await client.end();
  }
}

async function main(): Promise<number> {
  const anclas = leerAnclas(process.argv.slice(2));
  const db = await openDatabase();
  try {
    return await verificarTodo(db.url, (line) => process.stdout.write(`${line}\n`), anclas);
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
