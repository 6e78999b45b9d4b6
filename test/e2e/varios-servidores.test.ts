/**
 * Two server processes on one database, as behind a load balancer: the built server
 * (server/dist/index.js) started twice, at the same moment, on one fresh Postgres, with one
 * JWT secret. Every piece of state that decides an answer lives in Postgres (or is derived from
 * it within a second), so a request gets the same answer from either process.
 *
 * It drives no browser: it sits with the browser suites because it needs the built server.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { MSG } from '../../server/src/domain/messages';
import { hoyIso, isoYearsAgo } from './helpers';

const ROOT = path.resolve(__dirname, '..', '..');
const CLAVE = 'clave-segura-1';

jest.setTimeout(60_000);

// ---------------------------------------------------------------------------
// Processes

type Proceso = { child: ChildProcess; logs: string[] };

function lanzar(args: string[], env: NodeJS.ProcessEnv): Proceso {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const logs: string[] = [];
  const keep = (chunk: Buffer) => {
    logs.push(chunk.toString());
    if (logs.length > 100) logs.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, logs };
}

/** SIGTERM, and SIGKILL if it has not ended after 10 s. */
async function detener(p: Proceso | undefined): Promise<void> {
  if (!p || p.child.exitCode !== null || p.child.signalCode !== null) return;
  const exited = new Promise((resolve) => p.child.once('exit', resolve));
  p.child.kill('SIGTERM');
  const timer = setTimeout(() => p.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * The product's embedded Postgres (server/dist/database/embedded.js), in a process of its own
 * that prints the database's URL and stops Postgres on SIGTERM.
 */
const POSTGRES_SCRIPT = `
const { startEmbeddedPostgres, leaveSignalsToServer } = require('./server/dist/database/embedded.js');
startEmbeddedPostgres(process.argv[1]).then(
  (db) => {
    leaveSignalsToServer();
    process.on('SIGTERM', () => db.stop().finally(() => process.exit(0)));
    process.stdout.write('DATABASE_URL=' + db.url + '\\n');
  },
  (error) => {
    console.error(error);
    process.exit(1);
  },
);`;

async function iniciarPostgres(dataDir: string): Promise<{ proceso: Proceso; url: string }> {
  const proceso = lanzar(['-e', POSTGRES_SCRIPT, dataDir], { ...process.env, LOG_LEVEL: 'warn' });
  const end = Date.now() + 30_000;
  for (;;) {
    const line = proceso.logs
      .join('')
      .split('\n')
      .find((l) => l.startsWith('DATABASE_URL='));
    if (line) return { proceso, url: line.slice('DATABASE_URL='.length).trim() };
    if (proceso.child.exitCode !== null || Date.now() > end) {
      await detener(proceso);
      throw new Error(`Postgres no inició:\n${proceso.logs.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

type Servidor = { url: string; proceso: Proceso };

/** One server process, as `npm start` runs it in production, on `databaseUrl`. */
async function iniciarServidor(databaseUrl: string, jwtSecret: string): Promise<Servidor> {
  const port = await freePort();
  const proceso = lanzar(['server/dist/index.js'], {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    JWT_SECRET: jwtSecret,
    DB_POOL_SIZE: '4',
    LOG_LEVEL: 'warn',
  });
  const url = `http://127.0.0.1:${port}`;
  const end = Date.now() + 45_000;
  for (;;) {
    if (proceso.child.exitCode !== null) {
      throw new Error(`El servidor terminó (${proceso.child.exitCode}):\n${proceso.logs.join('')}`);
    }
    const ok = await fetch(`${url}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { url, proceso };
    if (Date.now() > end) {
      await detener(proceso);
      throw new Error(`El servidor no respondió /healthz a tiempo:\n${proceso.logs.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

// ---------------------------------------------------------------------------
// GraphQL

type GqlError = { message: string; extensions?: { code?: string } };
type Respuesta<T> = { data?: T; errors?: GqlError[] };

async function gql<T = Record<string, unknown>>(
  servidor: Servidor,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<Respuesta<T>> {
  const res = await fetch(`${servidor.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T | null; errors?: GqlError[] };
  return { data: body.data ?? undefined, errors: body.errors };
}

/** The data of an answer that must have no errors. */
function ok<T>(r: Respuesta<T>): T {
  if (r.errors?.length || !r.data) throw new Error(`GraphQL: ${JSON.stringify(r.errors)}`);
  return r.data;
}

const LOGIN = `mutation($input: LoginInput!) { login(input: $input) { token } }`;
const ME = `query { me { id username } }`;
const CREATE_INTEGRANTE = `mutation($input: IntegranteInput!) { createIntegrante(input: $input) { integrante { id } } }`;
const NEXT_ETIQUETA = `mutation { nextEtiquetaNumero }`;
const CREATE_DONACION = `mutation($input: CreateDonacionInput!) { createDonacion(input: $input) { id numero } }`;

// ---------------------------------------------------------------------------

let dataDir: string;
let postgres: { proceso: Proceso; url: string } | undefined;
let db: Client | undefined;
let a: Servidor;
let b: Servidor;
/** The servicio's administrator (ROL_SERVICIO), registered through A. */
let admin: { username: string; token: string };
const sufijo = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;

beforeAll(async () => {
  for (const file of ['server/dist/index.js', 'server/dist/database/embedded.js']) {
    if (!fs.existsSync(path.join(ROOT, file)))
      throw new Error(`Falta ${file}: ejecute "npm run build" antes`);
  }
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hemoterapia-varios-'));
  // When running as root, Postgres runs as a separate user that must reach the directory.
  fs.chmodSync(dataDir, 0o755);
  postgres = await iniciarPostgres(dataDir);
  db = new Client({ connectionString: postgres.url });
  await db.connect();
  // Both at once on an empty database: one applies the migrations, the other waits for them.
  const secret = randomBytes(32).toString('hex');
  [a, b] = await Promise.all([iniciarServidor(postgres.url, secret), iniciarServidor(postgres.url, secret)]);
  const username = `admin_${sufijo}`;
  const { register } = ok(
    await gql<{ register: { token: string } }>(
      a,
      `mutation($input: RegisterInput!) { register(input: $input) { token } }`,
      {
        input: {
          nombre: `Hemoterapia Hospital ${sufijo}`,
          username,
          email: `${username}@example.com`,
          password: CLAVE,
          password2: CLAVE,
        },
      },
    ),
  );
  admin = { username, token: register.token };
});

afterAll(async () => {
  await db?.end().catch(() => undefined);
  await Promise.all([detener(a?.proceso), detener(b?.proceso)]);
  await detener(postgres?.proceso);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A staff member created through A, with a token obtained from `donde`. */
async function integrante(
  nombre: string,
  donde: Servidor,
): Promise<{ id: string; username: string; token: string }> {
  const username = `${nombre}_${sufijo}`;
  const { createIntegrante } = ok(
    await gql<{ createIntegrante: { integrante: { id: string } } }>(
      a,
      CREATE_INTEGRANTE,
      {
        input: {
          nombre: 'Ana',
          apellido: 'Gómez',
          username,
          password: CLAVE,
          password2: CLAVE,
          rol: 'ROL_TECNICO',
        },
      },
      admin.token,
    ),
  );
  const { login } = ok(
    await gql<{ login: { token: string } }>(donde, LOGIN, { input: { username, password: CLAVE } }),
  );
  return { id: createIntegrante.integrante.id, username, token: login.token };
}

/** A read that only needs a live session (it does not read the caller's row itself, as `me` does). */
const SONDA = `query { donantes { total } }`;

/**
 * Asks B for a list with `token` back to back, for at most 1.5 s from `desde`, until it is refused;
 * gives when the refused request was sent, in ms after `desde` (undefined: never refused).
 */
async function rechazoEnB(
  token: string,
  desde: number,
): Promise<{ ms?: number; respuesta?: Respuesta<unknown> }> {
  while (performance.now() - desde < 1500) {
    const enviado = performance.now();
    const r = await gql(b, SONDA, {}, token);
    if (r.errors?.length) return { ms: enviado - desde, respuesta: r };
  }
  return {};
}

test('both servers answer from the one database', async () => {
  // The administrator registered through A signs in through B with the same token.
  const me = ok(await gql<{ me: { username: string } }>(b, ME, {}, admin.token));
  expect(me.me.username).toBe(admin.username);
  const { rows } = await db!.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM usuario WHERE username = $1`,
    [admin.username],
  );
  expect(rows[0].n).toBe(1);
});

test('sign-in failures split across both servers reach the limit together, on either server', async () => {
  const { username } = await integrante('lento', a);
  const mal = { input: { username, password: 'clave-equivocada' } };
  // Five failures let through without a wait: three to A, two to B.
  for (const servidor of [a, b, a, b, a]) {
    const r = await gql(servidor, LOGIN, mal);
    expect(r.errors?.[0]?.message).toBe(MSG.credencialesInvalidas);
  }
  // Neither process saw five on its own: the sixth is refused by both, even with the right password.
  for (const servidor of [b, a]) {
    const r = await gql(servidor, LOGIN, { input: { username, password: CLAVE } });
    expect(r.errors?.[0]?.extensions?.code).toBe('TOO_MANY_REQUESTS');
    expect(r.errors?.[0]?.message).toMatch(
      /^Demasiados intentos fallidos\. Espere \d+ segundos? antes de volver/,
    );
  }
});

test('a member deleted through A is refused by B within 1 s', async () => {
  const miembro = await integrante('borrado', b);
  // B has just checked the token (its session cache holds the member as live).
  ok(await gql(b, SONDA, {}, miembro.token));
  ok(
    await gql(
      a,
      `mutation($id: ID!) { deleteIntegrante(id: $id) { message } }`,
      { id: miembro.id },
      admin.token,
    ),
  );
  const borrado = performance.now();
  const { ms, respuesta } = await rechazoEnB(miembro.token, borrado);
  expect(respuesta?.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  expect(ms).toBeLessThanOrEqual(1000);
});

test('a token issued before a password change made through A is refused by B within 1 s', async () => {
  const miembro = await integrante('clave', b);
  ok(await gql(b, SONDA, {}, miembro.token));
  const { changePassword } = ok(
    await gql<{ changePassword: { token: string } }>(
      a,
      `mutation($input: PasswordChangeInput!) { changePassword(input: $input) { token } }`,
      { input: { oldPassword: CLAVE, newPassword: 'clave-nueva-2', newPassword2: 'clave-nueva-2' } },
      miembro.token,
    ),
  );
  const cambiada = performance.now();
  const { ms, respuesta } = await rechazoEnB(miembro.token, cambiada);
  expect(respuesta?.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  expect(ms).toBeLessThanOrEqual(1000);
  // The token the change gave is good on B.
  expect(ok(await gql<{ me: { id: string } }>(b, ME, {}, changePassword.token)).me.id).toBe(miembro.id);
});

test('100 label numbers asked at once, half to each server, are distinct and consecutive', async () => {
  const results = await Promise.all(
    Array.from({ length: 100 }, (_, i) =>
      gql<{ nextEtiquetaNumero: number }>(i % 2 ? b : a, NEXT_ETIQUETA, {}, admin.token),
    ),
  );
  const numeros = results.map((r) => ok(r).nextEtiquetaNumero).sort((x, y) => x - y);
  expect(new Set(numeros).size).toBe(100);
  expect(numeros[99] - numeros[0]).toBe(99);
});

test('one donor recorded at once through both servers: exactly one donation is accepted', async () => {
  const { createDonante } = ok(
    await gql<{ createDonante: { id: string } }>(
      a,
      `mutation($input: DonanteInput!) { createDonante(input: $input) { id } }`,
      {
        input: {
          nombre: 'Martín',
          apellido: 'Sosa',
          dni: `3${Date.now().toString().slice(-7)}`,
          fechaNacimiento: isoYearsAgo(40),
        },
      },
      admin.token,
    ),
  );
  const numero = async (servidor: Servidor) =>
    ok(await gql<{ nextEtiquetaNumero: number }>(servidor, NEXT_ETIQUETA, {}, admin.token))
      .nextEtiquetaNumero;
  const input = (n: number) => ({
    input: {
      donanteId: createDonante.id,
      numero: n,
      fecha: hoyIso(),
      hora: '09:30',
      loteBolsa: 'L-2026-01',
      tipoBolsa: 'Bolsa Doble',
      sv: { tas: 120, tad: 80, fc: 72, peso: 70, temp: 36.5, hb: 14, hto: 42 },
    },
  });
  const [na, nb] = [await numero(a), await numero(b)];
  const results = await Promise.all([
    gql<{ createDonacion: { id: string; numero: number } }>(a, CREATE_DONACION, input(na), admin.token),
    gql<{ createDonacion: { id: string; numero: number } }>(b, CREATE_DONACION, input(nb), admin.token),
  ]);
  const aceptadas = results.filter((r) => !r.errors?.length);
  const rechazadas = results.filter((r) => r.errors?.length);
  expect(aceptadas).toHaveLength(1);
  expect(rechazadas).toHaveLength(1);
  // The refusal is the donor rule's, in Spanish.
  expect(rechazadas[0].errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  expect(rechazadas[0].errors?.[0]?.message).toMatch(/menos de \d+ semanas/);
  const { rows } = await db!.query<{ numero: number }>(
    `SELECT numero FROM donacion WHERE donante_id = $1 AND deleted_at IS NULL`,
    [createDonante.id],
  );
  expect(rows.map((r) => Number(r.numero))).toEqual([aceptadas[0].data?.createDonacion.numero]);
});
