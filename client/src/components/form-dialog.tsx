import { Button, Dialog, Portal, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { AppAlert } from './app-alert';
import { ServerErrors } from './server-errors';

/**
 * A centred modal open while there is something to act on; Escape or a click outside calls
 * onClose. Its content (a DialogForm) is mounted only while open, so each opening starts afresh.
 */
export function FormDialog({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => {
        if (!e.open) onClose();
      }}
      placement="center"
      size="md"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>{children}</Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

export type DialogFormProps = {
  /** The dialog's title, also the form's accessible name. */
  title: string;
  /** What the action applies to, under the title. */
  intro?: ReactNode;
  /** The server's refusal, shown above the fields until dismissed. */
  errors: string[] | null;
  onDismissErrors: () => void;
  onSubmit: () => void;
  onCancel: () => void;
  /** While the action runs: the submit button spins and 'Cancelar' is disabled. */
  busy: boolean;
  submitLabel: string;
  /** 'Descartando...' */
  busyLabel: string;
  /** 'red' for an action that cannot be undone. */
  colorPalette?: 'brand' | 'red';
  children: ReactNode;
};

/** The form inside a FormDialog: title, the server's errors, the fields, 'Cancelar' and the action. */
export function DialogForm({
  title,
  intro,
  errors,
  onDismissErrors,
  onSubmit,
  onCancel,
  busy,
  submitLabel,
  busyLabel,
  colorPalette = 'brand',
  children,
}: DialogFormProps) {
  return (
    <form
      aria-label={title}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <Dialog.Header>
        <Dialog.Title fontSize="md">{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          {intro}
          {errors && <AppAlert message={<ServerErrors errors={errors} />} onClose={onDismissErrors} />}
          {children}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancelar
        </Button>
        <Button type="submit" colorPalette={colorPalette} loading={busy} loadingText={busyLabel}>
          {submitLabel}
        </Button>
      </Dialog.Footer>
    </form>
  );
}
