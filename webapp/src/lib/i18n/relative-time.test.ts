import { describe, expect, it } from 'vitest';
import { relativeTimeIn } from './relative-time';

const now = Date.parse('2025-03-01T12:00:00Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('relativeTimeIn', () => {
  it('English, with dayjs thresholds', async () => {
    const format = await relativeTimeIn('en');
    expect(format(ago(10), now)).toBe('a few seconds');
    expect(format(ago(5 * 60), now)).toBe('5 minutes');
    expect(format(ago(3 * 3600), now)).toBe('3 hours');
    expect(format(ago(2 * 86400), now)).toBe('2 days');
  });

  // Amharic from dayjs's own locale; Afaan Oromo from our small one (dayjs ships none).
  it.each([
    ['am', ['ጥቂት ሰከንዶች', '5 ደቂቃዎች', 'አንድ ሰዓት', '2 ቀናት']],
    ['om', ['sekondii muraasa', 'daqiiqaa 5', "sa'aatii tokko", 'guyyaa 2']],
  ] as const)('%s', async (lang, expected) => {
    const format = await relativeTimeIn(lang);
    expect([ago(10), ago(5 * 60), ago(3600), ago(2 * 86400)].map((t) => format(t, now))).toEqual(expected);
  });

  // A refused record's capture time (components/outbox-status.tsx): "… ago" as each language says it.
  it.each([
    ['en', '3 days ago'],
    ['am', '3 ቀናት በፊት'],
    ['om', 'guyyaa 3 dura'],
  ] as const)('%s, with "ago"', async (lang, expected) => {
    const format = await relativeTimeIn(lang);
    expect(format(ago(3 * 86400), now, { ago: true })).toBe(expected);
  });

  it('does not change the global locale, reads a future time as now, and an invalid one as empty', async () => {
    await relativeTimeIn('am');
    await relativeTimeIn('om');
    const en = await relativeTimeIn('en');
    expect(en(ago(5 * 60), now)).toBe('5 minutes');
    expect(en(new Date(now + 120_000).toISOString(), now)).toBe('a few seconds');
    expect(en('not a date', now)).toBe('');
  });
});
