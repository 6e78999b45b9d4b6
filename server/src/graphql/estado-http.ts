import type { ApolloServerPlugin } from '@apollo/server';
import type { Context } from '../context';
import { TooManyRequestsError } from '../errors';

/**
 * A field refused for a budget (TooManyRequestsError: a member's network lookups) answers 429
 * with Retry-After, as the request-level limits do: Apollo keeps 200 for errors raised while a
 * field resolves, which would let a client that reads only the status keep probing.
 */
export function estadoHttpDeErrores(): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response, errors }) {
          const limite = errors
            ?.map((e) => e.originalError)
            .find((o): o is TooManyRequestsError => o instanceof TooManyRequestsError);
          if (!limite) return;
          response.http.status = 429;
          response.http.headers.set('retry-after', String(limite.retryAfterSeconds));
        },
      };
    },
  };
}
