import { randomUUID } from 'node:crypto';
import { unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError, GraphQLFormattedError } from 'graphql';
import { ArgumentValidationError } from 'type-graphql';
import { FieldError, MSG } from '../domain/messages';
import { isDatabaseUnavailable } from '../database/unavailable';
import { AppError, DatabaseUnavailableError, fieldErrors } from '../errors';
import { logger } from '../logger';
import { INTROSPECTION_TOO_DEEP, QUERY_TOO_COMPLEX, TOO_MANY_TOKENS } from './limits';

/** class-validator failures as the spec's { field, msg } list. */
function argumentErrors(error: ArgumentValidationError): FieldError[] {
  // The top level is the argument (`input`); fields are named as the form names them.
  return error.extensions.validationErrors.flatMap((arg) =>
    fieldErrors(arg.children?.length ? arg.children : [arg]),
  );
}

/** Set by this server's validation rules whose message is meant for the caller as it is. */
export const OWN_MESSAGE = 'mensajePropio';

/** Known codes of Apollo's own request errors: shown in Spanish, never with internals. */
const REQUEST_ERROR_CODES = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'OPERATION_RESOLUTION_FAILURE',
  'BAD_REQUEST',
  'QUERY_TOO_COMPLEX',
]);

/** graphql-js's hints at names the caller did not send ("Did you mean "x"?", "... the enum value ..."). */
const SUGGESTION = /\s*Did you mean [^?]*\?/g;

/** A message without suggestions: they would tell anyone the schema's names. */
function withoutSuggestions(message: string): string {
  return message.replace(SUGGESTION, '');
}

/** Our own error thrown by a plugin outside a resolver (Apollo wraps it without a path). */
function appErrorOf(error: unknown): unknown {
  const unwrapped = unwrapResolverError(error);
  return unwrapped instanceof GraphQLError && unwrapped.originalError instanceof AppError
    ? unwrapped.originalError
    : unwrapped;
}

/**
 * The code a validation rule gave its own error: Apollo wraps every validation error in one
 * whose code is GRAPHQL_VALIDATION_FAILED, keeping the rule's error as originalError.
 */
function ruleCode(error: unknown): string | undefined {
  const rule = error instanceof GraphQLError ? error.originalError : undefined;
  const code = rule instanceof GraphQLError ? rule.extensions.code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/** Whether an error is a refusal by a limit of graphql/limits.ts (or graphql-js's own introspection depth). */
function isLimitRefusal(message: string): boolean {
  return (
    message === MSG.consultaDemasiadoProfunda ||
    message === INTROSPECTION_TOO_DEEP ||
    TOO_MANY_TOKENS.test(message)
  );
}

/**
 * What a client may see of an error: the Spanish message and field list of
 * our own errors; for anything unexpected a generic text and an id that
 * points at the full log line.
 */
export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = appErrorOf(error);
  if (original instanceof AppError) {
    return {
      message: original.message,
      path: formatted.path,
      extensions: { code: original.code, errors: original.errors },
    };
  }
  if (original instanceof ArgumentValidationError) {
    const errors = argumentErrors(original);
    return {
      message: errors.map((e) => e.msg).join('\n') || MSG.datosInvalidos,
      path: formatted.path,
      extensions: { code: 'BAD_USER_INPUT', errors },
    };
  }
  if (isDatabaseUnavailable(original)) {
    logger.warn({ err: original, path: formatted.path }, 'Base de datos no disponible');
    const unavailable = new DatabaseUnavailableError();
    return {
      message: unavailable.message,
      path: formatted.path,
      extensions: { code: unavailable.code, errors: unavailable.errors },
    };
  }
  const requestCode = formatted.extensions?.code;
  if (typeof requestCode === 'string' && REQUEST_ERROR_CODES.has(requestCode)) {
    const tooComplex = isLimitRefusal(formatted.message);
    // Every limit refuses with its own code, whatever Apollo labelled the error with.
    const validation = requestCode === 'GRAPHQL_VALIDATION_FAILED';
    const code = tooComplex ? QUERY_TOO_COMPLEX : ((validation ? ruleCode(error) : undefined) ?? requestCode);
    // Our own validation rules write Spanish for the caller (extensions.mensajePropio).
    const own = formatted.extensions?.[OWN_MESSAGE] === true;
    const spanish = tooComplex ? MSG.consultaDemasiadoProfunda : own ? formatted.message : MSG.datosInvalidos;
    if (own) return { message: spanish, locations: formatted.locations, extensions: { code } };
    return {
      message: spanish,
      locations: formatted.locations,
      // A refused query is not told which limit it passed, nor by how much.
      extensions: tooComplex ? { code } : { code, detail: withoutSuggestions(formatted.message) },
    };
  }
  const errorId = randomUUID();
  logger.error({ err: original, errorId, path: formatted.path }, 'Error inesperado en GraphQL');
  return {
    message: `${MSG.errorInesperado} (código ${errorId})`,
    path: formatted.path,
    extensions: { code: 'INTERNAL_SERVER_ERROR', errorId },
  };
}
