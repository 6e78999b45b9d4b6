import { Field as ChakraField, HStack, RadioGroup } from '@chakra-ui/react';
import { Field } from 'react-final-form';
import type { FieldValidator } from 'final-form';
import { visibleError } from './field-error';
import { toOptions } from './select-field';
import type { SelectOption } from './select-field';

export type RadioFieldProps = {
  name: string;
  label: string;
  options: readonly (SelectOption | string)[];
  disabled?: boolean;
  validate?: FieldValidator<string>;
};

/** A radio group for react-final-form; every option is a <label> around its input. */
export function RadioField({ name, label, options, disabled, validate }: RadioFieldProps) {
  return (
    <Field<string> name={name} validate={validate}>
      {({ input, meta }) => {
        const error = visibleError(meta);
        return (
          <ChakraField.Root invalid={!!error} disabled={disabled}>
            <RadioGroup.Root
              name={input.name}
              value={input.value ?? ''}
              onValueChange={(e) => input.onChange(e.value ?? '')}
              disabled={disabled}
              colorPalette="brand"
              size="sm"
            >
              <RadioGroup.Label fontWeight="medium" fontSize="sm" mb="1.5" display="block">
                {label}
              </RadioGroup.Label>
              <HStack gap="5" wrap="wrap">
                {toOptions(options).map((o) => (
                  <RadioGroup.Item key={o.value} value={o.value}>
                    <RadioGroup.ItemHiddenInput onBlur={input.onBlur} onFocus={input.onFocus} />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>{o.label}</RadioGroup.ItemText>
                  </RadioGroup.Item>
                ))}
              </HStack>
            </RadioGroup.Root>
            {error && <ChakraField.ErrorText>{error}</ChakraField.ErrorText>}
          </ChakraField.Root>
        );
      }}
    </Field>
  );
}
