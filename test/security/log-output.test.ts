/**
 * What `npm start` prints: readable lines in a terminal (run here under a pseudo-terminal with
 * `script`), JSON lines when the output is a pipe or LOG_FORMAT=json. The built server, started
 * without a database so that it stops at once with its Spanish message: no Postgres is needed.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');
const dist = path.join(root, 'server', 'dist', 'index.js');
// A database nobody listens on: the server logs its start and the fatal line, then exits 1.
const env = {
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'info',
  DATABASE_URL: 'postgres://nadie:nada@127.0.0.1:1/ninguna',
};

function inTerminal(extra: Record<string, string> = {}): string {
  // util-linux `script` gives the command a pseudo-terminal and copies what it prints.
  const run = spawnSync('script', ['-qec', `node ${JSON.stringify(dist)}`, '/dev/null'], {
    env: { ...env, ...extra },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return run.stdout;
}

const hasScript = spawnSync('script', ['--version']).status === 0;
const maybe = hasScript && fs.existsSync(dist) ? test : test.skip;

maybe('in a terminal the log lines are for people: time, level word and message, no JSON', () => {
  const out = inTerminal();
  expect(out).toMatch(/\[\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}\] .*(FATAL|ERROR).*No se pudo conectar/);
  expect(out).not.toMatch(/^\{"level"/m);
});

maybe('in a terminal LOG_FORMAT=json keeps JSON', () => {
  const out = inTerminal({ LOG_FORMAT: 'json' });
  expect(out).toMatch(/^\{"level":60,.*No se pudo conectar/m);
});

maybe('through a pipe (a service manager, a file) the lines are JSON', () => {
  const run = spawnSync(process.execPath, [dist], { env, encoding: 'utf8', timeout: 60_000 });
  const lines = `${run.stdout}${run.stderr}`.trim().split('\n');
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
  expect(run.status).not.toBe(0);
});
