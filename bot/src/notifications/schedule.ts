/**
 * When a notification is due. Pure functions of the notification's creation time and its current
 * schedule, so every server copy computes the same occurrence timestamps (they are part of the
 * deliveries' unique key: two planners can only ever insert the same rows).
 *
 * Rule: occurrences fall at {@link SEND_HOUR_LOCAL}:00 Addis Ababa time on the creation day and
 * every `interval` weeks or months after it; the first is the earliest one not before the time
 * the schedule took effect. Months keep the creation day of the month, clamped to the month's
 * length (created Jan 31 → Feb 28/29, Mar 31, Apr 30): each occurrence is computed from the
 * creation date, never from the previous occurrence, so a short month does not pull later ones.
 */

/** Early morning, before DAs head out to the field. */
export const SEND_HOUR_LOCAL = 8;
/** Africa/Addis_Ababa is UTC+3 all year (no daylight saving), so a fixed offset is exact. */
export const ADDIS_OFFSET_HOURS = 3;

export type Schedule =
  | { kind: 'once' }
  | { kind: 'weekly'; interval: number }
  | { kind: 'monthly'; interval: number }
  /** Recurring but without a usable frequency or interval: never due (the contract prevents it). */
  | { kind: 'none' };

export interface ScheduleFields {
  send_now: boolean;
  frequency: string | null;
  interval: number | null;
}

export function scheduleOf(n: ScheduleFields): Schedule {
  if (n.send_now) return { kind: 'once' };
  const interval = Number(n.interval);
  if (!Number.isInteger(interval) || interval < 1) return { kind: 'none' };
  if (n.frequency === 'weekly') return { kind: 'weekly', interval };
  if (n.frequency === 'monthly') return { kind: 'monthly', interval };
  return { kind: 'none' };
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The local calendar date (Addis Ababa) of an instant, as UTC fields. */
function localDate(t: number): { y: number; m: number; d: number } {
  const local = new Date(t + ADDIS_OFFSET_HOURS * HOUR);
  return { y: local.getUTCFullYear(), m: local.getUTCMonth(), d: local.getUTCDate() };
}

/** SEND_HOUR_LOCAL on a local date; Date.UTC normalises month and day overflow. */
const atSendHour = (y: number, m: number, d: number) =>
  Date.UTC(y, m, d, SEND_HOUR_LOCAL - ADDIS_OFFSET_HOURS);

const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m + 1, 0)).getUTCDate();

/** The k-th occurrence (k ≥ 0) of a recurring schedule anchored on `createdAt`. */
export function occurrence(createdAt: number, s: Schedule, k: number): number {
  const { y, m, d } = localDate(createdAt);
  if (s.kind === 'weekly') return atSendHour(y, m, d + 7 * s.interval * k);
  if (s.kind === 'monthly') {
    const month = m + s.interval * k;
    const year = y + Math.floor(month / 12);
    const inYear = ((month % 12) + 12) % 12;
    return atSendHour(year, inYear, Math.min(d, daysInMonth(year, inYear)));
  }
  throw new Error(`occurrence() needs a recurring schedule, got ${s.kind}`);
}

/** A first guess of the index of the occurrence near `t`; callers correct it by stepping. */
function roughIndex(createdAt: number, s: Schedule, t: number): number {
  const days = (t - occurrence(createdAt, s, 0)) / DAY;
  const period = s.kind === 'weekly' ? 7 * s.interval : 30.44 * (s.kind === 'monthly' ? s.interval : 1);
  return Math.max(0, Math.floor(days / period));
}

/** Index of the first occurrence at or after `t` (and never before the creation itself). */
function firstIndexAtOrAfter(createdAt: number, s: Schedule, t: number): number {
  const target = Math.max(t, createdAt);
  let k = roughIndex(createdAt, s, target);
  while (k > 0 && occurrence(createdAt, s, k - 1) >= target) k--;
  while (occurrence(createdAt, s, k) < target) k++;
  return k;
}

/**
 * The first occurrence at or after `since` (when the current schedule took effect). A one-off
 * (send_now) happens exactly then. Null when the schedule never fires.
 */
export function firstOccurrence(createdAt: number, s: Schedule, since: number): number | null {
  if (s.kind === 'once') return since;
  if (s.kind === 'none') return null;
  return occurrence(createdAt, s, firstIndexAtOrAfter(createdAt, s, since));
}

/** The occurrence after `t` (strictly later). Null for a one-off. */
export function occurrenceAfter(createdAt: number, s: Schedule, t: number): number | null {
  if (s.kind === 'once' || s.kind === 'none') return null;
  const k = firstIndexAtOrAfter(createdAt, s, t);
  return occurrence(createdAt, s, occurrence(createdAt, s, k) > t ? k : k + 1);
}

/**
 * The latest occurrence in [from, now], `from` being a due occurrence. After downtime only the
 * latest missed one is sent: a DA gets this week's reminder, not a backlog of stale ones.
 */
export function latestDue(createdAt: number, s: Schedule, from: number, now: number): number {
  if (s.kind === 'once' || s.kind === 'none') return from;
  const k = firstIndexAtOrAfter(createdAt, s, now);
  const last = occurrence(createdAt, s, k) > now ? k - 1 : k;
  return last < 0 ? from : Math.max(from, occurrence(createdAt, s, last));
}
