// Runs the built server under every Node major that package.json's `engines` claims besides the
// one running this script: each is fetched as the official binary in the npm registry's `node`
// package (`npx -p node@N`), serves on an embedded Postgres, registers a servicio (argon2's native
// module), signs in, records a donor and reads it back. Exits non-zero on the first failure.
// Usage: node scripts/check-node-versions.mjs [22 24 ...]   (default: the majors in `engines`)
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const current = Number(process.versions.node.split('.')[0]);
const claimed = [...pkg.engines.node.matchAll(/\^(\d+)\./g)].map((m) => Number(m[1]));
// The `node` package installs its binary from a preinstall script, which the project's
// strict-allow-scripts would refuse: allowed for these npx calls only.
const npxEnv = { ...process.env, npm_config_strict_allow_scripts: 'false' };
const majors =
  process.argv.length > 2 ? process.argv.slice(2).map(Number) : claimed.filter((m) => m !== current);

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function gql(url, query, variables, token) {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = await res.json();
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

async function waitHealthy(url, child, seconds) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`el servidor terminó (código ${child.exitCode})`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`sin respuesta de /healthz en ${seconds} s`);
}

async function check(major) {
  const version = spawnSync(npx, ['-y', '-p', `node@${major}`, 'node', '--version'], {
    encoding: 'utf8',
    env: npxEnv,
  });
  if (version.status !== 0) throw new Error(`no se pudo obtener Node ${major}: ${version.stderr}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `hemoterapia-node${major}-`));
  fs.chmodSync(dataDir, 0o755); // as root, Postgres runs as its own user and must reach it
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(npx, ['-y', '-p', `node@${major}`, 'node', 'server/dist/index.js'], {
    cwd: root,
    env: { ...npxEnv, DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  try {
    await waitHealthy(url, child, 90);
    const password = 'clave-segura';
    const input = {
      nombre: 'Servicio Node',
      username: `node${major}`,
      email: 'n@h.test',
      password,
      password2: password,
    };
    await gql(url, 'mutation ($input: RegisterInput!) { register(input: $input) { token } }', { input });
    const { login } = await gql(url, 'mutation ($input: LoginInput!) { login(input: $input) { token } }', {
      input: { username: input.username, password },
    });
    const donante = {
      nombre: 'Ana',
      apellido: 'Pérez',
      dni: '30111222',
      fechaNacimiento: '1990-05-01',
      sexo: 'Femenino',
    };
    await gql(
      url,
      'mutation ($input: DonanteInput!) { createDonante(input: $input) { id } }',
      { input: donante },
      login.token,
    );
    const found = await gql(
      url,
      '{ donantes(filter: { dni: "30111222" }) { items { apellido } } }',
      {},
      login.token,
    );
    if (found.donantes.items[0]?.apellido !== 'Pérez') throw new Error('el donante no se leyó de vuelta');
    console.log(`✔ Node ${version.stdout.trim()}: sirve, registra, inicia sesión, guarda y busca`);
  } finally {
    // The process group: npx, node and the embedded Postgres it started.
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
    await new Promise((r) => setTimeout(r, 1000));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (!fs.existsSync(path.join(root, 'server', 'dist', 'index.js'))) {
  console.error('Falta server/dist: ejecute npm run build primero');
  process.exit(1);
}
for (const major of majors) {
  try {
    await check(major);
  } catch (error) {
    console.error(`✖ Node ${major}: ${error.message}`);
    process.exit(1);
  }
}
