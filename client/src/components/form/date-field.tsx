import { Field as ChakraField, Input } from '@chakra-ui/react';
import { Field } from 'react-final-form';
import { visibleError } from './field-error';
import type { TextFieldProps } from './text-field';

export type DateFieldProps = Omit<TextFieldProps, 'type' | 'placeholder' | 'autoComplete'> & {
  /** Earliest and latest selectable days, 'YYYY-MM-DD'. */
  min?: string;
  max?: string;
};

/** A date input; the value is an ISO day 'YYYY-MM-DD' (the format the API speaks). */
export function DateField({
  name,
  label,
  required,
  disabled,
  helperText,
  validate,
  min,
  max,
}: DateFieldProps) {
  return (
    <Field<string> name={name} validate={validate}>
      {({ input, meta }) => {
        const error = visibleError(meta);
        return (
          <ChakraField.Root invalid={!!error} required={required} disabled={disabled}>
            <ChakraField.Label>
              {label}
              {required && <ChakraField.RequiredIndicator />}
            </ChakraField.Label>
            <Input
              name={input.name}
              value={input.value ?? ''}
              onChange={input.onChange}
              onBlur={input.onBlur}
              onFocus={input.onFocus}
              type="date"
              min={min}
              max={max}
              bg="white"
            />
            {helperText && !error && <ChakraField.HelperText>{helperText}</ChakraField.HelperText>}
            {error && <ChakraField.ErrorText>{error}</ChakraField.ErrorText>}
          </ChakraField.Root>
        );
      }}
    </Field>
  );
}
