import { NativeSelect } from '@chakra-ui/react';
import { Field } from 'react-final-form';
import type { FieldValidator } from 'final-form';
import { visibleError } from './field-error';
import { LabelledField } from './labelled-field';

export type SelectOption = { value: string; label: string };

export type SelectFieldProps = {
  name: string;
  label: string;
  /** Options as {value,label} or plain strings (value = label). */
  options: readonly (SelectOption | string)[];
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  validate?: FieldValidator<string>;
};

export function toOptions(options: readonly (SelectOption | string)[]): SelectOption[] {
  return options.map((o) => (typeof o === 'string' ? { value: o, label: o } : o));
}

/** A labelled native select for react-final-form; its error shows once touched. */
export function SelectField({
  name,
  label,
  options,
  placeholder,
  required,
  disabled,
  validate,
}: SelectFieldProps) {
  return (
    <Field<string> name={name} validate={validate}>
      {({ input, meta }) => {
        const error = visibleError(meta);
        return (
          <LabelledField label={label} required={required} disabled={disabled} error={error}>
            <NativeSelect.Root disabled={disabled}>
              <NativeSelect.Field
                name={input.name}
                value={input.value ?? ''}
                onChange={input.onChange}
                onBlur={input.onBlur}
                onFocus={input.onFocus}
                bg="white"
              >
                {placeholder !== undefined && <option value="">{placeholder}</option>}
                {toOptions(options).map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </LabelledField>
        );
      }}
    </Field>
  );
}
