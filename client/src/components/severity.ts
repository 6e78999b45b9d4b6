/** Severities of alerts and toasts, as the specification names them. */
export type Severity = 'danger' | 'success' | 'warning' | 'info';

/** Chakra's status names. */
export type ChakraStatus = 'error' | 'success' | 'warning' | 'info';

export function toChakraStatus(severity: Severity): ChakraStatus {
  return severity === 'danger' ? 'error' : severity;
}
