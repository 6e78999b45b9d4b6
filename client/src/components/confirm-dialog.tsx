import { lazy, Suspense } from 'react';
import type { ConfirmDialogProps } from './confirm-dialog-modal';

export type { ConfirmDialogProps } from './confirm-dialog-modal';

const ConfirmDialogModal = lazy(() => import('./confirm-dialog-modal'));

/** A yes/no question. Only 'Si' confirms. Nothing is loaded nor drawn until it is first asked. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogModal {...props} />
    </Suspense>
  );
}
