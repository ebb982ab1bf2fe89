import { describe, expect, it } from 'vitest';
import { relativeTimeIn } from './relative-time';

const now = Date.parse('2025-03-01T12:00:00Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('relativeTimeIn', () => {
  it('English, with dayjs thresholds', async () => {
    const format = await relativeTimeIn('en');
    expect(format(ago(10), now)).toBe('a few seconds ago');
    expect(format(ago(5 * 60), now)).toBe('5 minutes ago');
    expect(format(ago(3 * 3600), now)).toBe('3 hours ago');
    expect(format(ago(2 * 86400), now)).toBe('2 days ago');
  });

  it('Amharic, from the @gebere/i18n locale', async () => {
    const format = await relativeTimeIn('am');
    expect(format(ago(5 * 60), now)).toBe('ከ5 ደቂቃዎች በፊት');
    expect(format(ago(3600), now)).toBe('ከአንድ ሰዓት በፊት');
    expect(format(ago(2 * 86400), now)).toBe('ከ2 ቀናት በፊት');
  });

  it('does not change the global locale, reads a future time as now, and an invalid one as empty', async () => {
    await relativeTimeIn('am');
    const en = await relativeTimeIn('en');
    expect(en(ago(5 * 60), now)).toBe('5 minutes ago');
    expect(en(new Date(now + 120_000).toISOString(), now)).toBe('a few seconds ago');
    expect(en('not a date', now)).toBe('');
  });
});
