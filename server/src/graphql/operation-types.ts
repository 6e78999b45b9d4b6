import { GraphQLError, type ValidationRule } from 'graphql';
import { MSG } from '../domain/messages';

/**
 * Refuses an operation whose type the schema does not have (`subscription`:
 * the server has no Subscription type). graphql-js 16 does not check it while
 * validating and fails at execution instead, which Apollo reports as an
 * internal error; refused here it is a 400 GRAPHQL_VALIDATION_FAILED.
 */
export const knownOperationTypes: ValidationRule = (context) => ({
  OperationDefinition(node) {
    if (!context.getSchema().getRootType(node.operation)) {
      context.reportError(new GraphQLError(MSG.operacionNoAdmitida(node.operation), { nodes: node }));
    }
  },
});
