import { Toaster as ChakraToaster, Portal, Stack, Toast, createToaster } from '@chakra-ui/react';
import { toChakraStatus } from './severity';
import type { Severity } from './severity';

export const TOAST_DURATION_MS = 5000;

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

/** Renders the toasts; mounted once by the app providers. */
export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid="toast" data-type={toast.type}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger aria-label="Cerrar" />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
