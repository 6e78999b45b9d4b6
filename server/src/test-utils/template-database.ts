import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { applyMigrations } from '../database/data-source';

const MIGRATIONS_DIR = path.resolve(__dirname, '..', 'database', 'migrations');

/** Held on the admin database while a template is built: one builder per Postgres server. */
const BUILD_LOCK = `hashtext('hemoterapia.plantilla-de-prueba')`;

/**
 * The template's name, from the names and contents of the migration files: a new or edited
 * migration gives a new template, so a long-lived server (DATABASE_URL) never hands out a stale one.
 */
export function templateName(dir = MIGRATIONS_DIR): string {
  const hash = createHash('sha256');
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .sort();
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(dir, file)));
    hash.update('\0');
  }
  return `hemoterapia_template_${hash.digest('hex').slice(0, 16)}`;
}

/** Ready = marked a template and closed to connections, the builder's last step. */
async function isReady(admin: Client, name: string): Promise<boolean> {
  const found = await admin.query(
    `SELECT 1 FROM pg_database WHERE datname = $1 AND datistemplate AND NOT datallowconn`,
    [name],
  );
  return found.rowCount === 1;
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function buildTemplate(adminUrl: string): Promise<string> {
  const name = templateName();
  const admin = new Client({ connectionString: adminUrl, application_name: 'hemoterapia-plantilla' });
  await admin.connect();
  try {
    if (await isReady(admin, name)) return name;
    // Session lock: released when this connection ends, even if the build fails.
    await admin.query(`SELECT pg_advisory_lock(${BUILD_LOCK})`);
    if (await isReady(admin, name)) return name;
    // A half-built one, left by a run that died while building it.
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    // The product's own path: the copies then find every migration applied.
    await applyMigrations(databaseUrl(adminUrl, name));
    // CREATE DATABASE ... TEMPLATE fails while anyone is connected to the template.
    await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
      [name],
    );
    await admin.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true`);
    return name;
  } finally {
    await admin.end();
  }
}

let template: Promise<string> | undefined;

/**
 * The name of a database with every migration applied, to copy with CREATE DATABASE ... TEMPLATE.
 * The first test file of a run (of any run, on a DATABASE_URL server) builds it; the others wait
 * for it under the lock, or find it ready.
 */
export function migratedTemplate(adminUrl: string): Promise<string> {
  template ??= buildTemplate(adminUrl).catch((error: unknown) => {
    template = undefined;
    throw error;
  });
  return template;
}
