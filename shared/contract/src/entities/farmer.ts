import { NATIONAL_PHONE_PATTERN } from '@gebere/phone';
import { z } from 'zod';
import { bodyId, id, text } from '../common';
import { gender } from '../enums';
import { farmerNewGroup, newGroupFields } from './development-group';

/** Normalised national number as spec §5 sends it: 9 digits starting with 9 or 7. */
export const normalisedPhone = z.string().regex(NATIONAL_PHONE_PATTERN, 'phone_number_validation');

const farmerBase = z.object({
  farmer_name: text(),
  father_name: text(),
  grand_father_name: text(),
  phone_number: normalisedPhone,
  gender,
  created_by: bodyId,
  kebele: bodyId,
  /**
   * The DA saw the "same three names in this kebele" answer (`possible_duplicate`, route-paths.ts) and
   * confirms this is another person (beyond the spec).
   */
  register_anyway: z.boolean().optional(),
});

/**
 * Spec §3's three ways to give a farmer's group: an existing group id; `outbound_development_group`
 * when the chosen group has a creator; or a new group object `{type, name}`, created in the same
 * transaction. The server still reads a new group as `{group_name, group_type}`, as the app sent
 * it before: farmers kept offline in an older app's outbox are still sent that way.
 */
export const farmerPayload = z.union([
  farmerBase.extend({ development_group: bodyId }).strict(),
  farmerBase.extend({ outbound_development_group: bodyId }).strict(),
  farmerBase.extend({ development_group: farmerNewGroup }).strict(),
  farmerBase.extend({ development_group: newGroupFields }).strict(),
]);
export type FarmerPayload = z.infer<typeof farmerPayload>;

export const farmerListed = z.object({
  id,
  farmer_name: z.string(),
  father_name: z.string(),
  grand_father_name: z.string(),
});
export type FarmerListed = z.infer<typeof farmerListed>;

export const farmer = farmerListed.extend({
  phone_number: z.string().nullable(),
  gender,
  kebele: id,
  development_group: id,
  created_by: id,
});
export type Farmer = z.infer<typeof farmer>;
