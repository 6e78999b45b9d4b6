/**
 * Calendar dates travel as ISO strings 'YYYY-MM-DD' (a day, no time zone).
 * These helpers never go through a Date in local time, so no time zone can
 * shift a day.
 */
export type IsoDate = string;

const ISO_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/**
 * The parts of a real day between 1900 and 2200, else null. By the calendar's arithmetic, not a
 * Date: the eligibility rules read and shift every date of a page's histories, and a Date per
 * date was most of their cost (dates.test.ts checks every day of the range against Date).
 */
export function parseIsoDate(value: string): { y: number; m: number; d: number } | null {
  const match = ISO_RE.exec(value);
  if (!match) return null;
  const y = Number(match[1]);
  const m = Number(match[2]);
  const d = Number(match[3]);
  if (y < 1900 || y > 2200 || m < 1 || m > 12 || d < 1) return null;
  if (d > (m === 2 && isLeapYear(y) ? 29 : DAYS_IN_MONTH[m - 1])) return null;
  return { y, m, d };
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
  return (Date.UTC(pb.y, pb.m - 1, pb.d) - Date.UTC(pa.y, pa.m - 1, pa.d)) / 86_400_000;
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const p = parseIsoDate(date);
  if (!p) throw new Error(`Fecha inválida: ${date}`);
  const t = new Date(Date.UTC(p.y, p.m - 1, p.d) + days * 86_400_000);
  return t.toISOString().slice(0, 10);
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
