import { ChakraProvider } from '@chakra-ui/react';
import { ApolloProvider } from '@apollo/client/react';
import type { ApolloClient } from '@apollo/client';
import type { ReactNode } from 'react';
import { LoadingOverlay } from '@/components/loading-overlay';
import { Toaster } from '@/components/toast';
import { AuthProvider } from '@/lib/auth-context';
import { system } from './theme';
import { UiProvider } from '@/lib/ui-context';

/** Chakra (theme), interface state, toasts and the global loading overlay. No Apollo, no auth. */
export function UiProviders({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <UiProvider>
        {children}
        <LoadingOverlay />
        <Toaster />
      </UiProvider>
    </ChakraProvider>
  );
}

/** Everything the app needs around the router: Apollo (with the auth link), Chakra, auth state. */
export function AppProviders({ children, client }: { children: ReactNode; client: ApolloClient }) {
  return (
    <ApolloProvider client={client}>
      <UiProviders>
        <AuthProvider>{children}</AuthProvider>
      </UiProviders>
    </ApolloProvider>
  );
}
