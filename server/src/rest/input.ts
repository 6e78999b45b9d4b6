import { validate } from 'class-validator';
import type { Request } from 'express';
import { MSG } from '../domain/messages';
import { assertValid, fieldErrors, ValidationError } from '../errors';
import { PageInput } from '../graphql/pagination';

type InputClass<T> = new () => T;

/**
 * Runs the class-validator rules declared on a GraphQL input class (length
 * limits, page bounds) over REST data, so both APIs share one declaration.
 * Missing fields are skipped: the services answer 'Requerido' for them.
 */
export async function checkInput<T extends object>(
  cls: InputClass<T>,
  data: { [K in keyof T]?: unknown },
): Promise<void> {
  const instance = Object.assign(new cls(), data);
  const failures = await validate(instance, { skipMissingProperties: true, forbidUnknownValues: false });
  assertValid(fieldErrors(failures));
}

/** A query-string value as one string (the first of a repeated parameter). */
export function queryText(req: Request, name: string): string | undefined {
  const value: unknown = req.query[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
}

/** Optional offset/limit query parameters, checked with the GraphQL PageInput bounds. */
export async function pageFromQuery(req: Request): Promise<{ offset?: number; limit?: number }> {
  const page: { offset?: number; limit?: number } = {};
  for (const name of ['offset', 'limit'] as const) {
    const text = queryText(req, name)?.trim();
    if (text === undefined || text === '') continue;
    if (!/^-?\d+$/.test(text)) throw ValidationError.single(name, MSG.valorNoPermitido);
    page[name] = Number(text);
  }
  await checkInput(PageInput, page);
  return page;
}

/**
 * Optional `orden` (one of `campos`, in any case) and `direccion` (ASC or DESC, ASC when
 * omitted) query parameters: a list's order; none when `orden` is absent or blank. Anything else
 * is refused in Spanish, naming the parameter.
 */
export function ordenFromQuery<C extends string>(
  req: Request,
  campos: readonly C[],
): { campo: C; direccion: 'ASC' | 'DESC' } | null {
  const campoText = queryText(req, 'orden')?.trim().toUpperCase() ?? '';
  const direccionText = queryText(req, 'direccion')?.trim().toUpperCase() ?? '';
  const campo = campos.find((c) => c === campoText);
  const errors = [];
  if (campoText !== '' && !campo) errors.push({ field: 'orden', msg: MSG.ordenInvalido });
  if (direccionText !== '' && direccionText !== 'ASC' && direccionText !== 'DESC')
    errors.push({ field: 'direccion', msg: MSG.valorNoPermitido });
  assertValid(errors);
  return campo ? { campo, direccion: direccionText === 'DESC' ? 'DESC' : 'ASC' } : null;
}

/** A donation date as the original sends it (YYYYMMDD) -> ISO; anything else is left for the service to refuse. */
export function fechaIso(value: unknown): unknown {
  if (typeof value === 'number' && Number.isInteger(value)) value = String(value);
  if (typeof value !== 'string') return value;
  const text = value.trim();
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (compact) return `${compact[1]}-${compact[2]}-${compact[3]}`;
  // Dates serialised by JavaScript clients ('1990-05-01T00:00:00.000Z') keep their day.
  const iso = /^(\d{4}-\d{2}-\d{2})T[\d:.]+(Z|[+-]\d{2}:?\d{2})?$/.exec(text);
  return iso ? iso[1] : text;
}

/** ISO 'YYYY-MM-DD' -> 'YYYYMMDD' (the original product's donation dates). */
export function fechaCompacta(iso: string | null | undefined): string {
  return iso ? iso.replace(/-/g, '') : '';
}

/**
 * A text field of a body: strings as they are, numbers and booleans as text
 * (the original's clients are loose), null kept, missing undefined; objects
 * and arrays are refused like a GraphQL type error.
 */
export function scalar(value: unknown, field: string): string | null | undefined {
  if (value === undefined || value === null) return value;
  if (typeof value === 'string') return value;
  if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean')
    return String(value);
  throw ValidationError.single(field, MSG.valorNoPermitido);
}

/** A boolean field: true/false, 'true'/'false', 'Si'/'No'; blank is false; anything else refused. */
export function flag(value: unknown, field: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === '') return false;
  if (value === 1 || value === '1') return true;
  if (value === 0 || value === '0') return false;
  if (typeof value === 'string') {
    const lower = value.trim().toLowerCase();
    if (['true', 'si', 'sí', 'on'].includes(lower)) return true;
    if (['false', 'no', 'off'].includes(lower)) return false;
  }
  if (typeof value === 'boolean') return value;
  throw ValidationError.single(field, MSG.valorNoPermitido);
}

/** An integer field sent as a number or numeric text; blank is null; anything else goes on for the service to refuse. */
export function entero(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return null;
  return /^-?\d+$/.test(text) ? Number(text) : value;
}

/**
 * Runs `action`; when it fails validation, drops the errors of `field`. For a
 * repeat field the original client never sends (the shim copies the value),
 * whose errors would only repeat those of the field it copies.
 */
export async function sinErroresDe<T>(field: string | null, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (!field || !(error instanceof ValidationError)) throw error;
    const rest = error.errors.filter((e) => e.field !== field);
    throw rest.length > 0 && rest.length < error.errors.length ? new ValidationError(rest) : error;
  }
}

/**
 * Runs `action`; the field errors of `field` are given as `param`: for a REST parameter read as
 * another field of the service (GET /donacion/search's numero is the search's codigo).
 */
export async function conCampo<T>(field: string, param: string, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    if (!error.errors.some((e) => e.field === field)) throw error;
    throw new ValidationError(error.errors.map((e) => (e.field === field ? { ...e, field: param } : e)));
  }
}
