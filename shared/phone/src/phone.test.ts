import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isValidPhone,
  NATIONAL_PHONE_PATTERN,
  normalizePhone,
  PHONE_IN_TEXT,
  PHONE_PATTERN,
  prefillPhone,
} from './phone';

const digit = fc.constantFrom(...'0123456789');
/** A valid 9-digit national number: 9xxxxxxxx or 7xxxxxxxx. */
const national = fc
  .tuple(fc.constantFrom('9', '7'), fc.string({ unit: digit, minLength: 8, maxLength: 8 }))
  .map(([first, rest]) => first + rest);
/** Digit strings of any length with separators people type, to hit both valid and invalid input. */
const separator = fc.constantFrom(' ', '-', '(', ')', '.', '+', '/');
const phoneish = fc.string({ unit: fc.oneof(digit, digit, digit, separator), maxLength: 20 });
/** Puts random separators between the digits of a number, as a DA might type it. */
const scatter = (n: string) =>
  fc
    .array(fc.string({ unit: separator, maxLength: 2 }), { minLength: n.length + 1, maxLength: n.length + 1 })
    .map((seps) => seps.map((s, i) => s + (n[i] ?? '')).join(''));

describe('isValidPhone', () => {
  it.each(['0911234567', '0711234567'])('accepts %s', (s) => expect(isValidPhone(s)).toBe(true));
  it.each(['911234567', '0811234567', '091123456', '09112345678', ' 0911234567', '+251911234567', ''])(
    'rejects %j',
    (s) => expect(isValidPhone(s)).toBe(false),
  );
});

describe('normalizePhone', () => {
  it.each([
    ['+251 911 234 567', '911234567'],
    ['0911-234-567', '911234567'],
    ['251711234567', '711234567'],
    ['911234567', '911234567'],
    ['0711234567', '711234567'],
    ['(+251) 0911 234567', '911234567'],
    ['0811234567', null],
    ['', null],
    ['abcdefghij', null],
    ['091123456', null],
    ['09112345678', null],
    ['811234567', null],
    ['2519112345', null],
    ['00251911234567', null],
  ])('%j → %j', (input, expected) => expect(normalizePhone(input)).toBe(expected));

  it('reads 0+n, 251+n, +251+n and formatted forms of a national number as n', () => {
    fc.assert(
      fc.property(national, (n) => {
        const spaced = `${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`;
        for (const form of [
          n,
          `0${n}`,
          `251${n}`,
          `+251${n}`,
          `+251 ${spaced}`,
          `0${spaced}`,
          `+251-0${n}`,
        ]) {
          expect(normalizePhone(form)).toBe(n);
        }
      }),
    );
  });

  it('ignores separators wherever they are', () => {
    fc.assert(
      fc.property(
        national.chain((n) => fc.tuple(fc.constant(n), scatter(`0${n}`))),
        ([n, typed]) => normalizePhone(typed) === n,
      ),
    );
  });

  it('returns null or a 9-digit 9…/7… number, for any input', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), phoneish), (s) => {
        const out = normalizePhone(s);
        return out === null || NATIONAL_PHONE_PATTERN.test(out);
      }),
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), phoneish), (s) => {
        const once = normalizePhone(s);
        return once === null || normalizePhone(once) === once;
      }),
    );
  });

  it('agrees with the form pattern: valid form numbers normalise to themselves minus the 0', () => {
    fc.assert(fc.property(phoneish, (s) => !isValidPhone(s) || normalizePhone(s) === s.slice(1)));
  });
});

describe('prefillPhone', () => {
  it.each([
    ['+251911234567', '0911234567'],
    ['251911234567', '0911234567'],
    ['911234567', '0911234567'],
    ['711234567', '0711234567'],
    ['0911234567', '0911234567'],
    [' +44 20 7946 0958 ', '+44 20 7946 0958'],
    [null, ''],
    [undefined, ''],
  ])('%j → %j', (input, expected) => expect(prefillPhone(input)).toBe(expected));

  it('gives a valid form number whenever the input normalises', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), phoneish), (s) => {
        const n = normalizePhone(s);
        if (n === null) return true;
        return PHONE_PATTERN.test(prefillPhone(n)) && PHONE_PATTERN.test(prefillPhone(s));
      }),
    );
  });

  it('round-trips: normalising a prefilled number gives the national number back', () => {
    fc.assert(fc.property(national, (n) => normalizePhone(prefillPhone(`+251${n}`)) === n));
  });
});

describe('PHONE_IN_TEXT', () => {
  const found = (text: string) => [...text.matchAll(PHONE_IN_TEXT)].map((m) => m[0]);

  it('finds every written form of a number, each of which normalises', () => {
    fc.assert(
      fc.property(national, (n) => {
        for (const form of [n, `0${n}`, `251${n}`, `+251${n}`]) {
          expect(found(`call ${form}, please`)).toEqual([form]);
          expect(normalizePhone(form)).toBe(n);
        }
      }),
    );
  });

  it('finds nothing inside longer digit runs or with another prefix', () => {
    for (const text of ['1732470000123', '0812345678', '12345678', 'id 8123456789', '09123456789'])
      expect(found(text)).toEqual([]);
  });
});
