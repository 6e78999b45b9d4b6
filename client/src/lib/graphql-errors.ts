import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { MSG } from '@domain/messages';
import type { FieldError } from '@domain/messages';

type ErrorItem = { msg?: unknown };

function fromGraphQLError(e: { message: string; extensions?: Record<string, unknown> }): string[] {
  const list = e.extensions?.errors;
  if (Array.isArray(list)) {
    const msgs = (list as ErrorItem[])
      .map((item) => (typeof item?.msg === 'string' ? item.msg : ''))
      .filter(Boolean);
    if (msgs.length > 0) return msgs;
  }
  return e.message ? [e.message] : [];
}

/**
 * The Spanish messages of an Apollo/GraphQL error: each error's
 * extensions.errors[].msg, or its message. Network failures give a generic text.
 */
export function errorMessages(error: unknown): string[] {
  if (!error) return [];
  if (CombinedGraphQLErrors.is(error)) {
    const msgs = error.errors.flatMap((e) => fromGraphQLError(e));
    return [...new Set(msgs)];
  }
  if (ServerError.is(error)) {
    // The body may still be a GraphQL answer (for example a 429 or 400).
    try {
      const body = JSON.parse(error.bodyText) as {
        errors?: { message: string; extensions?: Record<string, unknown> }[];
      };
      if (Array.isArray(body.errors)) return [...new Set(body.errors.flatMap(fromGraphQLError))];
    } catch {
      // not JSON
    }
    return [MSG.errorInesperado];
  }
  if (error instanceof TypeError) return [MSG.sinConexion];
  if (error instanceof Error && error.message) return [error.message];
  return [MSG.errorInesperado];
}

/** The field errors (extensions.errors[].field) of a GraphQL error, for a form's fields. */
export function serverFieldErrors(error: unknown): FieldError[] {
  if (!CombinedGraphQLErrors.is(error)) return [];
  return error.errors.flatMap((e) => {
    const list = e.extensions?.errors;
    if (!Array.isArray(list)) return [];
    return (list as Partial<FieldError>[])
      .filter((i) => typeof i?.field === 'string' && typeof i?.msg === 'string' && i.field !== '')
      .map((i) => ({ field: i.field!, msg: i.msg! }));
  });
}
