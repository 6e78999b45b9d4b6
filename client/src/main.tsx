// First: it starts loading a signed-in user's first screen before the other modules run.
import './app/preload';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { PageErrorBoundary } from './components/lazy-page';
import { appRoutes } from './app/router';
import { createApolloClient } from './lib/apollo';

const client = createApolloClient();

/** The app's routes. A BrowserRouter rather than a data router: no loaders, and much less code. */
function AppRoutes() {
  return useRoutes(appRoutes);
}

// A transition: React renders the first screen in slices of a few milliseconds, so a slow phone
// stays responsive while it does (no single long task).
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <AppProviders client={client}>
        <BrowserRouter>
          {/* The lazy pages have their own; this one catches the rest (sign-in, layouts). */}
          <PageErrorBoundary>
            <AppRoutes />
          </PageErrorBoundary>
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  ),
);
