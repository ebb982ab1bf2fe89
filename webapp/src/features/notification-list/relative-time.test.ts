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

  it("Amharic, from dayjs's own locale", async () => {
    const format = await relativeTimeIn('am');
    expect(format(ago(10), now)).toBe('ጥቂት ሰከንዶች');
    expect(format(ago(5 * 60), now)).toBe('5 ደቂቃዎች');
    expect(format(ago(3600), now)).toBe('አንድ ሰዓት');
    expect(format(ago(2 * 86400), now)).toBe('2 ቀናት');
  });

  it('Afaan Oromo, from its own small locale (dayjs ships none)', async () => {
    const format = await relativeTimeIn('om');
    expect(format(ago(10), now)).toBe('sekondii muraasa');
    expect(format(ago(5 * 60), now)).toBe('daqiiqaa 5');
    expect(format(ago(3600), now)).toBe("sa'aatii tokko");
    expect(format(ago(2 * 86400), now)).toBe('guyyaa 2');
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
