/**
 * A restore is part of the audit trail. Restoring an older copy first lists, per servicio, what
 * the copy lacks (entries of the trail, donations, results, donors), and needs confirmation:
 * without a terminal and without --yes it is refused and nothing changes. With --yes each
 * servicio's chain gets an entry recording the restore (the copy's date and SHA-256, the head
 * before, what was dropped), which verificarAuditoria reports without an anchor. Every failure of
 * the command, the database gone in the middle of the restore included, is one Spanish line and
 * exit code 1.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Client } from 'pg';
import { verificarTodo } from '../../server/src/cli/verificar-auditoria';
import { backupDatabase, restoreDatabase } from '../../server/src/database/backup';
import { formatDateTime } from '../../server/src/domain/dates';
import { MSG } from '../../server/src/domain/messages';
import {
  createTestDatabase,
  registerServicio,
  Session,
  startTestServer,
  TestServer,
} from '../../server/src/test-utils/harness';
import {
  AVANZAR_CONTADOR,
  CREATE_DONACION,
  CREATE_DONANTE,
  donacionInput,
  donanteInput,
  NUMEROS_EMITIDOS,
  ok,
} from './fixtures';

jest.setTimeout(180_000);

const root = path.resolve(__dirname, '..', '..');
let server: TestServer;
let dir: string;

beforeAll(async () => {
  server = await startTestServer();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hemoterapia-restore-'));
});

afterAll(async () => {
  await server?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

type Salida = { code: number; stdout: string; stderr: string };

/** `npm run restore -- ARGS` as the script runs it, with no terminal (stdin is a pipe). */
function restore(databaseUrl: string, args: string[]): Promise<Salida> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['-r', '@swc-node/register', 'server/src/cli/backup.ts', 'restore', ...args],
      {
        cwd: root,
        env: {
          ...process.env,
          DATABASE_URL: databaseUrl,
          SWC_NODE_PROJECT: 'server/tsconfig.json',
          LOG_LEVEL: 'silent',
        },
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

/** A failure as the command must give it: exit code 1 and one line 'Error: ...', no stack trace. */
function unaLinea(salida: Salida): string {
  expect({ code: salida.code, stderr: salida.stderr }).toEqual({
    code: 1,
    stderr: expect.stringMatching(/^Error: [^\n]+\n$/),
  });
  expect(salida.stderr + salida.stdout).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/);
  return salida.stderr.trimEnd();
}

const VERIFICAR = `{ verificarAuditoria { ok entradas primeraRota ultimoHash restauraciones {
  entrada archivo copiaCreada copiaSha256 entradaAnterior cabezaAnterior entradasDescartadas primeraDescartada
  ultimaDescartada donacionesDescartadas resultadosDescartados reactivosDescartados donantesDescartados
  visitasNoAptoDescartadas } } }`;
type Restauracion = Record<string, unknown> & { entrada: string };
type Verificacion = {
  ok: boolean;
  entradas: number;
  primeraRota: string | null;
  ultimoHash: string | null;
  restauraciones: Restauracion[];
};

async function verificar(s: Session): Promise<Verificacion> {
  return ok(await server.gql<{ verificarAuditoria: Verificacion }>(VERIFICAR, {}, s.token))
    .verificarAuditoria;
}

const RESULTADOS = `mutation ($id: ID!, $input: ResultadosDonacionInput!) { updateResultadosDonacion(id: $id, input: $input) { message } }`;

/** A servicio whose label numbers up to the fixtures' numbers are issued. */
async function nuevoServicio(nombre: string): Promise<Session> {
  const s = await registerServicio(server, { nombre });
  ok(await server.gql(AVANZAR_CONTADOR, { ultimo: NUMEROS_EMITIDOS }, s.token));
  return s;
}

async function donanteConDonacion(s: Session): Promise<{ donanteId: string; id: string; numero: number }> {
  const donante = ok(
    await server.gql<{ createDonante: { id: string } }>(CREATE_DONANTE, { input: donanteInput() }, s.token),
  ).createDonante;
  const donacion = ok(
    await server.gql<{ createDonacion: { id: string; numero: number } }>(
      CREATE_DONACION,
      { input: donacionInput(donante.id) },
      s.token,
    ),
  ).createDonacion;
  return { donanteId: donante.id, ...donacion };
}

const sha256 = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');
const createdAt = (file: string) =>
  (
    JSON.parse(zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').split('\n')[0]) as {
      createdAt: string;
    }
  ).createdAt;

test('a restore of an older copy lists what it drops, needs confirmation, and leaves an entry per servicio that verificarAuditoria reports', async () => {
  const url = server.databaseUrl;
  const a = await nuevoServicio('Hospital Restaurado');
  const b = await nuevoServicio('Hospital Sin Cambios');
  const vieja = await donanteConDonacion(a);
  const file = path.join(dir, 'vieja.json.gz');
  await backupDatabase(url, file);
  const [{ ultima }]: { ultima: string }[] = await server.dataSource.query(
    `SELECT max(id)::text AS ultima FROM auditoria WHERE servicio_id = $1`,
    [a.servicio],
  );

  // After the copy: an HIV-positive 'Definitiva' result on the donation the copy has, a new donor
  // and donation, and a servicio registered.
  ok(
    await server.gql(
      RESULTADOS,
      { id: vieja.id, input: { serologia: { hiv: true }, exclusionDefinitiva: 'Definitiva' } },
      a.token,
    ),
  );
  const nueva = await donanteConDonacion(a);
  const c = await registerServicio(server, { nombre: 'Hospital Nuevo' });
  const posteriores = (
    (await server.dataSource.query(
      `SELECT id::text AS id FROM auditoria WHERE servicio_id = $1 AND id > $2 ORDER BY auditoria.id`,
      [a.servicio, ultima],
    )) as { id: string }[]
  ).map((r) => r.id);
  expect(posteriores.length).toBeGreaterThanOrEqual(3);
  const deC = (
    (await server.dataSource.query(
      `SELECT id::text AS id FROM auditoria WHERE servicio_id = $1 ORDER BY auditoria.id`,
      [c.servicio],
    )) as { id: string }[]
  ).map((r) => r.id);
  const antes = await verificar(a);
  expect(antes).toMatchObject({ ok: true, restauraciones: [] });
  const descarteA = {
    entradas: posteriores.length,
    primeraEntrada: posteriores[0],
    ultimaEntrada: posteriores[posteriores.length - 1],
    donaciones: 2,
    resultados: 1,
    reactivos: [vieja.numero],
    donantes: 1,
    visitasNoApto: 0,
  };
  const nada = { ...descarteA, entradas: 0, donaciones: 0, resultados: 0, reactivos: [], donantes: 0 };
  const serologiaDe = async (id: string) =>
    (
      (await server.dataSource.query(`SELECT serologia FROM donacion WHERE id = $1`, [id])) as {
        serologia: unknown;
      }[]
    )[0]?.serologia;

  // No terminal and no --yes: what would be dropped, then the refusal; nothing changes.
  const rechazada = await restore(url, [file]);
  expect(unaLinea(rechazada)).toBe(`Error: ${MSG.restauracionSinConfirmar}`);
  const plan = rechazada.stdout.split('\n');
  expect(plan).toEqual(
    expect.arrayContaining([
      MSG.restauracionCopia(file, formatDateTime(createdAt(file)), sha256(file)),
      MSG.restauracionDescartes,
      MSG.restauracionServicio(`Hospital Restaurado (${a.servicio})`, descarteA),
      MSG.restauracionServicio(`Hospital Sin Cambios (${b.servicio})`, nada),
      MSG.restauracionServicioAusente(`Hospital Nuevo (${c.servicio})`, {
        ...nada,
        entradas: deC.length,
        primeraEntrada: deC[0],
        ultimaEntrada: deC.at(-1)!,
      }),
    ]),
  );
  expect(rechazada.stdout).toContain(
    `${posteriores.length} entradas de auditoría (de la ${posteriores[0]} a la ${posteriores.at(-1)}), ` +
      `2 donaciones nuevas o modificadas, 1 resultado, ` +
      `RESULTADOS REACTIVOS O EXCLUSIÓN DEFINITIVA en la donación ${vieja.numero}, 1 donante nuevo o modificado`,
  );
  expect(await serologiaDe(vieja.id)).toMatchObject({ hiv: true });
  expect(await verificar(a)).toEqual(antes);

  // --yes: restored, and said so for each servicio.
  const hecha = await restore(url, [file, '--yes']);
  expect({ code: hecha.code, stderr: hecha.stderr }).toEqual({ code: 0, stderr: '' });
  expect(hecha.stdout).toContain(`Copia ${file} restaurada en DATABASE_URL`);
  expect(await serologiaDe(vieja.id)).toBeNull();
  expect(await serologiaDe(nueva.id)).toBeUndefined();
  expect(await server.dataSource.query(`SELECT 1 FROM servicio WHERE id = $1`, [c.servicio])).toEqual([]);

  // verificarAuditoria without an anchor: the chain verifies, and the restore entry, the newest,
  // says what was dropped.
  const despues = await verificar(a);
  const restauracion = {
    archivo: 'vieja.json.gz',
    copiaCreada: createdAt(file),
    copiaSha256: sha256(file),
    entradaAnterior: posteriores.at(-1),
    cabezaAnterior: antes.ultimoHash,
    entradasDescartadas: posteriores.length,
    primeraDescartada: posteriores[0],
    ultimaDescartada: posteriores.at(-1),
    donacionesDescartadas: 2,
    resultadosDescartados: 1,
    reactivosDescartados: [vieja.numero],
    donantesDescartados: 1,
    visitasNoAptoDescartadas: 0,
  };
  expect(despues).toEqual({
    ok: true,
    entradas: antes.entradas - posteriores.length + 1,
    primeraRota: null,
    ultimoHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    restauraciones: [{ entrada: expect.any(String), ...restauracion }],
  });
  const entrada = despues.restauraciones[0].entrada;
  expect(hecha.stdout).toContain(MSG.restauracionRegistrada(`Hospital Restaurado (${a.servicio})`, entrada));
  // Its id follows the dropped ones: an entry number printed before the restore names one entry only.
  expect(BigInt(entrada)).toBeGreaterThan(BigInt(posteriores.at(-1)!));
  const newest = ok(
    await server.gql<{
      auditoria: { items: { id: string; accion: string; entidad: string; entidadId: string }[] };
    }>(`{ auditoria(page: { limit: 1 }) { items { id accion entidad entidadId } } }`, {}, a.token),
  ).auditoria.items[0];
  expect(newest).toEqual({ id: entrada, accion: 'restaurar', entidad: 'copia', entidadId: sha256(file) });
  // The anchor kept before the restore is not in the chain any more; the restore entry names it.
  const conAncla = ok(
    await server.gql<{ verificarAuditoria: { ok: boolean } }>(
      `query ($a: String) { verificarAuditoria(ancla: $a) { ok } }`,
      { a: antes.ultimoHash },
      a.token,
    ),
  ).verificarAuditoria;
  expect(conAncla.ok).toBe(false);

  // A servicio the copy lacked nothing of gets its entry too, dropping nothing.
  expect((await verificar(b)).restauraciones).toEqual([
    expect.objectContaining({ copiaSha256: sha256(file), entradasDescartadas: 0, donacionesDescartadas: 0 }),
  ]);

  // The command that checks every chain says it, with what was dropped.
  const lineas: string[] = [];
  await verificarTodo(url, (l) => lineas.push(l));
  expect(lineas.join('\n')).toContain(
    `Servicio Hospital Restaurado (${a.servicio}): la entrada ${entrada} registra una restauración el `,
  );
  expect(lineas.join('\n')).toContain(
    `desde la copia del ${formatDateTime(createdAt(file))}; se descartó: ${posteriores.length} entradas de auditoría`,
  );

  // The trail goes on from the restore entry.
  await donanteConDonacion(a);
  const luego = await verificar(a);
  expect(luego.ok).toBe(true);
  expect(luego.entradas).toBeGreaterThan(despues.entradas);
});

/** A port nothing listens on. */
function puertoCerrado(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** What a failed restore must leave as it was. */
async function estado(url: string): Promise<unknown> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const [row] = (
      await client.query(
        `SELECT (SELECT count(*) FROM auditoria)::int AS entradas,
                (SELECT json_agg(c ORDER BY servicio_id) FROM auditoria_cadena c) AS cabezas,
                (SELECT count(*) FROM donante)::int AS donantes,
                (SELECT count(*) FROM donacion)::int AS donaciones,
                (SELECT json_agg(s.id ORDER BY s.id) FROM servicio s) AS servicios`,
      )
    ).rows;
    return row;
  } finally {
    await client.end();
  }
}

test("the command's failures are one Spanish line and exit code 1, the database gone mid-restore too", async () => {
  const url = server.databaseUrl;
  const s = await nuevoServicio('Hospital Fallas');
  await donanteConDonacion(s);
  const file = path.join(dir, 'fallas.json.gz');
  await backupDatabase(url, file);

  expect(unaLinea(await restore(url, [path.join(dir, 'no-existe.json.gz'), '--yes']))).toContain(
    'Error: No existe el archivo',
  );
  const danado = path.join(dir, 'danado.json.gz');
  fs.writeFileSync(danado, fs.readFileSync(file).subarray(0, 100));
  expect(unaLinea(await restore(url, [danado, '--yes']))).toMatch(
    /^Error: El archivo .* dañado o incompleto/,
  );
  const lines = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').trimEnd().split('\n');
  const header = JSON.parse(lines[0]) as { migrations: { id: number; timestamp: string; name: string }[] };
  header.migrations.push({ id: 99, timestamp: '1999999999999', name: 'Futura1999999999999' });
  const futura = path.join(dir, 'futura.json.gz');
  fs.writeFileSync(futura, zlib.gzipSync([JSON.stringify(header), ...lines.slice(1)].join('\n')));
  expect(unaLinea(await restore(url, [futura, '--yes']))).toMatch(
    /^Error: La copia de seguridad corresponde a otra versión/,
  );
  expect(unaLinea(await restore(url, []))).toBe(`Error: ${MSG.comandoUso}`);
  expect(unaLinea(await restore(url, [file, '--si']))).toBe(`Error: ${MSG.comandoUso}`);
  const nadie = `postgres://nadie:nada@127.0.0.1:${await puertoCerrado()}/hemoterapia`;
  expect(unaLinea(await restore(nadie, [file, '--yes']))).toMatch(
    /^Error: no se pudo conectar con la base de datos \(.+\): la restauración no se hizo y la base quedó como estaba$/,
  );

  // The database goes away in the middle of the restore: its transaction waits for a lock this
  // test holds, then its session is terminated and the database stops taking connections.
  const db = await createTestDatabase();
  const admin = new Client({ connectionString: process.env.TEST_ADMIN_DATABASE_URL });
  const holder = new Client({ connectionString: db.url });
  holder.on('error', () => undefined);
  const name = new URL(db.url).pathname.slice(1);
  try {
    await restoreDatabase(db.url, file);
    const before = await estado(db.url);
    await admin.connect();
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE donacion IN ROW EXCLUSIVE MODE');
    const run = restore(db.url, [file, '--yes']);
    let pid: number | null = null;
    for (let i = 0; i < 600 && pid === null; i += 1) {
      const waiting = await admin.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity
          WHERE datname = $1 AND application_name = 'hemoterapia-restore' AND wait_event_type = 'Lock'`,
        [name],
      );
      pid = waiting.rows[0]?.pid ?? null;
      if (pid === null) await new Promise((r) => setTimeout(r, 100));
    }
    expect(pid).not.toBeNull();
    await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
    await admin.query(`SELECT pg_terminate_backend($1)`, [pid]);
    const caida = await run;
    expect(unaLinea(caida)).toMatch(
      /^Error: la base de datos dejó de responder \(.+\): la restauración no se hizo y la base quedó como estaba$/,
    );
    await holder.query('ROLLBACK');
    await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
    expect(await estado(db.url)).toEqual(before);
  } finally {
    await holder.end().catch(() => undefined);
    await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`).catch(() => undefined);
    await admin.end().catch(() => undefined);
    await db.drop();
  }
});
