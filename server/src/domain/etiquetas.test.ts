import {
  CARACTERES_ISO_7064,
  caracterControl,
  caracterControlIso7064,
  codigoEtiqueta,
  codigoEtiquetaImpreso,
  leerEtiqueta,
  leerNumeroEtiqueta,
  numerosDeEtiqueta,
  NUMERO_ETIQUETA_MAX,
} from './etiquetas';
import { MSG } from './messages';

const invalido = { ok: false, error: MSG.codigoEtiquetaInvalido };

describe('caracterControl (ISO 7064 MOD 37-2, as ISBT 128)', () => {
  it("gives the standard's worked example: donation number G123 498 654 321 -> H", () => {
    // ISBT 128 check character calculation (JPAC Red Book, annex 2): weighted sum 148354,
    // mod 37 = 21, 38 - 21 = 17, mod 37 = 17 -> 'H'.
    expect(caracterControlIso7064('G123498654321')).toBe('H');
  });

  it('gives hand-checked values over the decimal digits', () => {
    // 123: 1*8 + 2*4 + 3*2 = 22 -> 38 - 22 = 16 -> 'G'
    expect(caracterControl(123)).toBe('G');
    // 1: 1*2 = 2 -> 36 -> '*'
    expect(caracterControl(1)).toBe('*');
    // 5: 5*2 = 10 -> 28 -> 'S'
    expect(caracterControl(5)).toBe('S');
    // 1000: 1*16 = 16 -> 22 -> 'M'
    expect(caracterControl(1000)).toBe('M');
    // 99999999: 9 * (2 + 4 + ... + 256) = 4590 = 124*37 + 2 -> 36 -> '*'
    expect(caracterControl(NUMERO_ETIQUETA_MAX)).toBe('*');
    // The worked example's digits alone: 148354 - 16*8192 = 17282 = 467*37 + 3 -> 35 -> 'Z'
    expect(caracterControl(123498654321)).toBe('Z');
    // 37: 3*4 + 7*2 = 26 -> 12 -> 'C'
    expect(caracterControl(37)).toBe('C');
  });

  it('is always one character of the set', () => {
    for (let n = 1; n <= 2000; n++) expect(CARACTERES_ISO_7064).toContain(caracterControl(n));
  });

  it('codigoEtiqueta is the number followed by its check character', () => {
    expect(codigoEtiqueta(123)).toBe('123G');
    expect(codigoEtiqueta(1)).toBe('1*');
    expect(codigoEtiqueta(NUMERO_ETIQUETA_MAX)).toBe('99999999*');
  });

  it('catches every single-digit substitution and every adjacent transposition', () => {
    // Every number up to 4 digits, and a spread of longer ones up to the highest label number.
    const numeros: number[] = [];
    for (let n = 1; n <= 9_999; n++) numeros.push(n);
    for (let n = 10_000; n <= NUMERO_ETIQUETA_MAX; n = Math.floor(n * 1.07) + 1) numeros.push(n);
    numeros.push(NUMERO_ETIQUETA_MAX, 10_000_000, 12_345_678, 90_909_090);
    const noDetectados: string[] = [];
    let variantes = 0;
    const comparar = (digitos: string, cambiado: string) => {
      variantes++;
      if (caracterControlIso7064(cambiado) === caracterControlIso7064(digitos)) {
        noDetectados.push(`${digitos} -> ${cambiado}`);
      }
    };
    for (const numero of numeros) {
      const digitos = String(numero);
      for (let i = 0; i < digitos.length; i++) {
        for (const otro of '0123456789') {
          if (otro !== digitos[i]) comparar(digitos, digitos.slice(0, i) + otro + digitos.slice(i + 1));
        }
        if (i + 1 < digitos.length && digitos[i] !== digitos[i + 1]) {
          comparar(digitos, digitos.slice(0, i) + digitos[i + 1] + digitos[i] + digitos.slice(i + 2));
        }
      }
    }
    expect(noDetectados).toEqual([]);
    expect(variantes).toBeGreaterThan(300_000);
  });

  it('refuses what is not a whole non-negative number', () => {
    expect(() => caracterControl(-1)).toThrow(RangeError);
    expect(() => caracterControl(1.5)).toThrow(RangeError);
    expect(() => caracterControl(Number.NaN)).toThrow(RangeError);
  });
});

const fueraDeRango = { ok: false, error: MSG.numeroEtiquetaFueraDeRango };

/** The numbers up to 2000 whose check character is a digit (39 -> '398'). */
const conControlDigito = Array.from({ length: 2000 }, (_, i) => i + 1).filter((n) =>
  /\d/.test(caracterControl(n)),
);

describe('codigoEtiquetaImpreso', () => {
  it('sets the check character apart with a hyphen, whatever it is', () => {
    expect(codigoEtiquetaImpreso(codigoEtiqueta(39))).toBe('39-8');
    expect(codigoEtiquetaImpreso(codigoEtiqueta(123))).toBe('123-G');
    expect(codigoEtiquetaImpreso(codigoEtiqueta(1))).toBe('1-*');
    // A zero-padded number keeps its padding (leading zeros do not change the check character).
    expect(codigoEtiquetaImpreso(`004217${caracterControl(4217)}`)).toBe(`004217-${caracterControl(4217)}`);
  });
});

describe('leerEtiqueta', () => {
  it('digits only are the bare number; also the code of the shorter number when the last digit is its check character', () => {
    expect(codigoEtiqueta(39)).toBe('398');
    expect(leerEtiqueta('398')).toEqual({ tipo: 'numero', numero: 398, tambienCodigoDe: 39 });
    expect(leerEtiqueta(' 4 521 ')).toEqual({ tipo: 'numero', numero: 4521, tambienCodigoDe: null });
    expect(leerEtiqueta('123')).toEqual({ tipo: 'numero', numero: 123, tambienCodigoDe: null });
    // One digit: no shorter number.
    expect(leerEtiqueta('8')).toEqual({ tipo: 'numero', numero: 8, tambienCodigoDe: null });
    // A wrong digit is never read as a check character: 1235 is only the number 1235.
    expect(leerEtiqueta('1235')).toEqual({ tipo: 'numero', numero: 1235, tambienCodigoDe: null });
    expect(conControlDigito.length).toBeGreaterThan(400);
    for (const n of conControlDigito) {
      const lectura = leerEtiqueta(codigoEtiqueta(n));
      expect(lectura).toEqual({ tipo: 'numero', numero: Number(codigoEtiqueta(n)), tambienCodigoDe: n });
    }
  });

  it('a code ending in a letter or * is verified strictly', () => {
    expect(leerEtiqueta('123G')).toEqual({ tipo: 'codigo', numero: 123 });
    expect(leerEtiqueta(' 123g ')).toEqual({ tipo: 'codigo', numero: 123 });
    expect(leerEtiqueta('1*')).toEqual({ tipo: 'codigo', numero: 1 });
    expect(leerEtiqueta('123H')).toEqual({ tipo: 'codigoErroneo' });
    // A letter check character mistyped as another letter, or the digits mistyped.
    expect(leerEtiqueta('124G')).toEqual({ tipo: 'codigoErroneo' });
    expect(leerEtiqueta('132G')).toEqual({ tipo: 'codigoErroneo' });
  });

  it('a check character set apart by a separator is a code, verified strictly, digit or not', () => {
    for (const texto of ['39-8', '39 8', '39/8', ' 39 - 8 ', '39\t8', '39 / 8']) {
      expect({ texto, lectura: leerEtiqueta(texto) }).toEqual({
        texto,
        lectura: { tipo: 'codigo', numero: 39 },
      });
    }
    expect(leerEtiqueta('123-G')).toEqual({ tipo: 'codigo', numero: 123 });
    expect(leerEtiqueta('123 g')).toEqual({ tipo: 'codigo', numero: 123 });
    for (const texto of ['39-7', '39 9', '39/A', '123-5', '123 H']) {
      expect({ texto, lectura: leerEtiqueta(texto) }).toEqual({ texto, lectura: { tipo: 'codigoErroneo' } });
    }
    for (const n of conControlDigito) {
      expect(leerEtiqueta(codigoEtiquetaImpreso(codigoEtiqueta(n)))).toEqual({ tipo: 'codigo', numero: n });
    }
  });

  it('a number that is not a whole non-negative one, and anything else', () => {
    for (const texto of ['12.5', '-5', ' -12 ', '1e3']) {
      expect({ texto, lectura: leerEtiqueta(texto) }).toEqual({ texto, lectura: { tipo: 'noEntero' } });
    }
    const otros = ['', '   ', 'G', '12GG', 'G123', '123?', '１２３G', '12--3', '12-', '12-34', 'Infinity'];
    for (const texto of otros) {
      expect({ texto, lectura: leerEtiqueta(texto) }).toEqual({ texto, lectura: { tipo: 'otro' } });
    }
  });
});

describe('numerosDeEtiqueta (search)', () => {
  it('the bare number first, then the number whose code the digits are', () => {
    expect(numerosDeEtiqueta('398')).toEqual({ ok: true, value: [398, 39] });
    expect(numerosDeEtiqueta('123')).toEqual({ ok: true, value: [123] });
    expect(numerosDeEtiqueta('123G')).toEqual({ ok: true, value: [123] });
    expect(numerosDeEtiqueta('39-8')).toEqual({ ok: true, value: [39] });
    // The value of codigoEtiqueta always finds its own number, for every number up to 2000 and the last one.
    for (let n = 1; n <= 2000; n++) {
      const leido = numerosDeEtiqueta(codigoEtiqueta(n));
      expect(leido.ok && leido.value.includes(n)).toBe(true);
    }
    expect(numerosDeEtiqueta(codigoEtiqueta(NUMERO_ETIQUETA_MAX))).toEqual({
      ok: true,
      value: [NUMERO_ETIQUETA_MAX],
    });
  });

  it('an 8-digit number with a digit check character: only the number a label can carry', () => {
    expect(codigoEtiqueta(10_000_000)).toBe('100000004');
    expect(numerosDeEtiqueta('100000004')).toEqual({ ok: true, value: [10_000_000] });
  });

  it('refuses a wrong check character, other text, and numbers no label carries', () => {
    for (const texto of ['123H', '39-7', '39 9', '12UU', 'U12', 'abc']) {
      expect({ texto, r: numerosDeEtiqueta(texto) }).toEqual({ texto, r: invalido });
    }
    for (const texto of ['12.5', '-5']) {
      expect({ texto, r: numerosDeEtiqueta(texto) }).toEqual({ texto, r: fueraDeRango });
    }
    expect(numerosDeEtiqueta('0')).toEqual(fueraDeRango);
    expect(numerosDeEtiqueta('123456789')).toEqual(fueraDeRango);
    expect(numerosDeEtiqueta(codigoEtiqueta(123_456_789))).toEqual(fueraDeRango);
  });
});

describe('leerNumeroEtiqueta (a number field)', () => {
  it('digits only are the number, even when they are also a code', () => {
    expect(leerNumeroEtiqueta('398')).toEqual({ ok: true, value: 398 });
    expect(leerNumeroEtiqueta(' 123 ')).toEqual({ ok: true, value: 123 });
    expect(leerNumeroEtiqueta('')).toEqual({ ok: true, value: null });
    expect(leerNumeroEtiqueta('  ')).toEqual({ ok: true, value: null });
    // Range is validateDonacion's rule.
    expect(leerNumeroEtiqueta('0')).toEqual({ ok: true, value: 0 });
  });

  it('a code is read and verified strictly', () => {
    expect(leerNumeroEtiqueta('123G')).toEqual({ ok: true, value: 123 });
    expect(leerNumeroEtiqueta('39-8')).toEqual({ ok: true, value: 39 });
    expect(leerNumeroEtiqueta('123H')).toEqual(invalido);
    expect(leerNumeroEtiqueta('39-7')).toEqual(invalido);
    expect(leerNumeroEtiqueta('abc')).toEqual(invalido);
  });

  it('a number that is not a whole positive one is out of range, as before', () => {
    expect(leerNumeroEtiqueta('-5')).toEqual(fueraDeRango);
    expect(leerNumeroEtiqueta('12.5')).toEqual(fueraDeRango);
  });
});
