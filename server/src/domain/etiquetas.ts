/**
 * Label numbers (número de etiqueta): issued one by one by the servicio's
 * counter ('Generar Etiquetas'), printed on the bag's labels and then typed
 * into the donation. Shared by the server and the client.
 */
import { NUMERO_ETIQUETA_MAX } from './limites';
import { MSG } from './messages';
import type { ParseResult } from './donacion';

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
 * what clients send goes through leerCodigoEtiqueta).
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

/** The number followed by its check character, with no separator: 123 -> '123G'. */
export function codigoEtiqueta(numero: number): string {
  return `${numero}${caracterControl(numero)}`;
}

const SOLO_DIGITOS = /^\d+$/;
const DIGITOS_Y_CONTROL = /^(\d+)([0-9A-Z*])$/;

/**
 * A label number as typed or scanned, with or without its check character
 * (blanks ignored, as between the printed groups; the letter in either case): digits only are the
 * number itself; digits followed by one character of the set are the number
 * when that character is its check character. Anything else, or a wrong check
 * character, is 'El código de etiqueta no es válido'. Whether the number is
 * one a label can carry (1..NUMERO_ETIQUETA_MAX) is the caller's rule, as for
 * a bare number.
 *
 * A check character that is itself a digit (10 numbers in 37) cannot be told
 * from one more digit of the number: such a code reads as a bare, longer
 * number, which is then searched as such.
 */
export function leerCodigoEtiqueta(texto: string): ParseResult<number> {
  const codigo = texto.replace(/\s/g, '').toUpperCase();
  if (SOLO_DIGITOS.test(codigo)) return { ok: true, value: Number(codigo) };
  const partes = DIGITOS_Y_CONTROL.exec(codigo);
  if (partes && caracterControlIso7064(partes[1]) === partes[2]) {
    return { ok: true, value: Number(partes[1]) };
  }
  return { ok: false, error: MSG.codigoEtiquetaInvalido };
}
