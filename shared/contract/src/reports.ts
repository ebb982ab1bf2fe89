/**
 * The reports' rules, zod-free so the screen, the server and the CSV export read the
 * same ones: which areas a report covers, its weeks, its period and the adoption rate.
 */

/** A report's area: the whole country (`all`) or one admin area. */
export const REPORT_LEVELS = ['all', 'region', 'zone', 'woreda', 'kebele'] as const;
export type ReportLevel = (typeof REPORT_LEVELS)[number];

/** The table of a report lists the next lower areas (drill down): none below a kebele. */
export const CHILD_LEVEL: Record<ReportLevel, ReportLevel | null> = {
  all: 'region',
  region: 'zone',
  zone: 'woreda',
  woreda: 'kebele',
  kebele: null,
};

/** Weeks of the weekly series, ending with the week that holds the period's last day. */
export const REPORT_WEEKS = 12;
/** The longest period a report sums, in days. */
export const REPORT_MAX_DAYS = 366;
/** Rows of the by-DA and by-advisory tables (the most active first). */
export const REPORT_TABLE_ROWS = 100;

/**
 * Days are Addis Ababa's calendar days (UTC+3 all year), the rollups' `report_day()`:
 * `YYYY-MM-DD` of a moment.
 */
export const ADDIS_OFFSET_MS = 3 * 3_600_000;
export const reportDayOf = (at: Date): string =>
  new Date(at.getTime() + ADDIS_OFFSET_MS).toISOString().slice(0, 10);

const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
export const addDays = (day: string, days: number): string =>
  new Date(dayMs(day) + days * DAY_MS).toISOString().slice(0, 10);
export const daysBetween = (from: string, to: string): number =>
  Math.round((dayMs(to) - dayMs(from)) / DAY_MS);

/** A real calendar day written `YYYY-MM-DD`. */
export function isDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const ms = dayMs(text);
  return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(text);
}

/** The Monday of a day's week (weeks run Monday to Sunday). */
export function weekStart(day: string): string {
  const dow = new Date(dayMs(day)).getUTCDay(); // 0 Sunday
  return addDays(day, -((dow + 6) % 7));
}

/** The Mondays of the {@link REPORT_WEEKS} weeks ending with `to`'s week, oldest first. */
export function reportWeeks(to: string): string[] {
  const last = weekStart(to);
  return Array.from({ length: REPORT_WEEKS }, (_, i) => addDays(last, (i - REPORT_WEEKS + 1) * 7));
}

/** The period a report shows when none is asked for: the 12 weeks up to today. */
export function defaultPeriod(today: string): { from: string; to: string } {
  return { from: reportWeeks(today)[0] as string, to: today };
}

/** Adopted ÷ reached, as a share (0–1 or more), or null when nothing was reached. */
export const adoptionRate = (reach: number, adoption: number): number | null =>
  reach > 0 ? adoption / reach : null;
