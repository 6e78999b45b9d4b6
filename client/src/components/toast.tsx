import { createToaster } from '@chakra-ui/react';
import { toChakraStatus } from './severity';
import type { Severity } from './severity';

export const TOAST_DURATION_MS = 5000;

/**
 * The app's toasts. Only the store: the component that draws them (toaster.tsx) is loaded by the
 * app the first time a toast is created, so screens that never toast (sign-in) do not carry it.
 */
export const toaster = createToaster({
  placement: 'bottom-end',
  // Bottom corner: never over the top bar ('Salir') or the page's heading actions.
  offsets: { top: '4.5rem', right: '1rem', bottom: '1rem', left: '1rem' },
  duration: TOAST_DURATION_MS,
  pauseOnPageIdle: true,
});

/** Shows a toast that hides itself after 5000 ms. Severity defaults to success. */
export function showToast(message: string, severity: Severity = 'success'): string {
  return toaster.create({
    description: message,
    type: toChakraStatus(severity),
    duration: TOAST_DURATION_MS,
    closable: true,
  });
}
