import { Center, Spinner, VisuallyHidden } from '@chakra-ui/react';
import { Suspense, lazy, type ComponentType } from 'react';

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
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}
