/**
 * The built product as `npm start` serves it in production (server/dist, client/dist, an embedded
 * Postgres in a scratch data directory), for the client benches (bundle, lighthouse), and the
 * signed-in session a browser stores.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './util';

const ROOT = path.resolve(__dirname, '..', '..');

export type BuiltServer = { url: string; stop: () => Promise<void> };

/** `npm run build -w server` (the client: buildClient in bundle-size.ts). */
export function buildServer(): void {
  execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build', '-w', 'server'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitHealthy(url: string, child: ChildProcess, ms = 90_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`El servidor terminó con código ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('El servidor no respondió /healthz a tiempo');
}

/** Starts server/dist/index.js with NODE_ENV=production on a free port and a fresh database. */
export async function startBuiltServer(): Promise<BuiltServer> {
  for (const file of ['server/dist/index.js', 'client/dist/index.html']) {
    if (!fs.existsSync(path.join(ROOT, file))) {
      throw new Error(`Falta ${file}: ejecute "npm run build" (o el banco sin --no-build)`);
    }
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hemoterapia-bench-'));
  fs.chmodSync(dataDir, 0o755);
  const port = await freePort();
  const child = spawn(process.execPath, ['server/dist/index.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitHealthy(url, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}

/**
 * What the client keeps for a signed-in user: the token and the user in localStorage
 * (client/src/lib/session.ts), and the cookie with the home's path (client/src/app/inicio-cookie.tsx).
 */
export type StoredSession = { token: string; usuario: string; inicio: string };

/** The session's cookie as document.cookie takes it (what the app sets once signed in). */
export function inicioCookie(session: StoredSession): string {
  return `inicio=${encodeURIComponent(session.inicio)}; Path=/; SameSite=Strict`;
}

/** Registers a servicio and returns its administrator's session as the browser stores it. */
export async function registerSession(url: string): Promise<StoredSession> {
  const suffix = randomBytes(4).toString('hex');
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: `mutation ($input: RegisterInput!) { register(input: $input) { token usuario {
        id username nombre apellido email rol servicioId servicio { id nombre } } } }`,
      variables: {
        input: {
          nombre: `Servicio banco ${suffix}`,
          username: `banco_${suffix}`,
          email: `banco_${suffix}@hospital.test`,
          password: 'clave-del-banco',
          password2: 'clave-del-banco',
        },
      },
    }),
  });
  const body = (await res.json()) as {
    data?: { register: { token: string; usuario: Record<string, unknown> & { id: string } } };
    errors?: unknown;
  };
  if (!body.data)
    throw new Error(`No se pudo registrar el servicio del banco: ${JSON.stringify(body.errors)}`);
  const { token, usuario } = body.data.register;
  // A servicio's administrator starts at the donor search.
  return { token, usuario: JSON.stringify({ ...usuario, uid: usuario.id }), inicio: '/donantes' };
}
