import 'reflect-metadata';
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

/** Connects and brings the schema up to date. */
export async function connectDatabase(url: string, options: { poolSize?: number } = {}): Promise<DataSource> {
  const dataSource = createDataSource(url, options);
  await dataSource.initialize();
  await dataSource.runMigrations({ transaction: 'each' });
  return dataSource;
}
