// Fails when schema.graphql or client/src/generated differ from what the
// server's classes and the client's documents produce now.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function snapshot(dir) {
  const out = new Map();
  const walk = (d) => {
    if (!fs.existsSync(d)) return;
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) walk(full);
      else out.set(path.relative(root, full), fs.readFileSync(full, 'utf8'));
    }
  };
  walk(dir);
  return out;
}

const before = snapshot(path.join(root, 'client', 'src', 'generated'));
before.set('schema.graphql', fs.readFileSync(path.join(root, 'schema.graphql'), 'utf8'));
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'drift-'));
fs.cpSync(path.join(root, 'client', 'src', 'generated'), tmp, { recursive: true });
const schemaCopy = fs.readFileSync(path.join(root, 'schema.graphql'));

const gen = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'gen', '--silent'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
});
const after = snapshot(path.join(root, 'client', 'src', 'generated'));
after.set('schema.graphql', fs.readFileSync(path.join(root, 'schema.graphql'), 'utf8'));

const changed = [...new Set([...before.keys(), ...after.keys()])].filter(
  (k) => before.get(k) !== after.get(k),
);
// Put the committed files back so the check never changes the tree.
fs.rmSync(path.join(root, 'client', 'src', 'generated'), { recursive: true, force: true });
fs.cpSync(tmp, path.join(root, 'client', 'src', 'generated'), { recursive: true });
fs.writeFileSync(path.join(root, 'schema.graphql'), schemaCopy);
fs.rmSync(tmp, { recursive: true, force: true });

if (gen.status !== 0) {
  console.error('No se pudo regenerar el esquema o el código del cliente (npm run gen).');
  process.exit(1);
}
if (changed.length > 0) {
  console.error('Desactualizado; ejecute "npm run gen" y confirme los cambios:\n  ' + changed.join('\n  '));
  process.exit(1);
}
console.log('schema.graphql y client/src/generated están al día.');
