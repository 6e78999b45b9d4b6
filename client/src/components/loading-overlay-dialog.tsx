import { Dialog, Portal, Spinner, VisuallyHidden } from '@chakra-ui/react';

/**
 * The blocking modal of LoadingOverlay: a centred spinner and the hidden text 'Cargando...'.
 * Its own module, loaded the first time something loads: the dialog's machinery is not part of the
 * first screen's scripts.
 */
export default function LoadingOverlayDialog() {
  return (
    <Dialog.Root open placement="center" closeOnEscape={false} closeOnInteractOutside={false} trapFocus modal>
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
