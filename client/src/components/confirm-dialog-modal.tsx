import { Button, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export type ConfirmDialogProps = {
  open: boolean;
  title: ReactNode;
  /** Optional text under the title. */
  description?: ReactNode;
  /** Called only when the user presses 'Si'. */
  onConfirm: () => void;
  /** Called on 'No', Escape or a click outside. */
  onCancel: () => void;
  /** Disables the buttons while the action runs. */
  busy?: boolean;
};

/**
 * The modal of ConfirmDialog (confirm-dialog.tsx), its own module: loaded the first time a question
 * is asked, so the dialog's machinery is not part of a list's first scripts.
 */
export default function ConfirmDialogModal({
  open,
  title,
  description,
  onConfirm,
  onCancel,
  busy,
}: ConfirmDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => {
        if (!e.open) onCancel();
      }}
      role="alertdialog"
      placement="center"
      size="sm"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title fontSize="md">{title}</Dialog.Title>
            </Dialog.Header>
            {description && <Dialog.Body>{description}</Dialog.Body>}
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel} disabled={busy}>
                No
              </Button>
              <Button colorPalette="red" onClick={onConfirm} loading={busy}>
                Si
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
