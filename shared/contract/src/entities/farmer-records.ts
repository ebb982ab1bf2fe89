import { z } from 'zod';
import { bodyId, id, text } from '../common';
import { gender, RETIRE_REASONS } from '../enums';
import { farmer, normalisedPhone } from './farmer';

/**
 * A DA's own records (beyond the spec): "My farmers", one farmer's page, a correction, a
 * retirement, a record taken back. docs/decisions.md "Correcting records".
 */

/** Days after its capture (the server's `created_at`) during which a record can be taken back. */
export const TAKE_BACK_DAYS = 14;

/**
 * PATCH /api/farmers/{id}/: the fields a DA corrects, each optional, with the registration's own
 * rules and texts. The group must be in the farmer's kebele (a farmer who moved is retired as
 * moved and registered anew). `register_anyway` as in the registration.
 */
export const farmerPatch = z
  .object({
    farmer_name: text().optional(),
    father_name: text().optional(),
    grand_father_name: text().optional(),
    phone_number: normalisedPhone.optional(),
    gender: gender.optional(),
    development_group: bodyId.optional(),
    register_anyway: z.boolean().optional(),
  })
  .strict();
export type FarmerPatch = z.infer<typeof farmerPatch>;

export const farmerRetire = z.object({ reason: z.enum(RETIRE_REASONS) }).strict();
export type FarmerRetire = z.infer<typeof farmerRetire>;

/** A farmer as the correcting routes answer: the registration's fields and whether retired. */
export const farmerRecord = farmer.extend({
  retired_at: z.string().nullable(),
  retired_reason: z.enum(RETIRE_REASONS).nullable(),
  /** The farmer a duplicate was merged into (`gebere merge`), else null. */
  duplicate_of: id.nullable(),
});
export type FarmerRecord = z.infer<typeof farmerRecord>;

/** GET /api/farmers/?kebele=: one active farmer of the kebele, with what a search box needs. */
export const kebeleFarmer = z.object({
  id,
  farmer_name: z.string(),
  father_name: z.string(),
  grand_father_name: z.string(),
  phone_number: z.string().nullable(),
  development_group: id,
  group_name: z.string(),
  /** The DA who registered them (the DA's own come first on the list). */
  created_by: id,
});
export type KebeleFarmer = z.infer<typeof kebeleFarmer>;

/** A reach or adoption record on a farmer's page: which advisory, when, by whom. */
export const farmerRecordEntry = z.object({
  id,
  advisory: id,
  /** The advisory's label in the reader's language (spec §2's rule). */
  advisory_label: z.string(),
  created_at: z.string(),
  created_by: id,
  /** The recording DA's name. */
  created_by_name: z.string(),
  /** Until when it can be taken back (ISO time; past: no longer). */
  take_back_until: z.string(),
});
export type FarmerRecordEntry = z.infer<typeof farmerRecordEntry>;

/** GET /api/farmers/{id}/: the farmer, their group and registering DA, their records newest first. */
export const farmerPage = farmerRecord.extend({
  /** The kept farmer's name when merged into one of the same kebele (else null: none, or elsewhere). */
  duplicate_of_name: z.string().nullable(),
  group_name: z.string(),
  created_at: z.string(),
  created_by_name: z.string(),
  reach: z.array(farmerRecordEntry),
  adoption: z.array(farmerRecordEntry),
});
export type FarmerPage = z.infer<typeof farmerPage>;

/** POST …/{id}/take-back/: why (kept on the record and in the audit trail). */
export const takeBackPayload = z.object({ reason: text(500) }).strict();
export type TakeBackPayload = z.infer<typeof takeBackPayload>;

export const takenBackRecord = z.object({
  id,
  farmer: id,
  advisory: id,
  created_by: id,
  created_at: z.string(),
  taken_back_at: z.string(),
  taken_back_reason: z.string(),
});
export type TakenBackRecord = z.infer<typeof takenBackRecord>;

/** The 400 a possible duplicate gets (route-paths.ts `POSSIBLE_DUPLICATE`). */
export const possibleDuplicateError = z.object({
  error_code: z.literal('possible_duplicate'),
  non_field_errors: z.array(z.string()),
  duplicate_of: z.object({
    id,
    farmer_name: z.string(),
    father_name: z.string(),
    grand_father_name: z.string(),
    development_group: id,
    group_name: z.string(),
  }),
});
export type PossibleDuplicateError = z.infer<typeof possibleDuplicateError>;

/** GET /api/farmer-duplicates/: the kebele or the woreda whose likely duplicates to list. */
export const duplicatesQuery = z.object({ kebele: id.optional(), woreda: id.optional() });

/** One set of likely duplicates: farmers not retired sharing a phone, or three names in a kebele. */
export const duplicateSet = z.object({
  reason: z.enum(['phone', 'names']),
  /** The phone, or the names as compared (lower case, no accents). */
  key: z.string(),
  farmers: z.array(
    z.object({
      id,
      farmer_name: z.string(),
      father_name: z.string(),
      grand_father_name: z.string(),
      phone_number: z.string().nullable(),
      kebele: id,
      kebele_name: z.string(),
      development_group: id,
      group_name: z.string(),
      created_at: z.string(),
      reach: z.number().int().nonnegative(),
      adoption: z.number().int().nonnegative(),
    }),
  ),
});
export type DuplicateSet = z.infer<typeof duplicateSet>;

/** POST /api/farmers/merge/: the farmer kept, and the duplicate whose records move to them. */
export const mergePayload = z
  .object({ keep: bodyId, drop: bodyId })
  .strict()
  .refine((m) => m.keep !== m.drop, { path: ['drop'], message: 'merge_same' });
export type MergePayload = z.infer<typeof mergePayload>;

export const mergeResult = z.object({
  kept: farmerRecord,
  dropped: farmerRecord,
  /** Records moved to the kept farmer; `already`: pairs the kept farmer had (taken back only). */
  reach: z.object({ moved: z.number().int().nonnegative(), already: z.number().int().nonnegative() }),
  adoption: z.object({ moved: z.number().int().nonnegative(), already: z.number().int().nonnegative() }),
});
export type MergeResult = z.infer<typeof mergeResult>;
