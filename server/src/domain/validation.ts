import { CLAVE_MAX, CLAVE_MIN } from './limites';
import { FieldError, MSG } from './messages';

export { CLAVE_MIN } from './limites';

/** What a parser of typed or stored text gives: the value, or the message to show. */
export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: string };

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id as the app issues them: a uuid in its text form. Anything else names no record. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_RE.test(value);
}

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_RE.test(value);
}

export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** Collects field errors; `check` keeps only the first error per field. */
export class ErrorList {
  readonly errors: FieldError[] = [];

  add(field: string, msg: string): void {
    if (!this.errors.some((e) => e.field === field)) this.errors.push({ field, msg });
  }

  get empty(): boolean {
    return this.errors.length === 0;
  }
}

export function validatePassword(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length < CLAVE_MIN) return MSG.claveCorta;
  if (value.length > CLAVE_MAX) return MSG.textoDemasiadoLargo(CLAVE_MAX);
  return undefined;
}

export type RegisterData = {
  nombre?: string;
  username?: string;
  email?: string;
  password?: string;
  password2?: string;
};

export function validateRegister(data: RegisterData): FieldError[] {
  const list = new ErrorList();
  if (isBlank(data.nombre)) list.add('nombre', MSG.requerido);
  if (isBlank(data.username)) list.add('username', MSG.requerido);
  if (isBlank(data.email)) list.add('email', MSG.requerido);
  else if (!isEmail(String(data.email).trim())) list.add('email', MSG.emailInvalido);
  const pw = validatePassword(data.password);
  if (pw) list.add('password', pw);
  const pw2 = validatePassword(data.password2);
  if (pw2) list.add('password2', pw2);
  else if (data.password !== data.password2) list.add('password2', MSG.clavesDistintas);
  return list.errors;
}

export function validatePasswordChange(data: {
  oldPassword?: string;
  newPassword?: string;
  newPassword2?: string;
}): FieldError[] {
  const list = new ErrorList();
  for (const field of ['oldPassword', 'newPassword', 'newPassword2'] as const) {
    const err = validatePassword(data[field]);
    if (err) list.add(field, err);
  }
  if (list.empty && data.newPassword !== data.newPassword2) {
    list.add('newPassword2', MSG.clavesDistintas);
  }
  return list.errors;
}
