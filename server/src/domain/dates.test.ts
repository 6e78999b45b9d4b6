import { addDays, addYears, daysBetween, isValidIsoDate, parseIsoDate } from './dates';

/** Every day from 1900-01-01 to 2200-12-31, through Date in UTC: the reference the helpers must match. */
function* everyDay(): Generator<string> {
  for (let t = Date.UTC(1900, 0, 1); t <= Date.UTC(2200, 11, 31); t += 86_400_000) {
    yield new Date(t).toISOString().slice(0, 10);
  }
}

describe('dates', () => {
  it('reads every real day and refuses days a month does not have', () => {
    let days = 0;
    const misread: string[] = [];
    for (const day of everyDay()) {
      const p = parseIsoDate(day);
      if (
        !p ||
        p.y !== Number(day.slice(0, 4)) ||
        p.m !== Number(day.slice(5, 7)) ||
        p.d !== Number(day.slice(8))
      ) {
        misread.push(day);
      }
      days += 1;
    }
    expect(misread).toEqual([]);
    expect(days).toBe(109_938);
    for (const bad of [
      '2025-02-29',
      '2100-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '1899-12-31',
      '2201-01-01',
      '2026-1-01',
      ' 2026-01-01',
      '2026-01-0a',
      '2026/01/01',
      '２０２６-01-01',
      '2026-01-01 ',
    ]) {
      expect(isValidIsoDate(bad)).toBe(false);
    }
    for (const leap of ['2024-02-29', '2000-02-29', '1904-02-29']) expect(isValidIsoDate(leap)).toBe(true);
    // What JavaScript callers may pass in spite of the type.
    for (const notText of [undefined, null, 20260101])
      expect(parseIsoDate(notText as unknown as string)).toBeNull();
  });

  it('adds years as the calendar does: 29 February becomes 1 March in a year without it', () => {
    const wrong: string[] = [];
    for (const day of everyDay()) {
      const [y, m, d] = [Number(day.slice(0, 4)), Number(day.slice(5, 7)), Number(day.slice(8))];
      if (y > 2199) break;
      if (addYears(day, 1) !== new Date(Date.UTC(y + 1, m - 1, d)).toISOString().slice(0, 10))
        wrong.push(day);
    }
    expect(wrong).toEqual([]);
    expect(addYears('2024-02-29', 1)).toBe('2025-03-01');
    expect(addYears('2024-02-29', 4)).toBe('2028-02-29');
    expect(addYears('2026-11-26', -1)).toBe('2025-11-26');
  });

  it('adds and counts days as Date does, for every day of the range', () => {
    const wrong: string[] = [];
    let anterior: string | null = null;
    for (const day of everyDay()) {
      const t = Date.parse(`${day}T00:00:00Z`);
      for (const k of [1, -1, 56, 366, -365, -0.5]) {
        const esperado = new Date(t + k * 86_400_000).toISOString().slice(0, 10);
        if (addDays(day, k) !== esperado) wrong.push(`${day} ${k}`);
      }
      if (anterior !== null && daysBetween(anterior, day) !== 1) wrong.push(`${anterior}..${day}`);
      anterior = day;
    }
    expect(wrong).toEqual([]);
    expect(addDays('2200-12-31', 1)).toBe('2201-01-01');
    expect(addDays('1900-01-01', -1)).toBe('1899-12-31');
  });

  it('counts and adds days across months, years and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-01-01', '2026-02-26')).toBe(56);
    expect(daysBetween('2026-02-26', '2026-01-01')).toBe(-56);
  });
});
