// npm run dev: the server (restarted on change) and the Vite dev server
// (http://localhost:5173, proxying /graphql, /api and /planillas to the server).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const children = [
  spawn(process.execPath, ['--watch', '-r', '@swc-node/register', 'src/index.ts'], {
    cwd: path.join(root, 'server'),
    stdio: 'inherit',
  }),
  spawn(process.platform === 'win32' ? 'npx.cmd' : 'npx', ['vite'], {
    cwd: path.join(root, 'client'),
    stdio: 'inherit',
  }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
