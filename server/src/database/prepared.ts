import { createHash } from 'node:crypto';
import type { QueryConfig, QueryResult } from 'pg';
import { DataSource } from 'typeorm';

/** Runs one parameterised statement and gives its rows. */
export type RunQuery = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

/** A pg Pool or client: what a named statement is sent through. */
type Queryable = { query: (config: QueryConfig) => Promise<QueryResult<Record<string, unknown>>> };

/** Statement text -> its name (the same on every connection). */
const names = new Map<string, string>();

function nameOf(text: string): string {
  let name = names.get(text);
  if (!name) {
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
  return async (text, params) => (await target().query({ name: nameOf(text), text, values: params })).rows;
}

/** preparedOn the data source's own pool. */
export function preparedQuery(dataSource: DataSource): RunQuery {
  return preparedOn(() => (dataSource.driver as unknown as { master: Queryable }).master);
}
