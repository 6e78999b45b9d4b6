import { Dialog, Portal, Spinner, VisuallyHidden } from '@chakra-ui/react';
import { useUi } from '@/lib/ui-context';

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
  return (
    <Dialog.Root
      open={visible}
      placement="center"
      closeOnEscape={false}
      closeOnInteractOutside={false}
      trapFocus
      modal
    >
      <Portal>
        <Dialog.Backdrop bg="blackAlpha.400" />
        <Dialog.Positioner>
          <Dialog.Content
            bg="transparent"
            shadow="none"
            alignItems="center"
            justifyContent="center"
            width="auto"
            aria-busy="true"
            aria-label="Cargando"
            aria-live="polite"
          >
            <Spinner size="xl" color="white" borderWidth="4px" />
            <VisuallyHidden>Cargando...</VisuallyHidden>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
