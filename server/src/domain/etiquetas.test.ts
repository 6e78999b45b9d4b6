import {
  CARACTERES_ISO_7064,
  caracterControl,
  caracterControlIso7064,
  codigoEtiqueta,
  leerCodigoEtiqueta,
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

describe('leerCodigoEtiqueta', () => {
  it('reads digits only as the number, as before', () => {
    expect(leerCodigoEtiqueta('123')).toEqual({ ok: true, value: 123 });
    expect(leerCodigoEtiqueta(' 4521 ')).toEqual({ ok: true, value: 4521 });
    expect(leerCodigoEtiqueta('4 521')).toEqual({ ok: true, value: 4521 });
  });

  it('reads the number with its right check character, in either case', () => {
    expect(leerCodigoEtiqueta('123G')).toEqual({ ok: true, value: 123 });
    expect(leerCodigoEtiqueta('123g')).toEqual({ ok: true, value: 123 });
    expect(leerCodigoEtiqueta(' 123 G\t')).toEqual({ ok: true, value: 123 });
    expect(leerCodigoEtiqueta('1*')).toEqual({ ok: true, value: 1 });
    expect(leerCodigoEtiqueta(codigoEtiqueta(NUMERO_ETIQUETA_MAX))).toEqual({
      ok: true,
      value: NUMERO_ETIQUETA_MAX,
    });
    for (let n = 1; n <= 500; n++) {
      if (/\d/.test(caracterControl(n))) continue;
      expect(leerCodigoEtiqueta(codigoEtiqueta(n))).toEqual({ ok: true, value: n });
    }
  });

  it('reads a code whose check character is a digit as the longer bare number', () => {
    // 39: 3*4 + 9*2 = 30 -> 8: '398' cannot be told from the number 398.
    expect(codigoEtiqueta(39)).toBe('398');
    expect(leerCodigoEtiqueta('398')).toEqual({ ok: true, value: 398 });
  });

  it('refuses a wrong check character', () => {
    expect(leerCodigoEtiqueta('123H')).toEqual(invalido);
    expect(leerCodigoEtiqueta('124G')).toEqual(invalido);
    expect(leerCodigoEtiqueta('132G')).toEqual(invalido);
    expect(leerCodigoEtiqueta('1A')).toEqual(invalido);
  });

  it('refuses anything else', () => {
    for (const texto of ['', '   ', 'G', '12-3', '1.234', '12GG', 'G123', '123?', '12.5', '-5', '１２３G']) {
      expect(leerCodigoEtiqueta(texto)).toEqual(invalido);
    }
  });
});
