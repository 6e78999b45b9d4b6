import type { ApolloServerPlugin } from '@apollo/server';
import { BREAK, DocumentNode, GraphQLError, visit } from 'graphql';
import type { Context } from '../context';
import { MSG } from '../domain/messages';
import { ForbiddenError } from '../errors';

/** Whether the document asks for the schema (`__schema` or `__type`; `__typename` is data). */
function asksForSchema(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    Field(node) {
      if (node.name.value === '__schema' || node.name.value === '__type') {
        found = true;
        return BREAK;
      }
      return undefined;
    },
  });
  return found;
}

/**
 * In production only signed-in callers may read the schema: an anonymous
 * introspection is refused (403, FORBIDDEN) once the operation is known and
 * before it runs. Development and tests keep it open for tools.
 */
export function introspectionOnlySignedIn(production: boolean): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      if (!production) return undefined;
      return {
        async didResolveOperation({ document, contextValue }) {
          if (contextValue.auth || !asksForSchema(document)) return;
          throw new GraphQLError(MSG.introspeccionNoPermitida, {
            originalError: new ForbiddenError(MSG.introspeccionNoPermitida),
            extensions: { code: 'FORBIDDEN', http: { status: 403 } },
          });
        },
      };
    },
  };
}
