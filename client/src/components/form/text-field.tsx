import { Input } from '@chakra-ui/react';
import type { InputProps } from '@chakra-ui/react';
import { Field } from 'react-final-form';
import type { FieldValidator } from 'final-form';
import { validateTexto } from '@domain/texto';
import { visibleError } from './field-error';
import { LabelledField } from './labelled-field';

export type TextFieldProps = {
  name: string;
  label: string;
  type?: 'text' | 'password' | 'email' | 'tel' | 'number' | 'search' | 'time';
  required?: boolean;
  disabled?: boolean;
  placeholder?: string;
  autoComplete?: string;
  helperText?: string;
  validate?: FieldValidator<string>;
  inputProps?: Omit<InputProps, 'name' | 'type' | 'value' | 'onChange' | 'onBlur' | 'onFocus'>;
};

/**
 * A labelled text input for react-final-form; its error shows once touched. Every one refuses
 * invisible and control characters as the server does (domain/texto.ts), before its own check.
 */
export function TextField({
  name,
  label,
  type = 'text',
  required,
  disabled,
  placeholder,
  autoComplete,
  helperText,
  validate,
  inputProps,
}: TextFieldProps) {
  const check: FieldValidator<string> = (value, values, meta) =>
    validateTexto(value, name) ?? validate?.(value, values, meta);
  return (
    <Field<string> name={name} validate={check}>
      {({ input, meta }) => {
        const error = visibleError(meta);
        return (
          <LabelledField
            label={label}
            required={required}
            disabled={disabled}
            error={error}
            helperText={helperText}
          >
            <Input
              {...inputProps}
              name={input.name}
              value={input.value ?? ''}
              onChange={input.onChange}
              onBlur={input.onBlur}
              onFocus={input.onFocus}
              type={type}
              placeholder={placeholder}
              autoComplete={autoComplete}
              bg="white"
            />
          </LabelledField>
        );
      }}
    </Field>
  );
}
