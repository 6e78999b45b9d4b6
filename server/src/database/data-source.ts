import 'reflect-metadata';
import { Client } from 'pg';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { SnakeNamingStrategy } from './naming';
import { migrations } from './migrations';

/** The TypeORM entity classes: the composition root's list (services.ts). */
export type Entities = NonNullable<DataSourceOptions['entities']>;

export type DataSourceSettings = { entities: Entities; poolSize?: number; statementTimeoutMs?: number };

/**
 * The app's data source. Every statement of its sessions is cut after 30 s (a request never
 * waits longer); `statementTimeoutMs: 0` is for the migrations, which may rewrite a large table.
 */
export function createDataSource(url: string, options: DataSourceSettings): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    entities: options.entities,
    migrations,
    migrationsRun: false,
    synchronize: false,
    namingStrategy: new SnakeNamingStrategy(),
    poolSize: options.poolSize ?? 20,
    extra: {
      // Fail fast instead of hanging when the database is gone.
      connectionTimeoutMillis: 5000,
      statement_timeout: options.statementTimeoutMs ?? 30_000,
      application_name: 'hemoterapia',
    },
  });
}

/**
 * Brings the schema up to date. Several server processes may start at once on one database
 * (behind a load balancer): the migrations run under a session advisory lock, taken on a
 * connection of its own, so one process applies them while the others wait and then find nothing
 * left to run. Postgres drops the lock with its session, should the process die while holding it.
 * They run on a data source of their own with no statement timeout: a migration that rebuilds a
 * roll-up over millions of donations takes minutes, and the requests' 30 s limit would undo it
 * and leave the server unable to start.
 */
export async function applyMigrations(url: string): Promise<void> {
  const lock = new Client({
    connectionString: url,
    connectionTimeoutMillis: 5000,
    application_name: 'hemoterapia-migraciones',
  });
  // The migrations are plain SQL (CONTRIBUTING.md): they need no entity.
  const migrator = createDataSource(url, { entities: [], poolSize: 1, statementTimeoutMs: 0 });
  try {
    await lock.connect();
    await lock.query(`SELECT pg_advisory_lock(hashtext('hemoterapia.migraciones'))`);
    await migrator.initialize();
    await migrator.runMigrations({ transaction: 'each' });
  } finally {
    if (migrator.isInitialized) await migrator.destroy().catch(() => undefined);
    // Ending the session releases the lock.
    await lock.end().catch(() => undefined);
  }
}

/** Applies the migrations (applyMigrations), then opens the app's data source. */
export async function connectDatabase(
  url: string,
  options: Omit<DataSourceSettings, 'statementTimeoutMs'>,
): Promise<DataSource> {
  await applyMigrations(url);
  const dataSource = createDataSource(url, options);
  await dataSource.initialize();
  return dataSource;
}
