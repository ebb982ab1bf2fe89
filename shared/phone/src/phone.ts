/**
 * Ethiopian mobile numbers (spec §5, §9).
 *
 * Two forms exist on purpose:
 *  - the *form* form, what a person types and what validation checks: `09xxxxxxxx` / `07xxxxxxxx`
 *    (10 digits, {@link PHONE_PATTERN});
 *  - the *national* form, what is sent to the backend: the same number without the trunk `0`,
 *    `9xxxxxxxx` / `7xxxxxxxx` (9 digits, {@link NATIONAL_PHONE_PATTERN}).
 */

/** The rule itself: a mobile number is 9 or 7, then 8 digits. Every pattern below is built from it. */
const NATIONAL = '[79]\\d{8}';

/** What a phone field must match (spec §9): 09 or 07, then 8 digits. */
export const PHONE_PATTERN = new RegExp(`^0${NATIONAL}$`);

/** What {@link normalizePhone} returns: 9 or 7, then 8 digits. */
export const NATIONAL_PHONE_PATTERN = new RegExp(`^${NATIONAL}$`);

/**
 * A number inside free text, in any form people and the product write it: 09xxxxxxxx and
 * 07xxxxxxxx, the national 9xxxxxxxx and 7xxxxxxxx, +2519… and 2517…, never part of a longer run
 * of digits. Global: for `String.replace` and `matchAll` (the log masks phones with it).
 */
export const PHONE_IN_TEXT = new RegExp(`(?<!\\d)(?:\\+?251|0)?${NATIONAL}(?!\\d)`, 'g');

/** The form-level check (spec §5). No trimming: the form shows the error instead of guessing. */
export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value);
}

/**
 * The spec's normalisation before a number is sent (§5), in its order:
 *  1. remove every non-digit (`+`, spaces, dashes, brackets);
 *  2. drop a leading `251` (country code);
 *  3. drop the leading `0` of a 10-digit `09…`/`07…` number;
 *  4. a number starting with 9 or 7 stays as it is.
 *
 * Decision: the result must then be exactly 9 digits starting with 9 or 7, anything else is
 * null. The spec leaves the length of step 4 open; accepting `9123` or `91234567890` would
 * send numbers the backend cannot use. `+251 0911…` (a trunk 0 kept after the country code)
 * is accepted because steps 2 and 3 apply in turn. `00251…` is not: the spec has no rule for
 * the international call prefix and nobody types it on an Ethiopian phone.
 */
export function normalizePhone(input: string): string | null {
  let digits = input.replace(/\D/g, '');
  if (digits.startsWith('251')) digits = digits.slice(3);
  if (PHONE_PATTERN.test(digits)) digits = digits.slice(1);
  return NATIONAL_PHONE_PATTERN.test(digits) ? digits : null;
}

/**
 * The DA form's prefill rule (§5: "numbers starting with 9 get a leading 0 when prefilled"),
 * applied to the contact Telegram shares (`+251911…`, `251911…`) or to a stored national number.
 *
 * Decisions: 7… numbers (Safaricom Ethiopia) get the 0 as well, since the form accepts 07.
 * Input that does not normalise is returned trimmed rather than dropped, so the DA sees what
 * Telegram gave and the form's validation explains what is wrong; null/undefined give ''.
 */
export function prefillPhone(input: string | null | undefined): string {
  if (input == null) return '';
  const national = normalizePhone(input);
  return national === null ? input.trim() : `0${national}`;
}
