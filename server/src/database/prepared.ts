import { createHash } from 'node:crypto';
import { Pool, type QueryConfig, type QueryResult } from 'pg';
import { DataSource, type EntityManager } from 'typeorm';
import type { PostgresDataSourceOptions } from 'typeorm/driver/postgres/PostgresDataSourceOptions';
import { logger } from '../logger';

/**
 * Runs one parameterised statement and gives its rows. `once`: the text carries its own values
 * (a new text each time), so it is not kept as a prepared statement.
 */
export type RunQuery = (
  text: string,
  params: unknown[],
  options?: { once?: boolean },
) => Promise<Record<string, unknown>[]>;

/** A pg Pool or client: what a named statement is sent through. */
type Queryable = { query: (config: QueryConfig) => Promise<QueryResult<Record<string, unknown>>> };

/** Statement text -> its name (the same on every connection). */
const names = new Map<string, string>();

/**
 * At most this many statements are kept prepared (in this process and on each connection).
 * The texts are a bounded set, but a large one (a list's columns follow the fields a query
 * asks for): past the limit, a new text runs as an unnamed statement, planned each time.
 */
export const PREPARED_MAX = 1000;

/** The statement's name, or undefined when it is not to be kept. */
function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (!name && names.size < PREPARED_MAX) {
    name = `h${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * Runs statements as named prepared statements: each connection parses and
 * plans a statement once and then reuses its plan (Postgres keeps custom plans
 * while they are cheaper). On the searches the planning took more CPU than
 * the execution. The texts must be a bounded set: values (offsets and limits
 * too) always go as parameters.
 */
export function preparedOn(target: () => Queryable): RunQuery {
  return async (text, params, options) => {
    const name = options?.once ? undefined : nameOf(text);
    return (await target().query(name ? { name, text, values: params } : { text, values: params })).rows;
  };
}

/**
 * The statements of a TypeORM transaction (`dataSource.transaction(m => ...)`) as named prepared
 * statements on its connection, for the hot writes (creating a donation): a person's history
 * took longer to plan than to run. The transaction's session plans them as Postgres chooses.
 */
export function preparedIn(m: EntityManager): RunQuery {
  const runner = m.queryRunner as { databaseConnection?: Queryable } | undefined;
  const connection = runner?.databaseConnection;
  if (!connection) throw new Error('preparedIn: el EntityManager no está en una transacción');
  return preparedOn(() => connection);
}

export type ReadPool = { run: RunQuery; end: () => Promise<void> };

/**
 * The pool the prepared reads go through: the data source's database and
 * settings, in sessions that use the plan Postgres makes once without the
 * values (plan_cache_mode = force_generic_plan). Left to choose, Postgres
 * planned these statements again on every execution (their plans with the
 * values look cheaper), which cost as much as running them. Only hand-written
 * statements whose generic plans read indexes (the index test checks them
 * with EXPLAIN (GENERIC_PLAN)) go here; TypeORM's own queries keep its pool.
 */
export function readPool(dataSource: DataSource): ReadPool {
  const options = dataSource.options as PostgresDataSourceOptions;
  const pool = new Pool({
    connectionString: options.url,
    max: options.poolSize,
    ...(options.extra as object),
    application_name: 'hemoterapia-lecturas',
    options: '-c plan_cache_mode=force_generic_plan',
    // The process may end with idle connections open (scripts, tests).
    allowExitOnIdle: true,
  });
  // A connection that dies while idle (a restarted Postgres) is dropped by the pool.
  pool.on('error', (err) => logger.debug({ err }, 'Conexión de lectura cerrada'));
  return { run: preparedOn(() => pool), end: () => pool.end() };
}
