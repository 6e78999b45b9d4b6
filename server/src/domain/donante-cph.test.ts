import { EDAD_CPH_MAX, EDAD_CPH_MIN, cumpleEdadCph } from './donante';

describe('cumpleEdadCph (registro CPH: 18 a 40 años)', () => {
  const today = '2025-06-15';

  it('uses the limits of the spec', () => {
    expect(EDAD_CPH_MIN).toBe(18);
    expect(EDAD_CPH_MAX).toBe(40);
  });

  it.each([
    ['2007-06-16', false], // 17, turns 18 tomorrow
    ['2007-06-15', true], // 18 today
    ['2000-01-01', true], // 25
    ['1984-06-16', true], // 40, turns 41 tomorrow
    ['1984-06-15', false], // 41 today
    ['1970-01-01', false], // 55
  ])('born %s -> %s', (birth, ok) => {
    expect(cumpleEdadCph(birth, today)).toBe(ok);
  });

  it('refuses a missing or invalid date', () => {
    expect(cumpleEdadCph(null, today)).toBe(false);
    expect(cumpleEdadCph(undefined, today)).toBe(false);
    expect(cumpleEdadCph('', today)).toBe(false);
    expect(cumpleEdadCph('2000-13-40', today)).toBe(false);
  });
});
