/**
 * The select list of a read: the columns behind the fields a caller asks for (a GraphQL query's
 * selection, or every field), so a list reads only what it shows.
 */

/** Per map of columns, the lists already made for a set of fields (by the set's identity). */
const made = new WeakMap<object, WeakMap<object, string>>();

/**
 * `d.col, ...` for the fields named (every field of `columnsOf` when `fields` is null or
 * omitted), after the `always` columns, in the map's order whatever the order of the fields, so
 * that one set of columns is one statement text. A set of fields given as the same object again
 * (graphql/selection.ts keeps one per place in a query) reuses the list made for it.
 */
export function selectList(
  columnsOf: Record<string, readonly string[]>,
  always: readonly string[],
  fields?: Iterable<string> | null,
): string {
  const key = typeof fields === 'object' && fields !== null ? fields : null;
  const memo = key ? made.get(columnsOf)?.get(key) : undefined;
  if (memo !== undefined) return memo;
  const asked = fields ? new Set(fields) : null;
  const columns = new Set(always);
  for (const [name, cols] of Object.entries(columnsOf)) {
    if (!asked || asked.has(name)) for (const column of cols) columns.add(column);
  }
  const list = [...columns].map((column) => `d.${column}`).join(', ');
  if (key) {
    const byFields = made.get(columnsOf) ?? new WeakMap<object, string>();
    made.set(columnsOf, byFields.set(key, list));
  }
  return list;
}
