import { z } from 'zod';
import { bodyId, id, text } from '../common';
import { groupType } from '../enums';

export const developmentGroup = z.object({
  id,
  group_name: z.string(),
  group_type: groupType,
  kebele: id,
  /** The DA who made the group; null for groups imported without a creator. */
  created_by: id.nullable(),
});
export type DevelopmentGroup = z.infer<typeof developmentGroup>;

export const newGroupFields = z.object({ group_name: text(), group_type: groupType });
export type NewGroupFields = z.infer<typeof newGroupFields>;

/** Spec §3: a new group inside a farmer payload, "an object with type and name". */
export const farmerNewGroup = z.object({ type: groupType, name: text() });
export type FarmerNewGroup = z.infer<typeof farmerNewGroup>;

export const developmentGroupPayload = newGroupFields.extend({ kebele: bodyId, created_by: bodyId });
export type DevelopmentGroupPayload = z.infer<typeof developmentGroupPayload>;
