import { MSG } from './messages';
import {
  claseDeCampo,
  normalizarEspacios,
  tieneCaracteresNoPermitidos,
  textoDeEntrada,
  validateTexto,
} from './texto';

/** One code point of each refused kind, named. */
const NO_PERMITIDOS: Record<string, string> = {
  'control U+0007': '\u0007',
  'control U+001B (escape)': '\u001B',
  'control U+009F': '\u009F',
  'delete U+007F': '\u007F',
  'bidi override U+202E': '\u202E',
  'bidi embedding U+202A': '\u202A',
  'bidi isolate U+2066': '\u2066',
  'bidi isolate U+2069': '\u2069',
  'right-to-left mark U+200F': '\u200F',
  'zero-width space U+200B': '\u200B',
  'zero-width non-joiner U+200C': '\u200C',
  'zero-width joiner U+200D between letters': '\u200D',
  'word joiner U+2060': '\u2060',
  'BOM U+FEFF': '\uFEFF',
  'soft hyphen U+00AD': '\u00AD',
  'tag U+E0041': '\u{E0041}',
  'private use U+E000': '\uE000',
  'private use U+F8FF': '\uF8FF',
  'private use U+F0000': '\u{F0000}',
  'non-character U+FDD0': '\uFDD0',
  'non-character U+FDEF': '\uFDEF',
  'non-character U+FFFE': '\uFFFE',
  'non-character U+FFFF': '\uFFFF',
  'non-character U+1FFFF': '\u{1FFFF}',
  'non-character U+10FFFF': '\u{10FFFF}',
  'Hangul filler U+3164': '\u3164',
};

/** Text people type: accents, ñ, ü, apostrophes, emoji (with skin tones and joined sequences). */
const TEXTOS_COMUNES = [
  'José María Núñez',
  'Güemes',
  "D'Alessandro",
  'Ñandú-Pérez',
  '¿Qué tal? ¡Bien!',
  'Av. Pellegrini 1234, 3º "B"',
  'Hospital Chico 😀',
  'Familia 👨‍👩‍👧',
  'Ok 👍🏽',
  'Corazón ❤️',
  'Médica 👩🏽‍⚕️',
  'Orgullo 🏳️‍🌈',
  'Bandera 🇦🇷',
  'e\u0301',
];

describe('textoDeEntrada', () => {
  it.each(Object.entries(NO_PERMITIDOS))(
    'refuses %s anywhere in ordinary text and in a password',
    (_, cp) => {
      for (const texto of [cp, `Ana${cp}`, `${cp}Ana`, `A${cp}na`]) {
        expect(textoDeEntrada(texto)).toEqual({ ok: false, error: MSG.caracteresNoPermitidos });
        expect(textoDeEntrada(texto, 'clave')).toEqual({ ok: false, error: MSG.caracteresNoPermitidos });
      }
    },
  );

  it('refuses lone surrogates', () => {
    for (const texto of ['\uD800', 'a\uDC00', '\uDBFFz']) {
      expect(tieneCaracteresNoPermitidos(texto)).toBe(true);
    }
  });

  it.each(TEXTOS_COMUNES)('keeps ordinary text as typed: %s', (texto) => {
    expect(textoDeEntrada(texto)).toEqual({ ok: true, value: texto });
    expect(textoDeEntrada(texto, 'clave')).toEqual({ ok: true, value: texto });
  });

  it('turns pasted whitespace into spaces, and trims nothing', () => {
    expect(textoDeEntrada('José\u00A0María\t')).toEqual({ ok: true, value: 'José María ' });
    expect(textoDeEntrada('\tPérez\r\n')).toEqual({ ok: true, value: ' Pérez  ' });
    expect(textoDeEntrada('a\u2003b\u202Fc\u3000d\u2028e\u2029f\u000Bg\u000Ch\u1680i\u0085j')).toEqual({
      ok: true,
      value: 'a b c d e f g h i j',
    });
    expect(textoDeEntrada(' ')).toEqual({ ok: true, value: ' ' });
    expect(normalizarEspacios('sin cambios')).toBe('sin cambios');
  });

  it('keeps a password exactly, and refuses a control character in it even when it is whitespace', () => {
    expect(textoDeEntrada(' clave\u00A0con espacios ', 'clave')).toEqual({
      ok: true,
      value: ' clave\u00A0con espacios ',
    });
    for (const cp of ['\t', '\n', '\r']) {
      expect(textoDeEntrada(`clave${cp}segura`, 'clave')).toEqual({
        ok: false,
        error: MSG.caracteresNoPermitidos,
      });
    }
  });

  it('leaves a DNI to canonicalDni: invisible characters are removed there, not refused', () => {
    expect(textoDeEntrada('30\u200B123\uFEFF456', 'dni')).toEqual({
      ok: true,
      value: '30\u200B123\uFEFF456',
    });
  });

  it('names the class of a field by its last name', () => {
    expect(claseDeCampo('dni')).toBe('dni');
    expect(claseDeCampo('filter.dni')).toBe('dni');
    expect(claseDeCampo('password')).toBe('clave');
    expect(claseDeCampo('newPassword2')).toBe('clave');
    expect(claseDeCampo('cph.contacto1.Nombre')).toBe('texto');
    expect(claseDeCampo('')).toBe('texto');
  });
});

describe('validateTexto', () => {
  it("is the forms' check: the message for refused text, nothing for ordinary text or pasted whitespace", () => {
    expect(validateTexto('Ana\u202Eevil', 'nombre')).toBe(MSG.caracteresNoPermitidos);
    expect(validateTexto('Ana\tPérez', 'nombre')).toBeUndefined();
    expect(validateTexto('Ana\tPérez', 'password')).toBe(MSG.caracteresNoPermitidos);
    expect(validateTexto('30\u200B123456', 'dni')).toBeUndefined();
    expect(validateTexto(undefined, 'nombre')).toBeUndefined();
    expect(validateTexto(42, 'nombre')).toBeUndefined();
  });
});
