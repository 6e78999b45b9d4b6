/**
 * Label numbers (número de etiqueta): issued one by one by the servicio's
 * counter ('Generar Etiquetas'), printed on the bag's labels and then typed
 * into the donation. Shared by the server and the client.
 */
import { ETIQUETA_ALTO_MM, ETIQUETA_ANCHO_MM, NUMERO_ETIQUETA_MAX } from './limites';
import { type FieldError, MSG } from './messages';
import type { ParseResult } from './validation';

// The bounds live in limites.ts (which imports nothing), so that messages.ts can build its texts
// from them while this module uses the messages.
export { ETIQUETAS_POR_SOLICITUD_MAX, NUMERO_ETIQUETA_MAX } from './limites';

/** A whole number within 1..NUMERO_ETIQUETA_MAX. */
export function isNumeroEtiqueta(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= NUMERO_ETIQUETA_MAX;
}

/**
 * The character set of ISO 7064 MOD 37-2, each character's value being its
 * index (0-9 = 0..9, A-Z = 10..35, '*' = 36): the eye-readable check
 * character of an ISBT 128 donation number.
 */
export const CARACTERES_ISO_7064 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ*';

/**
 * The ISO 7064 MOD 37-2 check character of a string of the character set,
 * as ISBT 128 computes it: each character's value times 2^n (n its position
 * from the right, the last being 1), summed; the check value is
 * (38 - sum mod 37) mod 37. Done by Horner's rule, so no power of 2 grows
 * past 37 * 2. Throws on a character outside the set (a programming error:
 * what clients send goes through leerEtiqueta).
 */
export function caracterControlIso7064(texto: string): string {
  let resto = 0;
  for (const caracter of texto) {
    const valor = CARACTERES_ISO_7064.indexOf(caracter);
    if (valor < 0) throw new RangeError(`Carácter fuera de ISO 7064 MOD 37-2: ${caracter}`);
    resto = ((resto + valor) * 2) % 37;
  }
  return CARACTERES_ISO_7064[(38 - resto) % 37];
}

/**
 * The check character of a label number, over its decimal digits: one of
 * 0-9, A-Z or '*'. A single mistyped digit or two adjacent digits swapped
 * always change it (2 generates the multiplicative group mod 37, so every
 * weight differs from the next and none is 0).
 */
export function caracterControl(numero: number): string {
  if (!Number.isSafeInteger(numero) || numero < 0) {
    throw new RangeError(`Número de etiqueta inválido: ${numero}`);
  }
  return caracterControlIso7064(String(numero));
}

/**
 * The number followed by its check character, with no separator: 123 -> '123G', 39 -> '398'
 * (GraphQL Donacion.codigoEtiqueta). What people read is codigoEtiquetaImpreso.
 */
export function codigoEtiqueta(numero: number): string {
  return `${numero}${caracterControl(numero)}`;
}

/** The separator that sets the check character apart where a code is printed or shown. */
export const SEPARADOR_CONTROL = '-';

/**
 * A code as printed on the labels, the donation sheet and the register book: the check character
 * set apart by a hyphen, as a CUIT's check digit is ('39-8', '123-G'), so a check character that
 * is a digit is never read as one more digit of the number. Typed back, it is verified
 * (leerEtiqueta). Takes a codigoEtiqueta (its last character is the check character).
 */
export function codigoEtiquetaImpreso(codigo: string): string {
  return `${codigo.slice(0, -1)}${SEPARADOR_CONTROL}${codigo.slice(-1)}`;
}

/**
 * What a text typed or scanned into a label-number field is:
 * - `numero`: digits only, the bare number as the spec has it; `tambienCodigoDe` is the shorter
 *   number whose code the same digits are, when the last digit is the check character of the
 *   others (398 is also the code of 39), else null;
 * - `codigo`: a number with its check character, and that character is right;
 * - `codigoErroneo`: a number with a check character that is not its own;
 * - `noEntero`: a number, but not a whole non-negative one ('-5', '12.5', '1e3');
 * - `otro`: anything else ('' included).
 */
export type LecturaEtiqueta =
  | { tipo: 'numero'; numero: number; tambienCodigoDe: number | null }
  | { tipo: 'codigo'; numero: number }
  | { tipo: 'codigoErroneo' }
  | { tipo: 'noEntero' }
  | { tipo: 'otro' };

/** Digits, a separator (blanks, or '-' or '/' between optional blanks), one character of the set. */
const CON_SEPARADOR = /^(\d+)(?:\s*[-/]\s*|\s+)([0-9A-Z*])$/;
/** Digits followed by a letter or '*': the check character can only be that last character. */
const CON_LETRA = /^(\d+)([A-Z*])$/;
const SOLO_DIGITOS = /^\d+$/;

/**
 * Reads a label text (blanks around it ignored, a letter in either case). A code is recognised
 * only where it cannot be a bare number: it ends in a letter or '*' ('123G', '1*'), or its check
 * character is set apart by a separator ('39-8', '39 8', '39/8', '123-G'), and then it is
 * verified strictly. Digits only (blanks inside ignored, as in '4 521') are the bare number.
 */
export function leerEtiqueta(texto: string): LecturaEtiqueta {
  const limpio = texto.trim().toUpperCase();
  const codigo = CON_SEPARADOR.exec(limpio) ?? CON_LETRA.exec(limpio);
  if (codigo) {
    const [, digitos, control] = codigo;
    return caracterControlIso7064(digitos) === control
      ? { tipo: 'codigo', numero: Number(digitos) }
      : { tipo: 'codigoErroneo' };
  }
  const digitos = limpio.replace(/\s/g, '');
  if (!SOLO_DIGITOS.test(digitos)) {
    return limpio !== '' && Number.isFinite(Number(limpio)) ? { tipo: 'noEntero' } : { tipo: 'otro' };
  }
  const resto = digitos.slice(0, -1);
  const tambienCodigoDe =
    resto !== '' && caracterControlIso7064(resto) === digitos.slice(-1) ? Number(resto) : null;
  return { tipo: 'numero', numero: Number(digitos), tambienCodigoDe };
}

/** The refusal of a text that designates no label number. */
function errorDeLectura(lectura: { tipo: 'codigoErroneo' | 'noEntero' | 'otro' }): string {
  return lectura.tipo === 'noEntero' ? MSG.numeroEtiquetaFueraDeRango : MSG.codigoEtiquetaInvalido;
}

/**
 * The label numbers a search text designates, in the order they are listed: the bare number
 * first, then the shorter number whose code the digits also are (so the value of codigoEtiqueta
 * always finds its own donation, whichever the check character). Only numbers a label can carry
 * (1..NUMERO_ETIQUETA_MAX). A wrong check character, or a text that is neither a number nor a
 * code, is 'El código de etiqueta no es válido'; a number no label carries (negative or
 * fractional too), out of range.
 */
export function numerosDeEtiqueta(texto: string): ParseResult<number[]> {
  const lectura = leerEtiqueta(texto);
  if (lectura.tipo !== 'numero' && lectura.tipo !== 'codigo') {
    return { ok: false, error: errorDeLectura(lectura) };
  }
  const candidatos = lectura.tipo === 'codigo' ? [lectura.numero] : [lectura.numero, lectura.tambienCodigoDe];
  const numeros = candidatos.filter(isNumeroEtiqueta);
  return numeros.length > 0
    ? { ok: true, value: numeros }
    : { ok: false, error: MSG.numeroEtiquetaFueraDeRango };
}

/**
 * The label number of a number field (the new donation's Número): digits only are the number
 * itself (whether a label can carry it is validateDonacion's rule); a code is read and verified
 * strictly (a wrong check character is 'El código de etiqueta no es válido'); blank is null. A
 * number that is not a whole non-negative one ('-5', '12.5') is out of range, as before; any
 * other text is not a valid code.
 */
export function leerNumeroEtiqueta(texto: string): ParseResult<number | null> {
  if (texto.trim() === '') return { ok: true, value: null };
  const lectura = leerEtiqueta(texto);
  if (lectura.tipo === 'numero' || lectura.tipo === 'codigo') return { ok: true, value: lectura.numero };
  return { ok: false, error: errorDeLectura(lectura) };
}

/**
 * How 'Generar Etiquetas' prints (a servicio's choice, Opciones > Numeración): the A4 sheet of 6
 * labels, or one label per page at a label printer's size.
 */
export const FORMATOS_ETIQUETA = ['HOJA_A4', 'IMPRESORA'] as const;
export type FormatoEtiqueta = (typeof FORMATOS_ETIQUETA)[number];
export const FORMATO_ETIQUETA_DEFAULT: FormatoEtiqueta = 'HOJA_A4';
export const FORMATO_ETIQUETA_LABELS: Record<FormatoEtiqueta, string> = {
  HOJA_A4: 'Hoja A4 de 6 etiquetas',
  IMPRESORA: 'Impresora de etiquetas (una por página)',
};

/** A servicio's label format: the printer's label size is kept while the A4 sheet is chosen. */
export type FormatoEtiquetas = { formato: FormatoEtiqueta; anchoMm: number; altoMm: number };

const medidaEntre = (value: unknown, { min, max }: { min: number; max: number }) =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/** The label format's errors: a known format, and each size a whole number of mm within its bounds. */
export function validateFormatoEtiquetas(data: {
  formato?: unknown;
  anchoMm?: unknown;
  altoMm?: unknown;
}): FieldError[] {
  const errors: FieldError[] = [];
  if (!FORMATOS_ETIQUETA.includes(data.formato as FormatoEtiqueta))
    errors.push({ field: 'formato', msg: MSG.valorNoPermitido });
  if (!medidaEntre(data.anchoMm, ETIQUETA_ANCHO_MM))
    errors.push({
      field: 'anchoMm',
      msg: MSG.medidaEtiquetaFueraDeRango(ETIQUETA_ANCHO_MM.min, ETIQUETA_ANCHO_MM.max),
    });
  if (!medidaEntre(data.altoMm, ETIQUETA_ALTO_MM))
    errors.push({
      field: 'altoMm',
      msg: MSG.medidaEtiquetaFueraDeRango(ETIQUETA_ALTO_MM.min, ETIQUETA_ALTO_MM.max),
    });
  return errors;
}
