import type { ValidationError as ClassValidatorError } from 'class-validator';
import { FieldError, MSG } from './domain/messages';

/** Base of the errors a user can act on; each maps to a GraphQL code and an HTTP status. */
export abstract class AppError extends Error {
  abstract readonly code: string;
  abstract readonly status: number;
  readonly errors: FieldError[];

  constructor(message: string, errors?: FieldError[]) {
    super(message);
    this.errors = errors ?? [{ field: '', msg: message }];
  }
}

/** Bad input: one or more field errors with the spec's Spanish texts. */
export class ValidationError extends AppError {
  readonly code = 'BAD_USER_INPUT';
  readonly status = 400;

  constructor(errors: FieldError[]) {
    super(errors.map((e) => e.msg).join('\n') || MSG.datosInvalidos, errors);
  }

  static single(field: string, msg: string): ValidationError {
    return new ValidationError([{ field, msg }]);
  }
}

export class UnauthenticatedError extends AppError {
  readonly code = 'UNAUTHENTICATED';
  readonly status = 401;

  constructor(message: string = MSG.noAutenticado) {
    super(message);
  }
}

export class ForbiddenError extends AppError {
  readonly code = 'FORBIDDEN';
  readonly status = 403;

  constructor(message: string = MSG.sinPermiso) {
    super(message);
  }
}

export class NotFoundError extends AppError {
  readonly code = 'NOT_FOUND';
  readonly status = 404;

  constructor(message: string = MSG.noEncontrado) {
    super(message);
  }
}

export class TooManyRequestsError extends AppError {
  readonly code = 'TOO_MANY_REQUESTS';
  readonly status = 429;
  /** Whole seconds until the next attempt is let through. */
  readonly retryAfterSeconds: number;

  /** `message`: the text for the wait in seconds (by default, that of failed sign-ins). */
  constructor(waitMs: number, message: (seconds: number) => string = MSG.demasiadosIntentos) {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    super(message(seconds));
    this.retryAfterSeconds = seconds;
  }
}

/** Throws a ValidationError when the list is not empty. */
export function assertValid(errors: FieldError[]): void {
  if (errors.length > 0) throw new ValidationError(errors);
}

/** The database cannot be reached: the request may be retried later. */
export class DatabaseUnavailableError extends AppError {
  readonly code = 'DATABASE_UNAVAILABLE';
  readonly status = 503;

  constructor(message: string = MSG.baseNoDisponible) {
    super(message);
  }
}

/** class-validator failures (nested ones too) as the spec's { field, msg } list, fields dotted. */
export function fieldErrors(items: ClassValidatorError[], prefix = ''): FieldError[] {
  return items.flatMap((item) => {
    const field = prefix ? `${prefix}.${item.property}` : item.property;
    const own = Object.values(item.constraints ?? {}).map((msg) => ({ field, msg: String(msg) }));
    return [...own, ...fieldErrors(item.children ?? [], field)];
  });
}
