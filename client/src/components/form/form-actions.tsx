import { Button, HStack } from '@chakra-ui/react';

export type FormActionsProps = {
  submitLabel: string;
  submitting?: boolean;
  /** With it, a 'Cancelar' button beside the submit button calls it. */
  onCancel?: () => void;
};

/** A form's footer: its submit button ('Guardando...' while it runs) and, if any, 'Cancelar'. */
export function FormActions({ submitLabel, submitting, onCancel }: FormActionsProps) {
  return (
    <HStack gap="3">
      <Button type="submit" colorPalette="brand" loading={submitting} loadingText="Guardando...">
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
