import {
  GraphQLError,
  Kind,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationRule,
} from 'graphql';
import { ETIQUETAS_POR_SOLICITUD_MAX } from '../domain/etiquetas';
import { MSG } from '../domain/messages';
import { OWN_MESSAGE } from './format-error';

/** The mutation that issues label numbers: each selection of it issues one. */
const FIELD = 'nextEtiquetaNumero';

/**
 * Refuses, before anything runs, an operation that selects nextEtiquetaNumero more than
 * ETIQUETAS_POR_SOLICITUD_MAX times under distinct response keys (aliases, fragments included): checked while validating,
 * the whole request is refused and no number is issued. Counted per operation: a request
 * runs one operation.
 */
export const etiquetasPorSolicitud: ValidationRule = (context) => {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of context.getDocument().definitions) {
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  }
  // Root fields with one response key (alias or name) merge and run once: the keys are counted.
  const keys = (set: SelectionSetNode, seen: Set<string>, out: Set<string>): Set<string> => {
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        if (sel.name.value === FIELD) out.add(sel.alias?.value ?? FIELD);
      } else if (sel.kind === Kind.INLINE_FRAGMENT) keys(sel.selectionSet, seen, out);
      else {
        const frag = fragments.get(sel.name.value);
        // A cycle is refused by graphql-js's own rules; here it only must not loop.
        if (frag && !seen.has(frag.name.value))
          keys(frag.selectionSet, new Set(seen).add(frag.name.value), out);
      }
    }
    return out;
  };
  return {
    OperationDefinition(node) {
      if (node.operation !== 'mutation') return;
      if (keys(node.selectionSet, new Set(), new Set()).size > ETIQUETAS_POR_SOLICITUD_MAX) {
        context.reportError(
          new GraphQLError(MSG.demasiadasEtiquetasPorSolicitud, {
            nodes: node,
            extensions: { [OWN_MESSAGE]: true },
          }),
        );
      }
    },
  };
};
