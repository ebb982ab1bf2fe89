import { languages } from '@gebere/i18n/languages';

/**
 * Constants of spec §9, one definition each, without zod: first-load code (the webapp's screens)
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
