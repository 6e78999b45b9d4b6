/**
 * Faults: the built server killed with SIGKILL in the middle of a stream of
 * writes (and its embedded Postgres killed too, as in a power cut) comes back
 * with every acknowledged write and no half-written one; when only the Node
 * process dies, the next start stops the Postgres it left running (never a
 * process that merely reuses a recorded pid, never a server still serving) and
 * comes up with every acknowledged write; a database that is
 * missing at start or goes away mid-run gives clear Spanish errors, /healthz
 * reports it, and the app recovers when it returns.
 */
import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { MSG } from '../../server/src/domain/messages';
import { registerServicio, startTestServer, TestServer } from '../../server/src/test-utils/harness';
import { CREATE_DONANTE, donanteInput } from './fixtures';

jest.setTimeout(180_000);

const root = path.resolve(__dirname, '..', '..');
const dist = path.join(root, 'server', 'dist', 'index.js');

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(full));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
      newest = Math.max(newest, fs.statSync(full).mtimeMs);
    }
  }
  return newest;
}

/** The test runs the compiled server, as `npm start` does: compile it when missing or stale. */
function ensureBuilt(): void {
  const src = path.join(root, 'server', 'src');
  if (fs.existsSync(dist) && fs.statSync(dist).mtimeMs >= newestSource(src)) return;
  const tsc = spawnSync(
    process.execPath,
    [require.resolve('typescript/bin/tsc'), '-p', 'server/tsconfig.build.json'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  if (tsc.status !== 0) throw new Error(`No compila el servidor:\n${tsc.stdout}${tsc.stderr}`);
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

type Running = { child: ChildProcess; url: string; output: () => string; exited: Promise<number | null> };

function spawnServer(env: Record<string, string>): Running {
  const child = spawn(process.execPath, [dist], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString('utf8')));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, url: `http://127.0.0.1:${env.PORT}`, output: () => out, exited };
}

async function waitHealthy(server: Running, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (server.child.exitCode !== null) {
      throw new Error(`El servidor terminó con código ${server.child.exitCode}:\n${server.output()}`);
    }
    try {
      if ((await fetch(`${server.url}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`El servidor no respondió /healthz a tiempo:\n${server.output()}`);
}

async function gql(url: string, query: string, variables: unknown, token?: string) {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as {
    data?: Record<string, { id: string } & Record<string, unknown>> | null;
    errors?: { message: string; extensions?: Record<string, unknown> }[];
  };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Alive and not a zombie waiting to be reaped (an orphan's parent may reap it late). */
function running(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return alive(pid);
  }
}

async function waitDead(pid: number, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (running(pid) && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
}

function newDataDir(): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hemoterapia-faults-'));
  fs.chmodSync(dataDir, 0o755);
  return dataDir;
}

/** The embedded Postgres of a data directory, as its postmaster.pid names it (pid, port). */
function postmaster(dataDir: string): { pid: number; port: number } {
  const lines = fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
  return { pid: Number(lines[0]), port: Number(lines[3]) };
}

async function registerAdmin(url: string): Promise<string> {
  const reg = await gql(url, `mutation ($input: RegisterInput!) { register(input: $input) { token } }`, {
    input: {
      nombre: 'Servicio Caída',
      username: 'admin_caida',
      email: 'caida@hospital.test',
      password: 'clave-segura',
      password2: 'clave-segura',
    },
  });
  const token = reg.data?.register.token as string;
  expect(token).toBeTruthy();
  return token;
}

/** Five writers creating donors until the server goes away; `acknowledged` are the ids it answered. */
function writeConcurrently(url: string, token: string) {
  const acknowledged: string[] = [];
  let sent = 0;
  let stop = false;
  const worker = async () => {
    while (!stop) {
      sent += 1;
      try {
        const res = await gql(url, CREATE_DONANTE, { input: donanteInput({ apellido: 'Caída' }) }, token);
        const id = res.data?.createDonante?.id;
        if (id) acknowledged.push(id);
      } catch {
        return; // the server is gone
      }
    }
  };
  const workers = [worker(), worker(), worker(), worker(), worker()];
  return {
    acknowledged,
    sent: () => sent,
    until: async (count: number) => {
      while (acknowledged.length < count) await new Promise((r) => setTimeout(r, 5));
    },
    stop: async () => {
      stop = true;
      await Promise.all(workers);
    },
  };
}

/** Every acknowledged donor is in the database, and none is half-written (row and audit entry). */
async function expectAcknowledgedPresent(dataDir: string, acknowledged: string[]): Promise<void> {
  const password = fs.readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  const db = new Client({
    connectionString: `postgres://hemoterapia:${password}@127.0.0.1:${postmaster(dataDir).port}/hemoterapia`,
  });
  await db.connect();
  try {
    const donors = (await db.query<{ id: string }>(`SELECT id FROM donante`)).rows.map((r) => r.id);
    const audited = (
      await db.query<{ id: string }>(
        `SELECT entidad_id AS id FROM auditoria WHERE entidad = 'donante' AND accion = 'crear'`,
      )
    ).rows.map((r) => r.id);
    const present = new Set(donors);
    expect(acknowledged.filter((id) => !present.has(id))).toEqual([]);
    // No half-written donor: every row has its audit entry and every entry its row.
    expect([...donors].sort()).toEqual([...audited].sort());
    expect(donors.length).toBeGreaterThanOrEqual(acknowledged.length);
  } finally {
    await db.end();
  }
}

/** Stops what a test left running on its data directory and removes it. */
async function cleanUp(dataDir: string, servers: (Running | undefined)[]): Promise<void> {
  for (const server of servers) {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }
  if (fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))) {
    const { pid } = postmaster(dataDir);
    if (pid > 0 && running(pid)) {
      process.kill(pid, 'SIGTERM');
      await waitDead(pid);
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

beforeAll(() => ensureBuilt());

test('SIGKILL mid-stream: every acknowledged donor is there after restart, none half-written', async () => {
  const dataDir = newDataDir();
  let first: Running | undefined;
  let second: Running | undefined;
  try {
    first = spawnServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
    await waitHealthy(first);
    const token = await registerAdmin(first.url);

    // One sequential stream and four in parallel.
    const writes = writeConcurrently(first.url, token);
    await writes.until(60);
    first.child.kill('SIGKILL');
    await first.exited;
    await writes.stop();
    expect(writes.sent()).toBeGreaterThan(writes.acknowledged.length);

    // The orphaned Postgres dies too, as in a power cut.
    const pgPid = postmaster(dataDir).pid;
    if (pgPid > 0 && running(pgPid)) process.kill(pgPid, 'SIGKILL');
    await waitDead(pgPid);
    expect(running(pgPid)).toBe(false);
    // Its backends notice the postmaster's death and leave.
    await new Promise((r) => setTimeout(r, 1000));

    second = spawnServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
    await waitHealthy(second);
    expect(await (await fetch(`${second.url}/healthz`)).json()).toEqual({ status: 'ok' });
    await expectAcknowledgedPresent(dataDir, writes.acknowledged);
    // And the restarted server takes writes again with the old session.
    const after = await gql(second.url, CREATE_DONANTE, { input: donanteInput() }, token);
    expect(after.errors).toBeUndefined();
  } finally {
    await cleanUp(dataDir, [first, second]);
  }
});

test('SIGKILL of the Node process only: a second start is refused while it serves; after the kill, start stops the orphaned Postgres and serves every acknowledged write', async () => {
  const dataDir = newDataDir();
  let first: Running | undefined;
  let racing: Running | undefined;
  let second: Running | undefined;
  let orphan = 0;
  try {
    first = spawnServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
    await waitHealthy(first);
    const served = postmaster(dataDir).pid;

    // A second start on the same data directory while the first serves: refused, the first untouched.
    racing = spawnServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
    expect(await racing.exited).not.toBe(0);
    expect(racing.output()).toContain(`Ya hay un servidor en marcha con los datos de ${dataDir}`);
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    expect(postmaster(dataDir).pid).toBe(served);
    expect(running(served)).toBe(true);

    const token = await registerAdmin(first.url);
    const writes = writeConcurrently(first.url, token);
    await writes.until(60);
    first.child.kill('SIGKILL');
    await first.exited;
    await writes.stop();
    expect(writes.sent()).toBeGreaterThan(writes.acknowledged.length);

    // Only Node died: its Postgres keeps running, orphaned, on the port postmaster.pid records.
    orphan = postmaster(dataDir).pid;
    expect(orphan).toBe(served);
    expect(running(orphan)).toBe(true);

    const started = Date.now();
    second = spawnServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
    await waitHealthy(second, 30_000);
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(second.output()).not.toContain('ya está en uso');

    // The orphan was stopped and a new Postgres serves the same files.
    expect(running(orphan)).toBe(false);
    const now = postmaster(dataDir).pid;
    expect(now).not.toBe(orphan);
    expect(running(now)).toBe(true);
    await expectAcknowledgedPresent(dataDir, writes.acknowledged);
    const after = await gql(second.url, CREATE_DONANTE, { input: donanteInput() }, token);
    expect(after.errors).toBeUndefined();
  } finally {
    if (orphan > 0 && running(orphan)) process.kill(orphan, 'SIGTERM');
    await cleanUp(dataDir, [first, racing, second]);
  }
});

test('pid files whose pid now belongs to an unrelated process: it is not signalled and the server starts', async () => {
  const dataDir = newDataDir();
  let first: Running | undefined;
  let second: Running | undefined;
  let sleeper: ReturnType<typeof spawn> | undefined;
  try {
    first = spawnServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
    await waitHealthy(first);
    const token = await registerAdmin(first.url);
    // Both processes die (a power cut), leaving the server's and Postgres' pid files behind...
    const pgPid = postmaster(dataDir).pid;
    first.child.kill('SIGKILL');
    await first.exited;
    process.kill(pgPid, 'SIGKILL');
    await waitDead(pgPid);
    await new Promise((r) => setTimeout(r, 1000));

    // ...and their pids are reused by an unrelated process started after the crash (as a reused pid
    // is: started at the same clock tick as the server, /proc could not tell them apart).
    sleeper = spawn('sleep', ['600'], { stdio: 'ignore' });
    const sleeperPid = sleeper.pid as number;
    for (const file of [path.join(dataDir, 'server.pid'), path.join(dataDir, 'pg', 'postmaster.pid')]) {
      const lines = fs.readFileSync(file, 'utf8').split('\n');
      fs.writeFileSync(file, [String(sleeperPid), ...lines.slice(1)].join('\n'));
    }

    second = spawnServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
    await waitHealthy(second, 30_000);
    expect(sleeper.exitCode).toBeNull();
    expect(sleeper.signalCode).toBeNull();
    expect(running(sleeperPid)).toBe(true);
    expect(postmaster(dataDir).pid).not.toBe(sleeperPid);
    const after = await gql(second.url, CREATE_DONANTE, { input: donanteInput() }, token);
    expect(after.errors).toBeUndefined();
  } finally {
    sleeper?.kill('SIGKILL');
    await cleanUp(dataDir, [first, second]);
  }
});

test('SIGTERM mid-stream: the server finishes what it acknowledged, stops its Postgres last and exits 0', async () => {
  const dataDir = newDataDir();
  let first: Running | undefined;
  let second: Running | undefined;
  try {
    first = spawnServer({ PORT: String(await freePort()), DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    await waitHealthy(first);
    const token = await registerAdmin(first.url);
    const pgPid = postmaster(dataDir).pid;

    const writes = writeConcurrently(first.url, token);
    await writes.until(40);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    await writes.stop();
    // Its own shutdown ran to the end (not the embedded Postgres package's, which exits at once).
    expect(first.output()).toContain('Servidor detenido');
    await waitDead(pgPid);
    expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);

    second = spawnServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
    await waitHealthy(second);
    await expectAcknowledgedPresent(dataDir, writes.acknowledged);
  } finally {
    await cleanUp(dataDir, [first, second]);
  }
});

test('database missing at start: the server exits non-zero quickly with a Spanish message', async () => {
  const closed = await freePort();
  const started = Date.now();
  const server = spawnServer({
    PORT: String(await freePort()),
    DATABASE_URL: `postgres://nadie:nada@127.0.0.1:${closed}/hemoterapia`,
    LOG_LEVEL: 'info',
  });
  const code = await server.exited;
  expect(code).not.toBe(0);
  expect(Date.now() - started).toBeLessThan(15_000);
  expect(server.output()).toContain('No se pudo conectar con la base de datos');
});

describe('database gone mid-run', () => {
  let server: TestServer;
  let admin: Client;
  let dbName: string;

  beforeAll(async () => {
    server = await startTestServer();
    admin = new Client({ connectionString: process.env.TEST_ADMIN_DATABASE_URL });
    await admin.connect();
    dbName = new URL((server.dataSource.options as { url: string }).url).pathname.slice(1);
  });

  afterAll(async () => {
    await admin?.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS true`).catch(() => undefined);
    await admin?.end();
    await server?.close();
  });

  test('/healthz says 503, requests fail in Spanish without internals, and recover', async () => {
    const session = await registerServicio(server);
    const before = await server.gql(CREATE_DONANTE, { input: donanteInput() }, session.token);
    expect(before.errors).toBeUndefined();

    await admin.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS false`);
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
      [dbName],
    );

    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: 'error', message: MSG.baseNoDisponible });

    for (const [query, variables] of [
      [CREATE_DONANTE, { input: donanteInput() }],
      [`query { donantes { total } }`, {}],
    ] as const) {
      const res = await server.gql(query, variables, session.token);
      expect(res.data?.[Object.keys(res.data ?? {})[0]] ?? null).toBeNull();
      expect(res.errors?.[0]?.message).toBe(MSG.baseNoDisponible);
      expect(res.errors?.[0]?.extensions?.code).toBe('DATABASE_UNAVAILABLE');
      const text = JSON.stringify(res);
      expect(text).not.toMatch(/\bat [\w.<>]+ \(|node_modules|stacktrace|ECONNREFUSED|terminat/i);
    }
    const rest = await server.rest('GET', '/donante/search?dni=123', undefined, session.token);
    expect(rest.status).toBe(503);
    expect(JSON.stringify(rest.body)).toContain(MSG.baseNoDisponible);

    await admin.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS true`);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const again = await server.gql(CREATE_DONANTE, { input: donanteInput() }, session.token);
    expect(again.errors).toBeUndefined();
    const list = await server.gql<{ donantes: { total: number } }>(
      `query { donantes { total } }`,
      {},
      session.token,
    );
    expect(list.data?.donantes.total).toBe(2);
  });
});
