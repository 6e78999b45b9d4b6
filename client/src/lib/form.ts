import type { FieldError } from '@domain/messages';

/** A domain validator's list -> the errors object react-final-form expects (first error per field). */
export function toFormErrors(list: readonly FieldError[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const { field, msg } of list) {
    if (field && !(field in errors)) errors[field] = msg;
  }
  return errors;
}
