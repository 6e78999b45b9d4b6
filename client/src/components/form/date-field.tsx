import { Input } from '@chakra-ui/react';
import type { FieldRootProps, InputProps } from '@chakra-ui/react';
import { useState } from 'react';
import type { ChangeEvent, FocusEvent } from 'react';
import { Field } from 'react-final-form';
import type { FieldValidator } from 'final-form';
import { formatDate, isValidIsoDate } from '@domain/dates';
import { parseFecha } from '@domain/donante';
import { MSG } from '@domain/messages';
import { visibleError } from './field-error';
import { LabelledField } from './labelled-field';

/** What the user sees and types. */
const DATE_PLACEHOLDER = 'DD/MM/AAAA';

/**
 * The text a date field shows for a value: an ISO day as DD/MM/YYYY; anything
 * else (an unfinished or impossible typed date) as it is.
 */
export function fechaATexto(value: string | null | undefined): string {
  if (!value) return '';
  return isValidIsoDate(value) ? formatDate(value) : value;
}

/**
 * The value of a typed date: '' when empty, the ISO day 'YYYY-MM-DD' when it is
 * a real day (DD/MM/YYYY, D/M/YYYY or an ISO day), otherwise the text as typed,
 * which no validator accepts as a date.
 */
export function textoAFecha(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  return parseFecha(trimmed) ?? trimmed;
}

/** The error of a date value: none when empty or a real ISO day, else 'Debe proporcionar una fecha válida'. */
export function fechaError(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  return isValidIsoDate(value) ? undefined : MSG.fechaInvalida;
}

/**
 * Keeps typed text to digits and slashes and adds the slashes as one types:
 * '15' -> '15/', '15/06' -> '15/06/', '15062025' -> '15/06/2025'. Deleting
 * never adds a slash back, and a slash typed right after an added one is
 * dropped. A pasted ISO day becomes DD/MM/YYYY.
 */
export function enmascararFecha(previous: string, next: string): string {
  const typing = next.length > previous.length;
  const iso = next.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso) && isValidIsoDate(iso)) return formatDate(iso);
  const text = next.replace(/[^\d/]/g, '').replace(/\/{2,}/g, '/');
  if (!text.includes('/')) {
    const digits = text.slice(0, 8);
    if (digits.length < 2) return digits;
    if (digits.length === 2) return typing ? `${digits}/` : digits;
    const dia = digits.slice(0, 2);
    const mes = digits.slice(2, 4);
    if (digits.length < 4) return `${dia}/${mes}`;
    if (digits.length === 4) return typing ? `${dia}/${mes}/` : `${dia}/${mes}`;
    return `${dia}/${mes}/${digits.slice(4)}`;
  }
  if (typing && /^\d{1,2}\/\d{2}$/.test(text)) return `${text}/`;
  return text.slice(0, 10);
}

export type DateInputProps = {
  name: string;
  label: string;
  /** '' (empty), an ISO day 'YYYY-MM-DD', or the unfinished/impossible text as typed. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  onFocus?: () => void;
  /** The error to show (the caller decides when: usually once touched). */
  error?: string;
  required?: boolean;
  disabled?: boolean;
  helperText?: string;
  size?: InputProps['size'];
  rootProps?: Omit<FieldRootProps, 'invalid' | 'required' | 'disabled'>;
  inputProps?: Omit<
    InputProps,
    'name' | 'type' | 'value' | 'onChange' | 'onBlur' | 'onFocus' | 'size' | 'placeholder'
  >;
};

/**
 * A date typed as DD/MM/AAAA (the format of the whole interface, whatever the
 * browser's locale) in a labelled text input. Its value is the ISO day the API
 * speaks; text that is not a real day (31/02/2026) stays as typed so that the
 * form's validation rejects it with 'Debe proporcionar una fecha válida'.
 */
export function DateInput({
  name,
  label,
  value,
  onChange,
  onBlur,
  onFocus,
  error,
  required,
  disabled,
  helperText,
  size,
  rootProps,
  inputProps,
}: DateInputProps) {
  const [text, setText] = useState(() => fechaATexto(value));
  const [seen, setSeen] = useState(value);
  // A value set from outside (a reset, "today", a URL) replaces the typed text.
  if (value !== seen) {
    setSeen(value);
    if (textoAFecha(text) !== value) setText(fechaATexto(value));
  }

  const change = (e: ChangeEvent<HTMLInputElement>) => {
    const next = enmascararFecha(text, e.target.value);
    const fecha = textoAFecha(next);
    setText(next);
    setSeen(fecha);
    onChange(fecha);
  };

  const blur = (e: FocusEvent<HTMLInputElement>) => {
    // '1/2/2026' reads back as '01/02/2026' once left.
    const fecha = textoAFecha(e.target.value);
    if (isValidIsoDate(fecha)) setText(formatDate(fecha));
    onBlur?.();
  };

  return (
    <LabelledField
      label={label}
      required={required}
      disabled={disabled}
      error={error}
      helperText={helperText}
      rootProps={rootProps}
    >
      <Input
        bg="white"
        {...inputProps}
        name={name}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        maxLength={10}
        placeholder={DATE_PLACEHOLDER}
        size={size}
        value={text}
        onChange={change}
        onBlur={blur}
        onFocus={onFocus}
      />
    </LabelledField>
  );
}

export type DateFieldProps = {
  name: string;
  label: string;
  required?: boolean;
  disabled?: boolean;
  helperText?: string;
  /** Runs on a value that is empty or a real ISO day; any other text is 'Debe proporcionar una fecha válida'. */
  validate?: FieldValidator<string>;
};

/** A react-final-form date field typed as DD/MM/AAAA; the value is an ISO day 'YYYY-MM-DD'. */
export function DateField({ name, label, required, disabled, helperText, validate }: DateFieldProps) {
  const check: FieldValidator<string> = (value, all, meta) =>
    fechaError(value) ?? validate?.(value, all, meta);
  return (
    <Field<string> name={name} validate={check}>
      {({ input, meta }) => (
        <DateInput
          name={input.name}
          label={label}
          value={input.value ?? ''}
          onChange={input.onChange}
          onBlur={input.onBlur}
          onFocus={input.onFocus}
          error={visibleError(meta)}
          required={required}
          disabled={disabled}
          helperText={helperText}
        />
      )}
    </Field>
  );
}
