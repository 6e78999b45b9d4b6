import { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';

/**
 * Entities from raw rows of their own table (`SELECT t.* ...` run with
 * `dataSource.query`), converted column by column as TypeORM's find would.
 * For the hot paths whose SQL is written by hand (the searches): building
 * the statement with a QueryBuilder costs more CPU than running it.
 */
export function hydrate<T extends ObjectLiteral>(
  dataSource: DataSource,
  target: EntityTarget<T>,
  rows: Record<string, unknown>[],
): T[] {
  const metadata = dataSource.getMetadata(target);
  const { driver } = dataSource;
  return rows.map((row) => {
    const entity = metadata.create() as T;
    for (const column of metadata.columns) {
      if (column.databaseName in row) {
        column.setEntityValue(entity, driver.prepareHydratedValue(row[column.databaseName], column));
      }
    }
    return entity;
  });
}
