/**
 * `npm run backup [ARCHIVO]` and `npm run restore ARCHIVO [--yes]`.
 *
 * The database is DATABASE_URL when set; otherwise the embedded one under
 * DATA_DIR (default .data): started for the command and stopped after, or,
 * when the server is running on it, reached through its port and password.
 *
 * A restore first prints what the copy lacks compared with the database, per servicio
 * (modules/auditoria/restauracion.ts), and asks for confirmation on a terminal; `--yes` confirms
 * for scripts, and without a terminal nor `--yes` nothing changes. A database with no data is
 * restored without asking: there is nothing to lose. Each restored servicio's audit chain then
 * records the restore.
 *
 * Every failure is one Spanish line on stderr, `Error: <causa>`, and exit code 1: never a stack
 * trace, whatever fails (a missing or damaged file, other migrations, the database unreachable or
 * gone in the middle).
 */
import 'reflect-metadata';
import path from 'node:path';
import readline from 'node:readline/promises';
import { ConfigError } from '../config';
import { backupDatabase, BackupError, defaultBackupFile } from '../database/backup';
import { isDatabaseUnavailable } from '../database/unavailable';
import { formatDateTime } from '../domain/dates';
import { MSG } from '../domain/messages';
import {
  prepararRestauracion,
  restaurarCopia,
  type PlanRestauracion,
} from '../modules/auditoria/restauracion';
import { openDatabase } from './database';

type Operacion = 'backup' | 'restore';

const out = (line: string) => process.stdout.write(`${line}\n`);

/**
 * Codes of a connection that could not be opened: nothing listens, the name does not resolve, the
 * database does not exist or does not take connections, the credentials are refused.
 */
const SIN_CONEXION = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EHOSTUNREACH',
  '3D000',
  '28000',
  '28P01',
  '55000',
  '57P03',
]);

/** Any failure as the one line the command prints, after 'Error: '. */
export function causaDelError(error: unknown, operacion: Operacion): string {
  const texto = (e: unknown) =>
    (e instanceof Error ? e.message : String(e)).replace(/\s+/g, ' ').trim() || 'error desconocido';
  if (error instanceof BackupError || error instanceof ConfigError) return texto(error);
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && SIN_CONEXION.has(code)) return MSG.comandoSinBase(texto(error), operacion);
  if (isDatabaseUnavailable(error)) return MSG.comandoBaseCaida(texto(error), operacion);
  return MSG.comandoFallo(texto(error), operacion);
}

/** Prints what restoring the copy drops, per servicio of the database. */
function mostrarPlan(plan: PlanRestauracion): void {
  out(MSG.restauracionCopia(plan.file, formatDateTime(plan.header.createdAt), plan.sha256));
  if (plan.faltantes.length === 0) {
    out(MSG.restauracionBaseVacia);
    return;
  }
  out(MSG.restauracionDescartes);
  for (const f of plan.faltantes) {
    const nombre = `${f.nombre} (${f.servicioId})`;
    out(f.enCopia ? MSG.restauracionServicio(nombre, f) : MSG.restauracionServicioAusente(nombre, f));
  }
}

/** 's' or 'si' (any case, with or without the accent) on a terminal; anything else is no. */
async function confirmar(): Promise<boolean> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  try {
    const respuesta = await rl.question(MSG.restauracionPregunta);
    return /^s[ií]?$/i.test(respuesta.trim());
  } finally {
    rl.close();
  }
}

async function restore(fileArg: string | undefined, yes: boolean, cwd: string): Promise<void> {
  if (!fileArg) throw new BackupError(MSG.comandoUso);
  const file = path.resolve(cwd, fileArg);
  const db = await openDatabase();
  try {
    const plan = await prepararRestauracion(db.url, file);
    mostrarPlan(plan);
    if (plan.faltantes.length > 0 && !yes) {
      if (!process.stdin.isTTY) throw new BackupError(MSG.restauracionSinConfirmar);
      if (!(await confirmar())) throw new BackupError(MSG.restauracionCancelada);
    }
    const summary = await restaurarCopia(db.url, file);
    const total = Object.values(summary.tables).reduce((a, b) => a + b, 0);
    out(`Copia ${file} restaurada en ${db.where} (${total} filas)`);
    for (const e of summary.after ?? [])
      out(MSG.restauracionRegistrada(`${e.nombre} (${e.servicioId})`, e.entrada));
    for (const c of summary.contadoresConservados ?? []) {
      out(
        `Contador de etiquetas del servicio ${c.servicioId}: se conserva en ${c.conservado} ` +
          `(la copia llegaba a ${c.enCopia}); los números ya emitidos no se vuelven a emitir.`,
      );
    }
  } finally {
    await db.close();
  }
}

async function backup(fileArg: string | undefined, cwd: string): Promise<void> {
  const file = path.resolve(cwd, fileArg || defaultBackupFile(cwd));
  const db = await openDatabase();
  try {
    const summary = await backupDatabase(db.url, file);
    const total = Object.values(summary.tables).reduce((a, b) => a + b, 0);
    out(`Copia de seguridad de ${db.where} guardada en ${file} (${total} filas)`);
  } finally {
    await db.close();
  }
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const flags = rest.filter((a) => a.startsWith('-'));
  const args = rest.filter((a) => !a.startsWith('-'));
  const yes = flags.some((f) => f === '--yes' || f === '-y');
  const cwd = process.env.INIT_CWD || process.cwd();
  const known = command === 'restore' ? ['--yes', '-y'] : [];
  if (
    (command !== 'backup' && command !== 'restore') ||
    args.length > 1 ||
    flags.some((f) => !known.includes(f))
  ) {
    throw new BackupError(MSG.comandoUso);
  }
  if (command === 'backup') await backup(args[0], cwd);
  else await restore(args[0], yes, cwd);
}

const operacion: Operacion = process.argv[2] === 'backup' ? 'backup' : 'restore';
let terminado = false;
/** The one way out on a failure, whatever threw: a rejected step, a connection's event, a timer. */
function fallar(error: unknown): void {
  if (terminado) return;
  terminado = true;
  process.stderr.write(`Error: ${causaDelError(error, operacion)}\n`);
  process.exit(1);
}

if (require.main === module) {
  process.on('uncaughtException', fallar);
  process.on('unhandledRejection', fallar);
  main(process.argv.slice(2)).then(() => process.exit(0), fallar);
}
