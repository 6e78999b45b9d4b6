// npm start: build what is not built yet, then serve everything on one port.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

function stale(output, sources) {
  const out = path.join(root, output);
  if (!fs.existsSync(out)) return true;
  const built = fs.statSync(out).mtimeMs;
  return sources.some((src) => newestMtime(path.join(root, src)) > built);
}

function run(args) {
  const result = spawnSync(npm, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (stale('server/dist/index.js', ['server/src'])) run(['run', 'build', '-w', 'server']);
// The forms are regenerated if any is missing (the generator skips those already up to date).
else run(['run', 'build:planillas', '-w', 'server']);
if (stale('client/dist/index.html', ['client/src', 'server/src/domain']))
  run(['run', 'build', '-w', 'client']);

const server = await import(path.join(root, 'server', 'dist', 'index.js'));
void server;
