import { describe, expect, it } from 'vitest';
import { amDayjsLocale, amRelativeTime } from './dayjs-am';
import { formatRelativeTime } from './relative-time';

const now = Date.UTC(2025, 0, 31, 12, 0, 0);
const ago = (seconds: number) => now - seconds * 1000;
const MIN = 60;
const H = 3600;
const D = 86400;

describe('formatRelativeTime', () => {
  it.each([
    [0, 'a few seconds ago', 'ከጥቂት ሰከንዶች በፊት'],
    [44, 'a few seconds ago', 'ከጥቂት ሰከንዶች በፊት'],
    [60, 'a minute ago', 'ከአንድ ደቂቃ በፊት'],
    [5 * MIN, '5 minutes ago', 'ከ5 ደቂቃዎች በፊት'],
    [60 * MIN, 'an hour ago', 'ከአንድ ሰዓት በፊት'],
    [3 * H, '3 hours ago', 'ከ3 ሰዓታት በፊት'],
    [30 * H, 'a day ago', 'ከአንድ ቀን በፊት'],
    [4 * D, '4 days ago', 'ከ4 ቀናት በፊት'],
    [30 * D, 'a month ago', 'ከአንድ ወር በፊት'],
    [46 * D, '2 months ago', 'ከ2 ወራት በፊት'],
    [200 * D, '7 months ago', 'ከ7 ወራት በፊት'],
    [400 * D, 'a year ago', 'ከአንድ ዓመት በፊት'],
    [3 * 365 * D, '3 years ago', 'ከ3 ዓመታት በፊት'],
  ])('%i s ago', (seconds, en, am) => {
    expect(formatRelativeTime('en', ago(seconds), now)).toBe(en);
    expect(formatRelativeTime('am', new Date(ago(seconds)), new Date(now))).toBe(am);
  });

  it('reads ISO strings, treats the future as now, and gives "" for invalid dates', () => {
    expect(formatRelativeTime('en', new Date(ago(2 * H)).toISOString(), now)).toBe('2 hours ago');
    expect(formatRelativeTime('en', now + 10 * MIN * 1000, now)).toBe('a few seconds ago');
    expect(formatRelativeTime('en', 'not a date', now)).toBe('');
  });
});

describe('amDayjsLocale', () => {
  it('has dayjs locale data in Ethiopic script', () => {
    expect(amDayjsLocale.weekdays).toHaveLength(7);
    expect(amDayjsLocale.weekdaysShort).toHaveLength(7);
    expect(amDayjsLocale.weekdaysMin).toHaveLength(7);
    expect(amDayjsLocale.months).toHaveLength(12);
    expect(amDayjsLocale.monthsShort).toHaveLength(12);
    const texts = [
      ...amDayjsLocale.weekdays,
      ...amDayjsLocale.months,
      ...Object.values(amRelativeTime),
      amDayjsLocale.meridiem(9),
      amDayjsLocale.meridiem(15),
    ];
    for (const text of texts) expect(text).toMatch(/[\u1200-\u137F]/);
    expect(amDayjsLocale.relativeTime.past.replace('%s', amRelativeTime.mm.replace('%d', '5'))).toBe(
      'ከ5 ደቂቃዎች በፊት',
    );
    expect(amDayjsLocale.ordinal(3)).toBe('3ኛ');
  });
});
