import { DataSource, EntityMetadata, EntityTarget, ObjectLiteral } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';

/** Column types whose pg values TypeORM keeps as they are (without a transformer). */
const AS_IS = new Set<unknown>([
  'uuid',
  'varchar',
  'character varying',
  'text',
  'integer',
  'int',
  'bigint',
  'boolean',
  Boolean,
  String,
  Number,
  'jsonb',
  'json',
]);

type ColumnPlan = { db: string; column: ColumnMetadata; plain: boolean };
const plans = new WeakMap<EntityMetadata, ColumnPlan[]>();

/** How each column of an entity is read, worked out once per entity. */
function planOf(metadata: EntityMetadata): ColumnPlan[] {
  let plan = plans.get(metadata);
  if (!plan) {
    plan = metadata.columns.map((column) => ({
      db: column.databaseName,
      column,
      // A plain column of a plain entity: the value is assigned as pg gave it.
      plain: !column.transformer && !column.embeddedMetadata && AS_IS.has(column.type),
    }));
    plans.set(metadata, plan);
  }
  return plan;
}

/**
 * Entities from raw rows of their own table (`SELECT t.* ...` or a column list,
 * run with a plain query), converted column by column as TypeORM's find would.
 * For the hot paths whose SQL is written by hand (the searches): building the
 * statement with a QueryBuilder costs more CPU than running it.
 */
export function hydrate<T extends ObjectLiteral>(
  dataSource: DataSource,
  target: EntityTarget<T>,
  rows: Record<string, unknown>[],
): T[] {
  const metadata = dataSource.getMetadata(target);
  const plan = planOf(metadata);
  const { driver } = dataSource;
  return rows.map((row) => {
    const entity = metadata.create() as Record<string, unknown>;
    for (const { db, column, plain } of plan) {
      if (!(db in row)) continue;
      const value = row[db];
      if (plain) entity[column.propertyName] = value;
      else column.setEntityValue(entity, driver.prepareHydratedValue(value, column));
    }
    return entity as T;
  });
}
