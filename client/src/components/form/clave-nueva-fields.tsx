import { CLAVE_MIN } from '@domain/validation';
import { TextField } from './text-field';

export type ClaveNuevaFieldsProps = {
  /** The new password's field; its repetition is `<name>2`. */
  name: string;
  label: string;
  labelRepetir: string;
};

/** A new password and its repetition, for react-final-form (browsers offer to generate one). */
export function ClaveNuevaFields({ name, label, labelRepetir }: ClaveNuevaFieldsProps) {
  return (
    <>
      <TextField
        name={name}
        label={label}
        type="password"
        autoComplete="new-password"
        helperText={`Al menos ${CLAVE_MIN} caracteres`}
        required
      />
      <TextField
        name={`${name}2`}
        label={labelRepetir}
        type="password"
        autoComplete="new-password"
        required
      />
    </>
  );
}
