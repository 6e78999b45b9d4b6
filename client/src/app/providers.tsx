import { ChakraProvider } from '@chakra-ui/react';
import { ApolloProvider } from '@apollo/client/react';
import type { ApolloClient } from '@apollo/client';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { toaster } from '@/components/toast';
import { AuthProvider } from '@/lib/auth-context';
import { InicioCookie } from './inicio-cookie';
import { system } from './theme';
import { UiProvider, useUi } from '@/lib/ui-context';

// The blocking overlay (a modal dialog: focus trap, scroll lock) is code the first screen does not
// need: loaded the first time the global flag is set.
const LoadingOverlay = lazy(async () => ({
  default: (await import('@/components/loading-overlay')).LoadingOverlay,
}));

// What draws the toasts (a state machine per toast, focus and hover tracking): loaded with the
// first toast. Toasts created before it mounts are shown when it does.
const Toaster = lazy(async () => ({ default: (await import('@/components/toaster')).Toaster }));

/** The toasts' region, from the first toast on. */
function ToasterOnDemand() {
  const [needed, setNeeded] = useState(() => toaster.getCount() > 0);
  useEffect(() => {
    if (needed) return undefined;
    const unsubscribe = toaster.subscribe(() => setNeeded(true));
    // A toast created between the render and this subscription.
    if (toaster.getCount() > 0) setNeeded(true);
    return unsubscribe;
  }, [needed]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

/** The global loading overlay (useUi().loading), once it is asked for. */
function GlobalLoadingOverlay() {
  const { loading } = useUi();
  if (!loading) return null;
  return (
    <Suspense fallback={null}>
      <LoadingOverlay />
    </Suspense>
  );
}

/** Chakra (theme), interface state, toasts and the global loading overlay. No Apollo, no auth. */
export function UiProviders({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <UiProvider>
        {children}
        <GlobalLoadingOverlay />
        <ToasterOnDemand />
      </UiProvider>
    </ChakraProvider>
  );
}

/** Everything the app needs around the router: Apollo (with the auth link), Chakra, auth state. */
export function AppProviders({ children, client }: { children: ReactNode; client: ApolloClient }) {
  return (
    <ApolloProvider client={client}>
      <UiProviders>
        <AuthProvider>
          <InicioCookie />
          {children}
        </AuthProvider>
      </UiProviders>
    </ApolloProvider>
  );
}
