import type { Language } from './languages';
import type { TranslateVars } from './types';

/**
 * The Ethiopian calendar (ዓ.ም., Amete Mihret) beside the Gregorian one, for every date a person
 * reads: the webapp's and the bot's. Twelve months of 30 days, then Pagume of 5 days, 6 in the
 * year before a Gregorian leap year (E.C. 2015, 2019, …: `year % 4 === 3`); Meskerem 1 falls on
 * 11 September, or 12 September after a Pagume 6. Converted through the Julian day number, so
 * the rule holds over any range (the Gregorian century years are in Date's arithmetic). Days
 * are calendar days (`YYYY-MM-DD`, Gregorian), the reports' and exports' Addis Ababa days.
 */

export type Calendar = 'gregorian' | 'ethiopian';
export const CALENDARS = ['gregorian', 'ethiopian'] as const satisfies readonly Calendar[];
export const isCalendar = (value: unknown): value is Calendar =>
  (CALENDARS as readonly unknown[]).includes(value);

/** An Ethiopian date: month 1 (Meskerem) to 13 (Pagume). */
export interface EthiopianDate {
  year: number;
  month: number;
  day: number;
}

type Month = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13;

const DAY_MS = 86_400_000;
/** Julian day number of 1970-01-01. */
const UNIX_JDN = 2_440_588;
/** Julian day number of the day before Meskerem 1, 1 E.C. */
const EPOCH_JDN = 1_724_220;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function jdnOf(day: string): number | undefined {
  if (!DAY.test(day)) return undefined;
  const ms = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(ms) || !new Date(ms).toISOString().startsWith(day)) return undefined;
  return Math.round(ms / DAY_MS) + UNIX_JDN;
}

export const isEthiopianLeapYear = (year: number): boolean => ((year % 4) + 4) % 4 === 3;

/** Days in an Ethiopian month: 30, or 5 or 6 for Pagume. */
export const ethiopianMonthDays = (year: number, month: number): number =>
  month < 13 ? 30 : isEthiopianLeapYear(year) ? 6 : 5;

/** The Ethiopian date of a Gregorian day `YYYY-MM-DD`; undefined for anything else. */
export function toEthiopian(day: string): EthiopianDate | undefined {
  const jdn = jdnOf(day);
  if (jdn === undefined) return undefined;
  // Days since Meskerem 1 of the year 0, so each four years end with the one of Pagume 6.
  const n = jdn - EPOCH_JDN - 1 + 365;
  const cycle = Math.floor(n / 1461);
  const r = n - cycle * 1461;
  const inCycle = Math.min(3, Math.floor(r / 365));
  const dayOfYear = r - inCycle * 365;
  return {
    year: cycle * 4 + inCycle,
    month: Math.floor(dayOfYear / 30) + 1,
    day: (dayOfYear % 30) + 1,
  };
}

/** The Gregorian day `YYYY-MM-DD` of an Ethiopian date; undefined when there is no such date. */
export function fromEthiopian({ year, month, day }: EthiopianDate): string | undefined {
  if (![year, month, day].every(Number.isInteger) || month < 1 || month > 13) return undefined;
  if (day < 1 || day > ethiopianMonthDays(year, month)) return undefined;
  const jdn = EPOCH_JDN + 365 * (year - 1) + Math.floor(year / 4) + 30 * (month - 1) + day;
  return new Date((jdn - UNIX_JDN) * DAY_MS).toISOString().slice(0, 10);
}

/**
 * A day as the exports write it beside the Gregorian one: the Ethiopian `YYYY-MM-DD` (month 13
 * is Pagume), digits only so a spreadsheet sorts it and no language is assumed; '' for no day.
 */
export function ethiopianDayText(day: string): string {
  const e = toEthiopian(day);
  if (!e) return '';
  const two = (x: number) => String(x).padStart(2, '0');
  return `${String(e.year).padStart(4, '0')}-${two(e.month)}-${two(e.day)}`;
}

/**
 * The calendar a reader sees: an Amharic or Afaan Oromo reader counts in the Ethiopian one (as
 * ODK and CommCare offer it); an English reader chooses, Gregorian unless they chose otherwise.
 */
export const calendarFor = (lang: Language, choice?: Calendar): Calendar =>
  lang === 'en' ? (choice ?? 'gregorian') : 'ethiopian';

/** The texts a date is written with (`calendar.*` in @gebere/i18n), in the reader's language. */
export type CalendarKey =
  | 'calendar.date'
  | 'calendar.short'
  | `calendar.months.m${Month}`
  | `calendar.months_short.m${Month}`;
export type CalendarText = (key: CalendarKey, vars?: TranslateVars) => string;

/**
 * A day for a person: `long` a whole date ("Tahsas 28, 2016 E.C.", "ታኅሣሥ 28 ቀን 2016 ዓ.ም."),
 * `short` a chart's week label ("Tah 28"). In the Gregorian calendar the ISO day and its
 * `MM-DD`, as the reports have always shown them. Anything but a day is returned as it is.
 */
export function formatDay(
  day: string,
  calendar: Calendar,
  text: CalendarText,
  style: 'long' | 'short' = 'long',
): string {
  const e = calendar === 'ethiopian' ? toEthiopian(day) : undefined;
  if (!e) return style === 'short' && DAY.test(day) ? day.slice(5) : day;
  const m = e.month as Month;
  if (style === 'short')
    return text('calendar.short', { month: text(`calendar.months_short.m${m}`), day: e.day });
  return text('calendar.date', { month: text(`calendar.months.m${m}`), day: e.day, year: e.year });
}
