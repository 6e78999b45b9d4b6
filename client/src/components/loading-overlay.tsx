import { lazy, Suspense } from 'react';
import { useUi } from '@/lib/ui-context';

const LoadingOverlayDialog = lazy(() => import('./loading-overlay-dialog'));

export type LoadingOverlayProps = {
  /** Shows the overlay regardless of the global flag. */
  open?: boolean;
};

/**
 * A centred blocking modal with a spinner and the hidden text 'Cargando...'.
 * Shown while `open` is true or the global overlay flag (useUi().loading) is set.
 */
export function LoadingOverlay({ open }: LoadingOverlayProps) {
  const { loading } = useUi();
  const visible = open ?? loading;
  if (!visible) return null;
  return (
    <Suspense fallback={null}>
      <LoadingOverlayDialog />
    </Suspense>
  );
}
