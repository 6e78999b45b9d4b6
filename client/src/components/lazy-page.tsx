import { Button, Center, Spinner, Stack, VisuallyHidden } from '@chakra-ui/react';
import { Component, Suspense, lazy, type ComponentType, type ReactNode } from 'react';
import { AppAlert } from '@/components/app-alert';

export const PAGE_ERROR_TITLE = 'No se pudo cargar esta pantalla.';
const PAGE_ERROR_TEXT =
  'Puede faltar la conexión o haber una versión nueva de la aplicación. Recargue la página para volver a intentarlo.';

/**
 * What shows while a page's code loads: a spinner in the page's place. Not the blocking
 * LoadingOverlay: a modal that unmounts as the page mounts would take the focus (and the keys
 * a barcode scanner types) away from the page's first field.
 */
function PageLoading() {
  return (
    <Center py="16" aria-busy="true" aria-live="polite">
      <Spinner size="lg" color="brand.600" />
      <VisuallyHidden>Cargando...</VisuallyHidden>
    </Center>
  );
}

/** The alert in place of a page that could not be loaded or shown, with a reload button. */
function PageError() {
  return (
    <Stack gap="3" align="flex-start" maxW="xl" py="8">
      <AppAlert title={PAGE_ERROR_TITLE} message={PAGE_ERROR_TEXT} />
      <Button colorPalette="brand" onClick={() => window.location.reload()}>
        Recargar
      </Button>
    </Stack>
  );
}

/**
 * Catches a page whose code failed to load (no connection, a deploy that removed the old chunks)
 * or that threw while rendering, so that only the page, not the whole app, gives way to a message.
 * React itself logs the error (console.error).
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <PageError /> : this.props.children;
  }
}

/** Gives each lazy page its own boundary: going to another page clears a failed one's message. */
let pageKey = 0;

/**
 * A route element whose code is loaded with import() the first time it is shown, so the first
 * page's bundle carries only the screens it needs.
 *
 *   { path: '/cph', element: lazyPage(() => import('./cph-page'), 'CphPage') }
 */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) {
  const Page = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  return (
    <PageErrorBoundary key={`${name}-${++pageKey}`}>
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    </PageErrorBoundary>
  );
}
