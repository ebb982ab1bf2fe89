import { z } from 'zod';

import {
  ADMIN_LEVELS,
  CONTENT_TYPES,
  FEEDBACK_TYPES,
  FREQUENCIES,
  GENDERS,
  GROUP_TYPES,
  LANGUAGES,
  LOCATION_TYPES,
  VERIFICATION_STATUSES,
} from './constants';

// The zod enums of spec §9's constants (constants.ts, zod-free, holds the arrays and LIMITS).
export * from './constants';

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
