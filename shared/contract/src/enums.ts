import { z } from 'zod';
import { GENDERS, GROUP_TYPES, LANGUAGES } from './rules';

// The zod enums of spec §9's constants. Those the screens need without zod are in rules.ts
// (re-exported here); the others are defined here.
export * from './rules';
export const CONTENT_TYPES = ['advisory', 'reach', 'adoption', 'farmer_registration'] as const;
export const LOCATION_TYPES = ['all', 'region', 'zone', 'woreda', 'kebele'] as const;
export const ADMIN_LEVELS = ['region', 'zone', 'woreda', 'kebele'] as const;
export const FREQUENCIES = ['weekly', 'monthly'] as const;
export const FEEDBACK_TYPES = ['SELECT_MULTIPLE', 'SELECT_ONE', 'RATING', 'TEXT'] as const;
export const VERIFICATION_STATUSES = ['PENDING', 'VERIFIED', 'REJECTED'] as const;
export const ADOPTION_TYPES = ['SELF_REPORTED'] as const;

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
