import type { ApolloServerPlugin } from '@apollo/server';
import {
  type DirectiveNode,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  getArgumentValues,
  getVariableValues,
  GraphQLError,
  type GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  TypeInfo,
  visit,
  visitWithTypeInfo,
} from 'graphql';
import type { Context } from '../context';
import { MSG } from '../domain/messages';
import { ValidationError } from '../errors';

/**
 * Arguments checked against their types with the request's variables, before anything runs.
 *
 * Validation allows a nullable variable where a non-null argument (or input field) has a default,
 * and graphql-js only finds that the variable is null while it executes the field: an error
 * without a code, which would be answered as an internal one with HTTP 200. Here every argument
 * of the operation (its fields and directives, through the fragments it uses) is coerced as
 * graphql-js will, and the first that fails answers 400 BAD_USER_INPUT in Spanish, as a variable
 * of the wrong type already does. Operations without variables skip it: validation has checked
 * their literal arguments.
 */
export function argumentValues(): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ schema, document, operation, request }) {
          if (!operation?.variableDefinitions?.length) return;
          const { coerced } = getVariableValues(
            schema,
            operation.variableDefinitions,
            request.variables ?? {},
            { maxErrors: 1 },
          );
          // Bad variables: graphql-js refuses them itself (Apollo: 400 BAD_USER_INPUT).
          if (!coerced) return;
          const error = firstArgumentError(schema, document, operation, coerced);
          if (error) throw error;
        },
      };
    },
  };
}

type Maybe<T> = T | null | undefined;

/** The fragments an operation uses, through nested fragments. */
function usedFragments(document: DocumentNode, operation: OperationDefinitionNode): FragmentDefinitionNode[] {
  const all = new Map(
    document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d]] : [])),
  );
  const used = new Map<string, FragmentDefinitionNode>();
  const walk = (set: SelectionSetNode) => {
    for (const sel of set.selections) {
      if (sel.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = all.get(sel.name.value);
        if (fragment && !used.has(sel.name.value)) {
          used.set(sel.name.value, fragment);
          walk(fragment.selectionSet);
        }
      } else if (sel.selectionSet) walk(sel.selectionSet);
    }
  };
  walk(operation.selectionSet);
  return [...used.values()];
}

function firstArgumentError(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): GraphQLError | undefined {
  let found: GraphQLError | undefined;
  const typeInfo = new TypeInfo(schema);
  const check = (def: Maybe<Parameters<typeof getArgumentValues>[0]>, node: FieldNode | DirectiveNode) => {
    if (found || !def || !node.arguments?.length) return;
    try {
      getArgumentValues(def, node, variables);
    } catch (error) {
      // graphql-js points at the value that fails: the argument is the one holding it.
      const at = error instanceof GraphQLError ? error.nodes?.[0] : undefined;
      const argument = node.arguments.find((a) => a.value === at)?.name.value ?? node.name.value;
      const refusal = ValidationError.single(argument, MSG.valorNoPermitido);
      found = new GraphQLError(refusal.message, {
        nodes: node,
        originalError: refusal,
        extensions: { code: refusal.code, http: { status: refusal.status } },
      });
    }
  };
  for (const definition of [operation, ...usedFragments(document, operation)]) {
    visit(
      definition,
      visitWithTypeInfo(typeInfo, {
        Field: (node) => check(typeInfo.getFieldDef(), node),
        Directive: (node) => check(typeInfo.getDirective(), node),
      }),
    );
    if (found) return found;
  }
  return undefined;
}
