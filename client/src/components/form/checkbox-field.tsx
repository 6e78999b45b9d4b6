import { Checkbox, Field as ChakraField } from '@chakra-ui/react';
import { Field } from 'react-final-form';
import { visibleError } from './field-error';

export type CheckboxFieldProps = {
  name: string;
  label: string;
  disabled?: boolean;
};

/** A boolean field for react-final-form: a checkbox whose <label> wraps its input. */
export function CheckboxField({ name, label, disabled }: CheckboxFieldProps) {
  return (
    <Field<boolean> name={name} type="checkbox">
      {({ input, meta }) => {
        const error = visibleError(meta);
        return (
          <ChakraField.Root invalid={!!error} disabled={disabled}>
            <Checkbox.Root
              name={input.name}
              checked={!!input.checked}
              onCheckedChange={(e) => input.onChange(e.checked === true)}
              disabled={disabled}
              invalid={!!error}
              colorPalette="brand"
            >
              <Checkbox.HiddenInput onBlur={input.onBlur} onFocus={input.onFocus} />
              <Checkbox.Control />
              <Checkbox.Label>{label}</Checkbox.Label>
            </Checkbox.Root>
            {error && <ChakraField.ErrorText>{error}</ChakraField.ErrorText>}
          </ChakraField.Root>
        );
      }}
    </Field>
  );
}
