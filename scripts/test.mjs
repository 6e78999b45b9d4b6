// npm test: everything a change can break, in order, stopping at the first failure.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

const steps = [
  ['Tipos (tsc)', npm, ['run', 'typecheck']],
  ['Estilo (eslint + prettier)', npm, ['run', 'lint']],
  ['Esquema y código generado al día', process.execPath, ['scripts/check-drift.mjs']],
  ['Compilación', npm, ['run', 'build']],
  [
    'Pruebas (jest: servidor, cliente, navegador)',
    npx,
    ['jest', '--ci', '--json', '--outputFile=test-artifacts/jest-results.json'],
  ],
];

fs.mkdirSync(path.join(root, 'test-artifacts'), { recursive: true });

for (const [title, cmd, args] of steps) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n✖ Falló: ${title}`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

// One plain closing line with the totals.
const results = JSON.parse(fs.readFileSync(path.join(root, 'test-artifacts', 'jest-results.json'), 'utf8'));
console.log(
  `\n${results.numPassedTests} passed, ${results.numFailedTests} failed, ${results.numPendingTests} skipped`,
);
