import { FieldNode, GraphQLResolveInfo, Kind, SelectionSetNode } from 'graphql';

/**
 * The names of the fields the query selects under `path` from the field being
 * resolved (['items'] for a page's rows), fragments included; null when a
 * directive (@include / @skip) makes the answer depend on variables, so that
 * the caller reads everything.
 */
export function selectedFields(
  info: GraphQLResolveInfo,
  path: readonly string[],
): ReadonlySet<string> | null {
  // Worked out once per place in a document: the nodes come from the document Apollo keeps for
  // each distinct query text, so the same query asks the same question with the same nodes.
  const key = path.join('.');
  const byPath = cache.get(info.fieldNodes[0]) ?? new Map<string, ReadonlySet<string> | null>();
  if (byPath.has(key)) return byPath.get(key)!;
  const fields = walk(info, path);
  cache.set(info.fieldNodes[0], byPath.set(key, fields));
  return fields;
}

const cache = new WeakMap<FieldNode, Map<string, ReadonlySet<string> | null>>();

function walk(info: GraphQLResolveInfo, path: readonly string[]): ReadonlySet<string> | null {
  let sets: SelectionSetNode[] = info.fieldNodes.flatMap((node) =>
    node.selectionSet ? [node.selectionSet] : [],
  );
  for (const name of path) {
    const next = fieldsOf(info, sets);
    if (!next) return null;
    sets = next.filter((f) => f.name.value === name).flatMap((f) => (f.selectionSet ? [f.selectionSet] : []));
  }
  const fields = fieldsOf(info, sets);
  return fields ? new Set(fields.map((f) => f.name.value)) : null;
}

/** The field nodes of these selection sets, through fragments; null on a directive. */
function fieldsOf(info: GraphQLResolveInfo, sets: SelectionSetNode[]): FieldNode[] | null {
  const fields: FieldNode[] = [];
  const visit = (set: SelectionSetNode, seen: Set<string>): boolean => {
    for (const selection of set.selections) {
      if (selection.directives?.length) return false;
      if (selection.kind === Kind.FIELD) fields.push(selection);
      else if (selection.kind === Kind.INLINE_FRAGMENT) {
        if (!visit(selection.selectionSet, seen)) return false;
      } else {
        const name = selection.name.value;
        const fragment = info.fragments[name];
        if (fragment && !seen.has(name) && !visit(fragment.selectionSet, new Set(seen).add(name)))
          return false;
      }
    }
    return true;
  };
  for (const set of sets) if (!visit(set, new Set())) return null;
  return fields;
}
