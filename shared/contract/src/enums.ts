import { z } from 'zod';

// Constants of spec §9, one definition each; forms, server and bot read them from here.
export const GENDERS = ['male', 'female'] as const;
export const GROUP_TYPES = ['men_only', 'women_only', 'mixed'] as const;
export const CONTENT_TYPES = ['advisory', 'reach', 'adoption', 'farmer_registration'] as const;
export const LOCATION_TYPES = ['all', 'region', 'zone', 'woreda', 'kebele'] as const;
export const ADMIN_LEVELS = ['region', 'zone', 'woreda', 'kebele'] as const;
export const FREQUENCIES = ['weekly', 'monthly'] as const;
export const FEEDBACK_TYPES = ['SELECT_MULTIPLE', 'SELECT_ONE', 'RATING', 'TEXT'] as const;
export const VERIFICATION_STATUSES = ['PENDING', 'VERIFIED', 'REJECTED'] as const;
export const ADOPTION_TYPES = ['SELF_REPORTED'] as const;
export const LANGUAGES = ['en', 'am'] as const;

export const gender = z.enum(GENDERS);
export const groupType = z.enum(GROUP_TYPES);
export const contentType = z.enum(CONTENT_TYPES);
export const locationType = z.enum(LOCATION_TYPES);
export const adminLevel = z.enum(ADMIN_LEVELS);
export const frequency = z.enum(FREQUENCIES);
export const feedbackType = z.enum(FEEDBACK_TYPES);
export const verificationStatus = z.enum(VERIFICATION_STATUSES);
export const language = z.enum(LANGUAGES);

export type Gender = z.infer<typeof gender>;
export type GroupType = z.infer<typeof groupType>;
export type ContentType = z.infer<typeof contentType>;
export type LocationType = z.infer<typeof locationType>;
export type AdminLevel = z.infer<typeof adminLevel>;
export type Frequency = z.infer<typeof frequency>;
export type FeedbackType = z.infer<typeof feedbackType>;
export type VerificationStatus = z.infer<typeof verificationStatus>;
export type Language = z.infer<typeof language>;

export const LIMITS = {
  phonePattern: /^(09|07)\d{8}$/,
  advisoryLabelChars: 80,
  notificationNameChars: 20,
  ratingStars: 5,
  cardMaxWidthPx: 550,
  toastMsFarmer: 5000,
  toastMs: 3000,
  /** Telegram's WebApp.sendData limit, in UTF-8 bytes. */
  sendDataBytes: 4096,
  /** Longest text field the backend stores; longer is a 400, not a truncation. */
  textMax: 255,
  longTextMax: 4000,
  /** A location notification's name and message (docs/authorization.md: abuse limits). */
  notificationNameMax: 100,
  notificationMessageMax: 1000,
  /** Most pairs one batch record call accepts. */
  batchMax: 500,
} as const;
