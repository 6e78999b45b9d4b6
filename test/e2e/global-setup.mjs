// Starts the built product exactly as `npm start` serves it (embedded
// Postgres in a fresh data directory) and resolves the Chromium to drive.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

function freePort() {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitHealthy(url, child, ms = 60000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`El servidor terminó con código ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('El servidor no respondió /healthz a tiempo');
}

export async function resolveChromium() {
  if (process.env.CHROMIUM_PATH) return { executablePath: process.env.CHROMIUM_PATH, args: [] };
  if (fs.existsSync('/usr/bin/chromium')) return { executablePath: '/usr/bin/chromium', args: [] };
  const { default: chromium } = await import('@sparticuz/chromium');
  return { executablePath: await chromium.executablePath(), args: chromium.args };
}

export default async function globalSetup() {
  for (const file of ['server/dist/index.js', 'client/dist/index.html']) {
    if (!fs.existsSync(path.join(root, file))) {
      throw new Error(`Falta ${file}: ejecute "npm run build" antes de las pruebas de navegador`);
    }
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hemoterapia-e2e-'));
  fs.chmodSync(dataDir, 0o755);
  const port = await freePort();
  const logFile = path.join(root, 'test-artifacts', 'e2e-server.log');
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, ['server/dist/index.js'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', log, log],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(url, child);
  const chromium = await resolveChromium();
  process.env.E2E_BASE_URL = url;
  process.env.E2E_CHROMIUM = JSON.stringify(chromium);
  globalThis.__E2E__ = { child, dataDir };
}
