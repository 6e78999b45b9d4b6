/**
 * Calendar dates travel as ISO strings 'YYYY-MM-DD' (a day, no time zone).
 * These helpers never go through a Date in local time, so no time zone can
 * shift a day.
 */
export type IsoDate = string;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** The digit at `i` of `s` (0-9), else NaN. */
function digit(s: string, i: number): number {
  const c = s.charCodeAt(i) - 48;
  return c >= 0 && c <= 9 ? c : NaN;
}

/**
 * The parts of a real day between 1900 and 2200, else null. By the calendar's arithmetic, not a
 * Date nor a regular expression: the eligibility rules read and shift every date of a page's
 * histories, and those were most of their cost (dates.test.ts checks every day of the range
 * against Date).
 */
export function parseIsoDate(value: string): { y: number; m: number; d: number } | null {
  if (typeof value !== 'string' || value.length !== 10) return null;
  if (value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45) return null;
  const y = digit(value, 0) * 1000 + digit(value, 1) * 100 + digit(value, 2) * 10 + digit(value, 3);
  const m = digit(value, 5) * 10 + digit(value, 6);
  const d = digit(value, 8) * 10 + digit(value, 9);
  // NaN fails every comparison: a non-digit anywhere is refused here.
  if (!(y >= 1900 && y <= 2200 && m >= 1 && m <= 12 && d >= 1)) return null;
  if (d > (m === 2 && isLeapYear(y) ? 29 : DAYS_IN_MONTH[m - 1])) return null;
  return { y, m, d };
}

/**
 * The ISO day `days` days after 1970-01-01, by the proleptic Gregorian calendar (H. Hinnant's
 * civil_from_days): no Date and no string of it to cut (addDays runs for every date of a page).
 */
function isoDeDias(days: number): IsoDate {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${String(y).padStart(4, '0')}-${m < 10 ? '0' : ''}${m}-${d < 10 ? '0' : ''}${d}`;
}

/** Days from 1970-01-01 to the parts of a day (H. Hinnant's days_from_civil, as isoDeDias). */
function diasDe({ y, m, d }: { y: number; m: number; d: number }): number {
  const ya = m <= 2 ? y - 1 : y;
  const era = Math.floor(ya / 400);
  const yoe = ya - era * 400;
  const doy = Math.floor((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5) + d - 1;
  return era * 146_097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719_468;
}

export function isValidIsoDate(value: unknown): value is IsoDate {
  return typeof value === 'string' && parseIsoDate(value) !== null;
}

/** Whole years between two ISO dates (age on `on` of someone born on `birth`). */
export function yearsBetween(birth: IsoDate, on: IsoDate): number {
  const b = parseIsoDate(birth);
  const o = parseIsoDate(on);
  if (!b || !o) return NaN;
  let years = o.y - b.y;
  if (o.m < b.m || (o.m === b.m && o.d < b.d)) years -= 1;
  return years;
}

/** Days from a to b (b - a). */
export function daysBetween(a: IsoDate, b: IsoDate): number {
  const pa = parseIsoDate(a);
  const pb = parseIsoDate(b);
  if (!pa || !pb) return NaN;
  return diasDe(pb) - diasDe(pa);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const p = parseIsoDate(date);
  if (!p) throw new Error(`Fecha inválida: ${date}`);
  // Whole days, as a Date shifted by `days` × 24 h and cut to its day would give.
  return isoDeDias(diasDe(p) + Math.floor(days));
}

/**
 * The same day `years` later; 29 February becomes 1 March in a year without it
 * (the period "12 months from 29/02" ends with 28/02).
 */
export function addYears(date: IsoDate, years: number): IsoDate {
  const p = parseIsoDate(date);
  if (!p) throw new Error(`Fecha inválida: ${date}`);
  const y = String(p.y + years).padStart(4, '0');
  return p.m === 2 && p.d === 29 && !isLeapYear(p.y + years) ? `${y}-03-01` : `${y}${date.slice(4)}`;
}

/** 'YYYY-MM-DD' -> 'DD/MM/YYYY', the format the interface shows. */
export function formatDate(date: IsoDate | null | undefined): string {
  if (!date) return '';
  const p = parseIsoDate(date.slice(0, 10));
  if (!p) return '';
  return `${String(p.d).padStart(2, '0')}/${String(p.m).padStart(2, '0')}/${p.y}`;
}

export const TIME_ZONE = 'America/Argentina/Buenos_Aires';

// Building an Intl.DateTimeFormat costs ~0.3 ms (more than a whole indexed query); format() ~3 µs.
// The formatters are created once, on first use.
let dayFormat: Intl.DateTimeFormat | undefined;
let timeFormat: Intl.DateTimeFormat | undefined;

/** The last day formatted, by minute: Argentina's days start on a minute boundary. */
let lastDay: { minute: number; day: IsoDate } | undefined;

/** Today's date in Argentina, as an ISO day (formatted once a minute: lists ask it for every row). */
export function todayIso(now: Date = new Date()): IsoDate {
  const minute = Math.floor(now.getTime() / 60_000);
  if (lastDay?.minute === minute) return lastDay.day;
  // en-CA formats as YYYY-MM-DD.
  dayFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  lastDay = { minute, day: dayFormat.format(now) };
  return lastDay.day;
}

/** The current time in Argentina as 'HH:mm'. */
export function nowTime(now: Date = new Date()): string {
  timeFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });
  return timeFormat.format(now);
}

/** A timestamp shown as 'DD/MM/YYYY HH:mm' in Argentina's time zone. */
export function formatDateTime(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return `${formatDate(todayIso(date))} ${nowTime(date)}`;
}
