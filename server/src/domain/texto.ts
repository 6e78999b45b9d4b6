/**
 * What a text input may hold. Both APIs pass every string they receive through textoDeEntrada
 * (input-guard.ts for /api, graphql/text-arguments.ts for /graphql) before any route or resolver
 * runs, and the forms show the same check (validateTexto), so a name, a phone, a reason or a
 * servicio's name is stored, printed and shown to other network members as the person typed it,
 * with nothing hidden in it.
 *
 * Refused: the code points that draw nothing or change how the text around them is drawn.
 * - Control (\p{Cc}): U+0000-001F, U+007F-009F. Tab, line feed, carriage return and the other
 *   whitespace controls are pasted whitespace (below); the rest never belongs in typed text.
 * - Format (\p{Cf}): bidi embeddings and overrides U+202A-202E and isolates U+2066-2069 (a name
 *   that reads backwards on another member's screen), LRM/RLM/ALM, zero-width space, ZWNJ, word
 *   joiner, BOM U+FEFF, soft hyphen, invisible operators, the tag characters, ... The one
 *   exception is the zero-width joiner between two pictographs: it is how emoji sequences such
 *   as 👨‍👩‍👧 are written, and joins nothing a reader could mistake.
 * - Lone surrogates (\p{Cs}): not text, and not valid UTF-8 for Postgres.
 * - Private use (\p{Co}): no meaning outside the program that made it; fonts, the PDFs and other
 *   members' screens draw it as anything or nothing.
 * - Non-characters (U+FDD0-FDEF and U+xFFFE/U+xFFFF of every plane): reserved by Unicode never to
 *   be interchanged.
 * - The Hangul fillers U+115F, U+1160, U+3164, U+FFA0: letters by category, but drawn as nothing,
 *   the usual way to make a name that looks blank yet is not empty.
 * Unassigned code points are not refused: a later Unicode version (a new emoji) may assign them,
 * and the browser's tables and the server's need not be the same version.
 *
 * Normalised: pasted whitespace. Every whitespace character other than the space (tab, line
 * breaks, no-break space, the typographic spaces U+2000-200A, ideographic space...) becomes a
 * space. Nothing is trimmed here: each field's own rule trims (a blank-looking role stays a
 * value and is refused as one, see domain/integrante.ts). No field of the product is multi-line,
 * so a line break is pasted whitespace too.
 *
 * Two kinds of field keep their own rule:
 * - A DNI (canonicalDni in domain/dni.ts) removes separators and invisible characters on purpose:
 *   what is pasted from a spreadsheet with a zero-width space is still the same document.
 * - A password is a secret, never shown: it is never rewritten (a space it holds is part of it),
 *   but the refused code points, including every control character, are refused in it too, so a
 *   password is something a person can type.
 */
import { MSG } from './messages';
import type { ParseResult } from './validation';

/** How a field's text is treated: ordinary text, a password (checked, never rewritten), a DNI. */
export type ClaseDeTexto = 'texto' | 'clave' | 'dni';

/** The password fields of both APIs (login, register, staff, change of password). */
const CAMPOS_CLAVE = new Set(['password', 'password2', 'oldPassword', 'newPassword', 'newPassword2']);

/** The class of a field by its name, the last part of a dotted path ('cph.contacto1.Nombre'). */
export function claseDeCampo(campo: string): ClaseDeTexto {
  const nombre = campo.slice(campo.lastIndexOf('.') + 1);
  if (nombre === 'dni') return 'dni';
  return CAMPOS_CLAVE.has(nombre) ? 'clave' : 'texto';
}

/** Whitespace other than the space itself. */
const ESPACIO_PEGADO = /(?! )\p{White_Space}/gu;

/** The refused code points (above): control, format, surrogate, private use, non-characters, fillers. */
const NO_PERMITIDO = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Noncharacter_Code_Point}\u115F\u1160\u3164\uFFA0]/gu;
/** The same without the global flag: the quick test of ordinary text, which holds none. */
const HAY_NO_PERMITIDO = new RegExp(NO_PERMITIDO.source, 'u');

const ZWJ = '\u200D';
/** A pictograph, with its emoji presentation selector or skin tone, just before a joiner. */
const PICTOGRAMA_ANTES = /\p{Extended_Pictographic}[\uFE0F\p{Emoji_Modifier}]?$/u;
const PICTOGRAMA_DESPUES = /^\p{Extended_Pictographic}/u;

/** Pasted whitespace as spaces. */
export function normalizarEspacios(texto: string): string {
  return texto.replace(ESPACIO_PEGADO, ' ');
}

/** Whether a zero-width joiner at `i` joins two pictographs (an emoji sequence). */
function uneEmojis(texto: string, i: number): boolean {
  // A pictograph and a modifier take at most 4 UTF-16 units; a pictograph at most 2.
  return (
    PICTOGRAMA_ANTES.test(texto.slice(Math.max(0, i - 4), i)) &&
    PICTOGRAMA_DESPUES.test(texto.slice(i + 1, i + 3))
  );
}

/** Whether the text holds a refused code point (a control one too: normalise whitespace first). */
export function tieneCaracteresNoPermitidos(texto: string): boolean {
  if (!HAY_NO_PERMITIDO.test(texto)) return false;
  for (const m of texto.matchAll(NO_PERMITIDO)) {
    if (m[0] !== ZWJ || !uneEmojis(texto, m.index)) return true;
  }
  return false;
}

/**
 * The text a field stores: pasted whitespace as spaces, or the Spanish refusal when it holds
 * a refused code point. A DNI comes back as it is (canonicalDni is its rule); a password is
 * checked but never rewritten.
 */
export function textoDeEntrada(texto: string, clase: ClaseDeTexto = 'texto'): ParseResult<string> {
  if (clase === 'dni') return { ok: true, value: texto };
  if (clase === 'clave') {
    return tieneCaracteresNoPermitidos(texto)
      ? { ok: false, error: MSG.caracteresNoPermitidos }
      : { ok: true, value: texto };
  }
  const value = normalizarEspacios(texto);
  return tieneCaracteresNoPermitidos(value)
    ? { ok: false, error: MSG.caracteresNoPermitidos }
    : { ok: true, value };
}

/** The forms' check of a text field (by its name, as textoDeEntrada treats it on the server). */
export function validateTexto(value: unknown, campo = ''): string | undefined {
  if (typeof value !== 'string') return undefined;
  const leido = textoDeEntrada(value, claseDeCampo(campo));
  return leido.ok ? undefined : leido.error;
}
