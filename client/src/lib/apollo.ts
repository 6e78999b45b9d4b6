import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import { clearSession, getToken } from './session';

/** Sends `Authorization: Bearer <token>` whenever a token is stored. */
const authLink = new SetContextLink((prev) => {
  const token = getToken();
  if (!token) return {};
  return { headers: { ...prev.headers, Authorization: `Bearer ${token}` } };
});

/** An UNAUTHENTICATED answer ends the session (expired, revoked or tampered token). */
const sessionErrorLink = new ErrorLink(({ error }) => {
  const unauthenticated =
    (CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.code === 'UNAUTHENTICATED')) ||
    (ServerError.is(error) && error.statusCode === 401);
  if (unauthenticated && getToken()) clearSession();
});

/**
 * The cache. A donor's eligibility has no id of its own: it is part of its donor, and two
 * queries of one donor read it with different fields (the donor's summary without the
 * deferrals, the eligibility panel with them). Their answers are merged into the one object
 * rather than the later replacing the earlier, which would drop the other query's fields and
 * make it ask the server again.
 */
export function createCache(): InMemoryCache {
  return new InMemoryCache({
    typePolicies: {
      Elegibilidad: { merge: true },
    },
  });
}

export function createApolloClient(uri = '/graphql'): ApolloClient {
  return new ApolloClient({
    link: ApolloLink.from([sessionErrorLink, authLink, new HttpLink({ uri })]),
    cache: createCache(),
  });
}
