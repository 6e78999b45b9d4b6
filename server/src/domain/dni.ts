/**
 * One identity per DNI. What people type, paste or scan for a DNI comes in many
 * forms that are the same document: '31.267.787', ' 31 267 787 ', '31267787-',
 * full-width digits from an East Asian keyboard, a zero-width space or a BOM
 * pasted from a spreadsheet. canonicalDni brings all of them to one value, the
 * one stored, compared and searched.
 */
import { DNI_MAX, DNI_MIN } from './limites';
import { MSG } from './messages';

export { DNI_MAX, DNI_MIN } from './limites';

/**
 * Removed after NFKC: whitespace and separators (\s, \p{Z}), dots, hyphens and
 * every dash (\p{Pd}: U+2010..2015 and the rest), the minus sign U+2212, and the
 * invisible characters: format (\p{Cf}: soft hyphen U+00AD, ZWSP U+200B, ZWNJ,
 * ZWJ, LRM, RLM, word joiner U+2060, BOM U+FEFF, ...) and control (\p{Cc}).
 */
const IGNORADOS = /[\s\p{Z}.\p{Pd}\u2212\p{Cf}\p{Cc}]/gu;

/**
 * ASCII letters and digits only, on purpose: after NFKC a Cyrillic 'А' (U+0410)
 * still looks exactly like the Latin 'A' but is another character, and would make
 * a second identity for the same document. Such a DNI is refused, not stored.
 */
const DNI_RE = new RegExp(`^[A-Z0-9]{${DNI_MIN},${DNI_MAX}}$`);

/**
 * A document type written before the number ('DNI 7123456', 'D.N.I. 7.123.456', 'LC 1234567',
 * 'LE 1234567'): dropped when digits alone follow it, so the type is not part of the identity.
 */
const TIPO_DOCUMENTO = /^(?:DNI|LC|LE)(?=\d+$)/;

/**
 * The DNI as stored, compared and searched (second version): NFKC, without separators or
 * invisible characters, upper case; a leading document type ('DNI', 'D.N.I.', 'LC', 'LE') dropped;
 * and a number of digits alone without its leading zeros ('07123456' is 7123456: a number has
 * one value however many zeros pad it).
 */
export function canonicalDni(value: unknown): string {
  const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
  const limpio = text.normalize('NFKC').replace(IGNORADOS, '').toUpperCase().replace(TIPO_DOCUMENTO, '');
  return /^\d+$/.test(limpio) ? limpio.replace(/^0+(?=\d)/, '') : limpio;
}

/**
 * The key under which records may be one person although their DNIs differ: the digits of the
 * canonical DNI, without leading zeros ('7123456F', 'M7123456' and '7123456' share '7123456').
 * Records that share it count as one person for eligibility until ROL_SERVICIO records that they
 * are different people (modules/persona). A DNI without digits is its own key.
 */
export function claveIdentidad(dni: string): string {
  const digitos = dni.replace(/\D/g, '').replace(/^0+/, '');
  return digitos === '' ? dni : digitos;
}

/** Whether the value, in canonical form, is a DNI the app accepts. */
export function isDniValido(value: unknown): boolean {
  return DNI_RE.test(canonicalDni(value));
}

/** The donor form's and the server's DNI rule: required, then 6 to 10 ASCII letters or digits. */
export function validateDni(value: unknown): string | undefined {
  if (canonicalDni(value) === '') return MSG.requerido;
  return isDniValido(value) ? undefined : MSG.dniInvalido;
}
