import { describe, expect, it } from 'vitest';
import {
  calendarFor,
  type EthiopianDate,
  ethiopianDayText,
  ethiopianMonthDays,
  formatDay,
  fromEthiopian,
  isEthiopianLeapYear,
  toEthiopian,
} from './calendar';
import { interpolate } from './interpolate';
import type { Language } from './languages';
import { lookup } from './translate';

const text = (lang: Language) => (key: string, vars?: Record<string, string | number>) =>
  interpolate(lookup(lang, key) ?? key, vars);

describe('the Ethiopian calendar', () => {
  it.each([
    ['2026-09-11', { year: 2019, month: 1, day: 1 }], // Meskerem 1 after a Pagume 5
    ['2023-09-12', { year: 2016, month: 1, day: 1 }], // Meskerem 1 after a Pagume 6
    ['2023-09-11', { year: 2015, month: 13, day: 6 }], // Pagume 6: 2015 E.C. is a leap year
    ['2023-09-06', { year: 2015, month: 13, day: 1 }],
    ['2024-09-10', { year: 2016, month: 13, day: 5 }], // Pagume 5, then Meskerem 1 on the 11th
    ['2024-09-11', { year: 2017, month: 1, day: 1 }],
    ['2024-01-07', { year: 2016, month: 4, day: 28 }], // Ethiopian Christmas, Tahsas 28
    ['2024-01-20', { year: 2016, month: 5, day: 11 }], // Timket, Tir 11 (the 20th after a Pagume 6)
    ['1896-03-01', { year: 1888, month: 6, day: 23 }], // Adwa, Yekatit 23, 1888
    ['2000-02-29', { year: 1992, month: 6, day: 21 }], // a Gregorian century leap day
  ])('%s is %o', (day, ethiopian) => {
    expect(toEthiopian(day)).toEqual(ethiopian);
    expect(fromEthiopian(ethiopian)).toBe(day);
  });

  it('has a Pagume 6 only in the year before a Gregorian leap year', () => {
    expect([2011, 2015, 2019].map(isEthiopianLeapYear)).toEqual([true, true, true]);
    expect([2012, 2016, 2017, 2018].map(isEthiopianLeapYear)).toEqual([false, false, false, false]);
    expect(ethiopianMonthDays(2015, 13)).toBe(6);
    expect(ethiopianMonthDays(2016, 13)).toBe(5);
    expect(ethiopianMonthDays(2016, 4)).toBe(30);
    expect(fromEthiopian({ year: 2016, month: 13, day: 6 })).toBeUndefined();
    expect(fromEthiopian({ year: 2016, month: 14, day: 1 })).toBeUndefined();
    expect(fromEthiopian({ year: 2016, month: 1, day: 31 })).toBeUndefined();
  });

  it('round-trips every day from 1900 to 2100, each the day after the one before', () => {
    const wrong: string[] = [];
    const yearLengths = new Map<number, number>();
    let previous: EthiopianDate | undefined;
    for (let ms = Date.UTC(1900, 0, 1); ms <= Date.UTC(2100, 11, 31); ms += 86_400_000) {
      const day = new Date(ms).toISOString().slice(0, 10);
      const e = toEthiopian(day);
      if (!e || fromEthiopian(e) !== day) wrong.push(`${day} → ${JSON.stringify(e)}`);
      else {
        yearLengths.set(e.year, (yearLengths.get(e.year) ?? 0) + 1);
        // The same month's next day, or the next month's first, or the next year's.
        const next = !previous
          ? e
          : previous.day < ethiopianMonthDays(previous.year, previous.month)
            ? { ...previous, day: previous.day + 1 }
            : previous.month < 13
              ? { year: previous.year, month: previous.month + 1, day: 1 }
              : { year: previous.year + 1, month: 1, day: 1 };
        if (e.year !== next.year || e.month !== next.month || e.day !== next.day)
          wrong.push(`${day} → ${JSON.stringify(e)}, not ${JSON.stringify(next)}`);
      }
      previous = e;
    }
    expect(wrong).toEqual([]);
    const whole = [...yearLengths].filter(([year]) => year > 1892 && year < 2093);
    expect(whole).toHaveLength(200);
    for (const [year, days] of whole)
      if (days !== (isEthiopianLeapYear(year) ? 366 : 365)) wrong.push(`${year}: ${days} days`);
    expect(wrong).toEqual([]);
  }, 60_000); // 73,000 days: under a second alone, longer on a loaded machine

  it('refuses what is not a day', () => {
    expect(toEthiopian('2024-02-30')).toBeUndefined();
    expect(toEthiopian('yesterday')).toBeUndefined();
    expect(ethiopianDayText('')).toBe('');
  });

  it('writes the exports’ day as digits, Pagume as month 13', () => {
    expect(ethiopianDayText('2023-09-11')).toBe('2015-13-06');
    expect(ethiopianDayText('2024-01-07')).toBe('2016-04-28');
  });

  it('gives an Amharic and an Oromo reader the Ethiopian calendar, an English one the choice', () => {
    expect(calendarFor('am')).toBe('ethiopian');
    expect(calendarFor('om', 'gregorian')).toBe('ethiopian');
    expect(calendarFor('en')).toBe('gregorian');
    expect(calendarFor('en', 'ethiopian')).toBe('ethiopian');
  });

  it('writes a day in each language', () => {
    expect(formatDay('2024-01-07', 'ethiopian', text('en'))).toBe('Tahsas 28, 2016 E.C.');
    expect(formatDay('2024-01-07', 'ethiopian', text('am'))).toBe('ታኅሣሥ 28 ቀን 2016 ዓ.ም.');
    expect(formatDay('2023-09-12', 'ethiopian', text('om'))).toBe('Fulbaana 1, 2016 ALI');
    expect(formatDay('2023-09-11', 'ethiopian', text('en'), 'short')).toBe('Pag 6');
    expect(formatDay('2024-01-07', 'gregorian', text('en'))).toBe('2024-01-07');
    expect(formatDay('2024-01-07', 'gregorian', text('en'), 'short')).toBe('01-07');
    expect(formatDay('2024-01-07/2024-02-01', 'ethiopian', text('am'))).toBe('2024-01-07/2024-02-01');
  });
});
