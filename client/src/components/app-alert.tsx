import { Alert, CloseButton } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { toChakraStatus } from './severity';
import type { Severity } from './severity';

export type AppAlertProps = {
  message: ReactNode;
  /** Defaults to 'danger' (shown red). */
  severity?: Severity;
  title?: ReactNode;
  /** When given, the alert shows a close button that calls it. */
  onClose?: () => void;
};

/** A dismissible message with a severity (default danger). */
export function AppAlert({ message, severity = 'danger', title, onClose }: AppAlertProps) {
  return (
    <Alert.Root
      status={toChakraStatus(severity)}
      role={severity === 'danger' ? 'alert' : 'status'}
      data-severity={severity}
      borderRadius="md"
      alignItems="flex-start"
    >
      <Alert.Indicator />
      <Alert.Content>
        {title && <Alert.Title>{title}</Alert.Title>}
        <Alert.Description whiteSpace="pre-line">{message}</Alert.Description>
      </Alert.Content>
      {onClose && <CloseButton size="xs" aria-label="Cerrar" onClick={onClose} mt="-0.5" me="-1" />}
    </Alert.Root>
  );
}
