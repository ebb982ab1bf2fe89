import { describe, expect, it } from 'vitest';
import { firstOccurrence, latestDue, occurrence, occurrenceAfter, scheduleOf } from './schedule';

// 08:00 in Addis Ababa is 05:00 UTC.
const utc = (s: string) => Date.parse(`${s}Z`);
const show = (t: number | null) => (t === null ? null : new Date(t).toISOString().slice(0, 16));

describe('schedule', () => {
  it('reads the notification fields', () => {
    expect(scheduleOf({ send_now: true, frequency: null, interval: null })).toEqual({ kind: 'once' });
    expect(scheduleOf({ send_now: false, frequency: 'weekly', interval: 2 })).toEqual({
      kind: 'weekly',
      interval: 2,
    });
    expect(scheduleOf({ send_now: false, frequency: 'monthly', interval: 0 })).toEqual({ kind: 'none' });
    expect(scheduleOf({ send_now: false, frequency: null, interval: 1 })).toEqual({ kind: 'none' });
  });

  it('weekly: 08:00 Addis Ababa on the creation day when created before it, else a week on', () => {
    const s = { kind: 'weekly', interval: 1 } as const;
    const early = utc('2025-03-03T04:00'); // 07:00 local, Monday
    expect(show(firstOccurrence(early, s, early))).toBe('2025-03-03T05:00');
    const late = utc('2025-03-03T09:30'); // 12:30 local
    expect(show(firstOccurrence(late, s, late))).toBe('2025-03-10T05:00');
    expect(show(occurrenceAfter(late, s, utc('2025-03-10T05:00')))).toBe('2025-03-17T05:00');
  });

  it('the local date decides the day: 22:30 UTC is already tomorrow in Addis Ababa', () => {
    const t = utc('2025-03-03T22:30'); // 01:30 on the 4th, local
    expect(show(firstOccurrence(t, { kind: 'weekly', interval: 1 }, t))).toBe('2025-03-04T05:00');
  });

  it('every 2 weeks', () => {
    const t = utc('2025-03-03T04:00');
    const s = { kind: 'weekly', interval: 2 } as const;
    expect([0, 1, 2].map((k) => show(occurrence(t, s, k)))).toEqual([
      '2025-03-03T05:00',
      '2025-03-17T05:00',
      '2025-03-31T05:00',
    ]);
  });

  it('monthly keeps the creation day, clamped to short months, never drifting', () => {
    const t = utc('2025-01-31T03:00'); // 06:00 local, Jan 31
    const s = { kind: 'monthly', interval: 1 } as const;
    expect([0, 1, 2, 3, 4].map((k) => show(occurrence(t, s, k)))).toEqual([
      '2025-01-31T05:00',
      '2025-02-28T05:00',
      '2025-03-31T05:00',
      '2025-04-30T05:00',
      '2025-05-31T05:00',
    ]);
    // Leap year, and across the year end.
    const leap = utc('2027-12-31T03:00');
    expect(show(occurrence(leap, s, 2))).toBe('2028-02-29T05:00');
    expect(show(occurrence(leap, { kind: 'monthly', interval: 3 }, 1))).toBe('2028-03-31T05:00');
  });

  it('stepping from a clamped occurrence finds the next one of the rule', () => {
    const t = utc('2025-01-31T03:00');
    const s = { kind: 'monthly', interval: 1 } as const;
    expect(show(occurrenceAfter(t, s, utc('2025-02-28T05:00')))).toBe('2025-03-31T05:00');
    expect(show(occurrenceAfter(t, s, utc('2025-03-01T00:00')))).toBe('2025-03-31T05:00');
  });

  it('after an edit, occurrences of the rule from the edit on (anchored on the creation)', () => {
    const created = utc('2025-01-06T03:00');
    const edited = utc('2025-02-20T10:00');
    expect(show(firstOccurrence(created, { kind: 'weekly', interval: 1 }, edited))).toBe('2025-02-24T05:00');
    expect(show(firstOccurrence(created, { kind: 'monthly', interval: 1 }, edited))).toBe('2025-03-06T05:00');
    expect(firstOccurrence(created, { kind: 'once' }, edited)).toBe(edited);
    expect(firstOccurrence(created, { kind: 'none' }, edited)).toBeNull();
  });

  it('after downtime only the latest due occurrence is sent', () => {
    const t = utc('2025-03-03T04:00');
    const s = { kind: 'weekly', interval: 1 } as const;
    expect(show(latestDue(t, s, utc('2025-03-03T05:00'), utc('2025-03-26T12:00')))).toBe('2025-03-24T05:00');
    expect(show(latestDue(t, s, utc('2025-03-03T05:00'), utc('2025-03-03T06:00')))).toBe('2025-03-03T05:00');
    expect(latestDue(t, { kind: 'once' }, 42, utc('2030-01-01T00:00'))).toBe(42);
  });

  it('is the same on every copy: a function of the creation time only', () => {
    const t = utc('2025-05-31T12:34');
    const s = { kind: 'monthly', interval: 2 } as const;
    const a = firstOccurrence(t, s, utc('2026-01-01T00:00'));
    const b = firstOccurrence(t, s, utc('2026-01-01T00:00'));
    expect(a).toBe(b);
    expect(show(a)).toBe('2026-01-31T05:00');
  });
});
