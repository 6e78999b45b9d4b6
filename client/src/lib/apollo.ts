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

export function createApolloClient(uri = '/graphql'): ApolloClient {
  return new ApolloClient({
    link: ApolloLink.from([sessionErrorLink, authLink, new HttpLink({ uri })]),
    cache: new InMemoryCache(),
  });
}
