import {
  ASTVisitor,
  FragmentDefinitionNode,
  GraphQLError,
  Kind,
  SelectionSetNode,
  ValidationContext,
} from 'graphql';
import { MSG } from '../domain/messages';

export const MAX_DEPTH = 8;
export const MAX_FIELDS = 400;

/**
 * Refuses operations nested deeper than MAX_DEPTH or selecting more than
 * MAX_FIELDS fields in all (fragments expanded), before they execute.
 */
export function queryLimits(maxDepth = MAX_DEPTH, maxFields = MAX_FIELDS) {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const def of context.getDocument().definitions) {
      if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    }
    let fields = 0;
    const measure = (set: SelectionSetNode, depth: number, seen: Set<string>): number => {
      let deepest = depth;
      for (const sel of set.selections) {
        if (fields > maxFields) return deepest;
        if (sel.kind === Kind.FIELD) {
          fields += 1;
          if (sel.selectionSet) deepest = Math.max(deepest, measure(sel.selectionSet, depth + 1, seen));
        } else if (sel.kind === Kind.INLINE_FRAGMENT) {
          deepest = Math.max(deepest, measure(sel.selectionSet, depth, seen));
        } else {
          const name = sel.name.value;
          const frag = fragments.get(name);
          if (frag && !seen.has(name)) {
            deepest = Math.max(deepest, measure(frag.selectionSet, depth, new Set(seen).add(name)));
          }
        }
      }
      return deepest;
    };
    return {
      OperationDefinition(node) {
        fields = 0;
        const depth = measure(node.selectionSet, 0, new Set());
        if (depth > maxDepth || fields > maxFields) {
          context.reportError(
            new GraphQLError(MSG.consultaDemasiadoProfunda, {
              nodes: [node],
              extensions: { code: 'QUERY_TOO_COMPLEX' },
            }),
          );
        }
      },
    };
  };
}
