import { languages } from '@gebere/i18n/languages';

/**
 * Constants of spec §9, one definition each, and the two ways a text is fit to a limit, without
 * zod: first-load code (the webapp's screens)
 * imports them from `@gebere/contract/constants` without pulling in the schemas; enums.ts makes
 * the zod enums of the same arrays. Forms, server and bot all read them from here.
 */
export const GENDERS = ['male', 'female'] as const;
export const GROUP_TYPES = ['men_only', 'women_only', 'mixed'] as const;
export const CONTENT_TYPES = ['advisory', 'reach', 'adoption', 'farmer_registration'] as const;
export const LOCATION_TYPES = ['all', 'region', 'zone', 'woreda', 'kebele'] as const;
export const ADMIN_LEVELS = ['region', 'zone', 'woreda', 'kebele'] as const;
export const FREQUENCIES = ['weekly', 'monthly'] as const;
export const FEEDBACK_TYPES = ['SELECT_MULTIPLE', 'SELECT_ONE', 'RATING', 'TEXT'] as const;
export const VERIFICATION_STATUSES = ['PENDING', 'VERIFIED', 'REJECTED'] as const;
export const ADOPTION_TYPES = ['SELF_REPORTED'] as const;
/** The bundled languages, as @gebere/i18n declares them. */
export const LANGUAGES = languages;

export const LIMITS = {
  advisoryLabelChars: 80,
  notificationNameChars: 20,
  ratingStars: 5,
  cardMaxWidthPx: 550,
  toastMsFarmer: 5000,
  toastMs: 3000,
  /** Telegram's WebApp.sendData limit, in UTF-8 bytes. */
  sendDataBytes: 4096,
  /** Longest name a hand-back result carries (a farmer's, a group's…), in UTF-16 units. */
  handBackNameMax: 200,
  /** Longest text field the backend stores; longer is a 400, not a truncation. */
  textMax: 255,
  longTextMax: 4000,
  /** A location notification's name and message (docs/authorization.md: abuse limits). */
  notificationNameMax: 100,
  notificationMessageMax: 1000,
  /** Most pairs one batch record call accepts. */
  batchMax: 500,
} as const;

/**
 * `text` cut to at most `max` UTF-16 units (what zod's `.max` and Telegram count), never leaving
 * half of a surrogate pair (an emoji) at the end; when it is cut, `mark` (e.g. '…') ends it,
 * within `max`. Text that fits comes back as it is.
 */
export function clip(text: string, max: number, mark = ''): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, Math.max(0, max - mark.length));
  return (/[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut) + mark;
}

/**
 * Spec §2's display rule (advisory labels, notification names): the first `chars` characters,
 * counted as people see them (code points: never half an emoji), then '…' when there was more.
 */
export function shorten(text: string, chars: number): string {
  const all = Array.from(text);
  return all.length > chars ? `${all.slice(0, chars).join('')}…` : text;
}
