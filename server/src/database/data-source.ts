import 'reflect-metadata';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { SnakeNamingStrategy } from './naming';
import { entities } from './entities';
import { migrations } from './migrations';

export function createDataSource(url: string, options: { poolSize?: number } = {}): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    entities,
    migrations,
    migrationsRun: false,
    synchronize: false,
    namingStrategy: new SnakeNamingStrategy(),
    poolSize: options.poolSize ?? 20,
    extra: {
      // Fail fast instead of hanging when the database is gone.
      connectionTimeoutMillis: 5000,
      statement_timeout: 30_000,
      application_name: 'hemoterapia',
    },
  });
}

/**
 * Connects and brings the schema up to date. Several server processes may start at once on one
 * database (behind a load balancer): the migrations run under a session advisory lock, taken on
 * a connection of its own (outside the pool, which may hold a single connection), so one process
 * applies them while the others wait and then find nothing left to run. Postgres drops the lock
 * with its session, should the process die while holding it.
 */
export async function connectDatabase(url: string, options: { poolSize?: number } = {}): Promise<DataSource> {
  const dataSource = createDataSource(url, options);
  await dataSource.initialize();
  const lock = new Client({
    connectionString: url,
    connectionTimeoutMillis: 5000,
    application_name: 'hemoterapia-migraciones',
  });
  try {
    await lock.connect();
    await lock.query(`SELECT pg_advisory_lock(hashtext('hemoterapia.migraciones'))`);
    await dataSource.runMigrations({ transaction: 'each' });
  } catch (error) {
    await dataSource.destroy().catch(() => undefined);
    throw error;
  } finally {
    // Ending the session releases the lock.
    await lock.end().catch(() => undefined);
  }
  return dataSource;
}
