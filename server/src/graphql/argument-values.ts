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
import { holdsVariable, normalizeTextArguments, textArgumentError } from './text-arguments';

/**
 * Arguments checked against their types with the request's variables, before anything runs.
 *
 * Validation allows a nullable variable where a non-null argument (or input field) has a default,
 * and graphql-js only finds that the variable is null while it executes the field: an error
 * without a code, which would be answered as an internal one with HTTP 200. Here every argument
 * of the operation (its fields and directives, through the fragments it uses) is coerced as
 * graphql-js will, and the first that fails answers 400 BAD_USER_INPUT in Spanish, as a variable
 * of the wrong type already does. Operations without variables skip it: validation has checked
 * their literal arguments; and of the others, only the arguments that hold a variable are
 * coerced (argumentChecks, found once per operation).
 *
 * Then every text argument, literal or variable, is checked for refused code points
 * (graphql/text-arguments.ts, domain/texto.ts), answered the same way; and at start the
 * schema's fields with text arguments get them with pasted whitespace normalised.
 */
export function argumentValues(): ApolloServerPlugin<Context> {
  return {
    async serverWillStart({ schema }) {
      normalizeTextArguments(schema);
    },
    async requestDidStart() {
      return {
        async didResolveOperation({ schema, document, operation, request }) {
          if (!operation) return;
          let variables: Record<string, unknown> = {};
          if (operation.variableDefinitions?.length) {
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
            variables = coerced;
          }
          const refusal = textArgumentError(schema, operation, usedFragments(document, operation), variables);
          if (refusal) throw requestError(refusal);
        },
      };
    },
  };
}

/** A refusal found before the operation runs, as Apollo answers a bad variable: HTTP 400. */
function requestError(refusal: ValidationError, node?: FieldNode | DirectiveNode): GraphQLError {
  return new GraphQLError(refusal.message, {
    nodes: node,
    originalError: refusal,
    extensions: { code: refusal.code, http: { status: refusal.status } },
  });
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

/** A field or directive of the operation whose arguments hold a variable, with its definition. */
type ArgumentCheck = {
  def: NonNullable<Parameters<typeof getArgumentValues>[0]>;
  node: FieldNode | DirectiveNode;
};

/** The checks of each operation of the documents Apollo keeps (one per distinct query text). */
const checksOf = new WeakMap<OperationDefinitionNode, ArgumentCheck[]>();

/**
 * The fields and directives of the operation (through the fragments it uses) whose arguments
 * hold a variable: the only ones a request's values can make fail (validation checked the
 * literal ones). Worked out once per operation, with graphql-js's TypeInfo.
 */
function argumentChecks(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
): ArgumentCheck[] {
  const known = checksOf.get(operation);
  if (known) return known;
  const checks: ArgumentCheck[] = [];
  const typeInfo = new TypeInfo(schema);
  const keep = (def: Maybe<ArgumentCheck['def']>, node: FieldNode | DirectiveNode) => {
    if (def && node.arguments?.some((a) => holdsVariable(a.value))) checks.push({ def, node });
  };
  for (const definition of [operation, ...usedFragments(document, operation)]) {
    visit(
      definition,
      visitWithTypeInfo(typeInfo, {
        Field: (node) => keep(typeInfo.getFieldDef(), node),
        Directive: (node) => keep(typeInfo.getDirective(), node),
      }),
    );
  }
  checksOf.set(operation, checks);
  return checks;
}

function firstArgumentError(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): GraphQLError | undefined {
  for (const { def, node } of argumentChecks(schema, document, operation)) {
    try {
      getArgumentValues(def, node, variables);
    } catch (error) {
      // graphql-js points at the value that fails: the argument is the one holding it.
      const at = error instanceof GraphQLError ? error.nodes?.[0] : undefined;
      const argument = node.arguments?.find((a) => a.value === at)?.name.value ?? node.name.value;
      return requestError(ValidationError.single(argument, MSG.valorNoPermitido), node);
    }
  }
  return undefined;
}
