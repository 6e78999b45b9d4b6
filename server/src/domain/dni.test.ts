import { canonicalDni, DNI_MAX, DNI_MIN, isDniValido, validateDni } from './dni';
import { validateDonante } from './donante';
import { MSG } from './messages';

describe('canonicalDni: every form of one document is one value', () => {
  it.each([
    ['plain', '31267787'],
    ['dots', '31.267.787'],
    ['spaces around and inside', ' 31 267 787 '],
    ['tab and newline', '\t31267787\n'],
    ['zero-width space', '31267787\u200b'],
    ['zero-width space inside', '312\u200b67787'],
    ['ZWNJ and ZWJ', '\u200c31267787\u200d'],
    ['LRM and RLM', '\u200e31267787\u200f'],
    ['word joiner U+2060', '3126\u20607787'],
    ['BOM U+FEFF', '\ufeff31267787'],
    ['soft hyphen U+00AD', '31\u00ad267787'],
    ['NBSP', '31\u00a0267\u00a0787'],
    ['narrow NBSP U+202F', '31\u202f267\u202f787'],
    ['trailing hyphen', '31267787-'],
    ['hyphens', '31-267-787'],
    ['en dash', '31\u2013267\u2013787'],
    ['em dash', '31\u2014267787'],
    ['hyphen U+2010', '31\u2010267787'],
    ['horizontal bar U+2015', '31267787\u2015'],
    ['minus sign U+2212', '31\u2212267787'],
    ['full-width digits', '３１２６７７８７'],
    ['full-width digits and full stop', '３１．２６７．７８７'],
    ['control character', '31267787\u0007'],
  ])('%s', (_name, value) => {
    expect(canonicalDni(value)).toBe('31267787');
    expect(validateDni(value)).toBeUndefined();
  });

  it('letters: full-width and lower case become ASCII upper case', () => {
    expect(canonicalDni('ａｂ１２３４')).toBe('AB1234');
    expect(canonicalDni('ab1234')).toBe('AB1234');
    expect(canonicalDni('Ａb 12.34')).toBe('AB1234');
    expect(validateDni('ａｂ１２３４')).toBeUndefined();
  });

  it('what is not a string', () => {
    expect(canonicalDni(undefined)).toBe('');
    expect(canonicalDni(null)).toBe('');
    expect(canonicalDni(31267787)).toBe('31267787');
  });
});

describe('validateDni', () => {
  it(`accepts ${DNI_MIN} and ${DNI_MAX} characters, refuses ${DNI_MIN - 1} and ${DNI_MAX + 1}`, () => {
    expect(DNI_MIN).toBe(6);
    expect(DNI_MAX).toBe(10);
    expect(validateDni('123456')).toBeUndefined();
    expect(validateDni('1234567890')).toBeUndefined();
    expect(validateDni('12345')).toBe(MSG.dniInvalido);
    expect(validateDni('12345678901')).toBe(MSG.dniInvalido);
    // Counted after canonicalising: separators do not count, nor make a short one long enough.
    expect(validateDni('1.2.3.4.5')).toBe(MSG.dniInvalido);
    expect(validateDni(' 1 2 3 4 5 6 7 8 9 0 ')).toBeUndefined();
  });

  it('refuses a Cyrillic letter that looks Latin, and other scripts', () => {
    // U+0410 CYRILLIC CAPITAL LETTER A: looks like 'A', is not.
    expect(canonicalDni('\u0410B1234')).not.toBe(canonicalDni('AB1234'));
    expect(validateDni('\u0410B1234')).toBe(MSG.dniInvalido);
    expect(validateDni('31267787ñ')).toBe(MSG.dniInvalido);
    expect(validateDni('٣١٢٦٧٧٨٧')).toBe(MSG.dniInvalido); // Arabic-Indic digits
    expect(isDniValido('31267787/')).toBe(false);
  });

  it('blank (or only invisible characters) is required', () => {
    for (const value of [undefined, null, '', '   ', '\u200b', '\ufeff\u00a0', '..--']) {
      expect(validateDni(value)).toBe(MSG.requerido);
    }
  });

  it('the text names the limits', () => {
    expect(MSG.dniInvalido).toBe('El DNI debe tener entre 6 y 10 letras o dígitos (sin puntos ni espacios)');
  });

  it('is the donor rule', () => {
    const base = {
      nombre: 'Ana',
      apellido: 'Paz',
      fechaNacimiento: '1990-01-01',
      sexo: 'Femenino',
      ProvinciaActual: 'CABA',
      esVoluntario: 'Si',
    };
    expect(validateDonante({ ...base, dni: '12345' }, '2025-06-15')).toEqual([
      { field: 'dni', msg: MSG.dniInvalido },
    ]);
    expect(validateDonante({ ...base, dni: '３１２６７７８７\u200b' }, '2025-06-15')).toEqual([]);
  });
});
