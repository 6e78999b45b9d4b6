import { Field as ChakraField } from '@chakra-ui/react';
import type { FieldRootProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export type LabelledFieldProps = {
  label: string;
  required?: boolean;
  disabled?: boolean;
  /** The error to show (it replaces the helper text); none, the field is valid. */
  error?: string;
  helperText?: string;
  rootProps?: Omit<FieldRootProps, 'invalid' | 'required' | 'disabled'>;
  /** The control: an input, a select. */
  children: ReactNode;
};

/** A form control under its label (marked when required), with its helper text or its error. */
export function LabelledField({
  label,
  required,
  disabled,
  error,
  helperText,
  rootProps,
  children,
}: LabelledFieldProps) {
  return (
    <ChakraField.Root {...rootProps} invalid={!!error} required={required} disabled={disabled}>
      <ChakraField.Label>
        {label}
        {required && <ChakraField.RequiredIndicator />}
      </ChakraField.Label>
      {children}
      {helperText && !error && <ChakraField.HelperText>{helperText}</ChakraField.HelperText>}
      {error && <ChakraField.ErrorText>{error}</ChakraField.ErrorText>}
    </ChakraField.Root>
  );
}
