import { Button, HStack } from '@chakra-ui/react';

export type FormActionsProps = {
  submitLabel: string;
  submitting?: boolean;
  /** Disables the submit button (a settings form with nothing changed yet). */
  disabled?: boolean;
  /** With it, a 'Cancelar' button beside the submit button calls it. */
  onCancel?: () => void;
};

/** A form's footer: its submit button ('Guardando...' while it runs) and, if any, 'Cancelar'. */
export function FormActions({ submitLabel, submitting, disabled, onCancel }: FormActionsProps) {
  return (
    <HStack gap="3">
      <Button
        type="submit"
        colorPalette="brand"
        loading={submitting}
        loadingText="Guardando..."
        disabled={disabled}
      >
        {submitLabel}
      </Button>
      {onCancel && (
        <Button variant="outline" onClick={onCancel} disabled={submitting}>
          Cancelar
        </Button>
      )}
    </HStack>
  );
}
