import { z } from 'zod';
import { bodyId, id, text } from '../common';
import { gender } from '../enums';
import { normalisedPhone } from './farmer';

/**
 * A DA role: `name` (English, what the profile's `specialization` carries) and its Amharic name
 * (optional: the spec's backend lists id and name only).
 */
export const daRole = z.object({
  id,
  name: z.string(),
  name_am: z.string().nullable().optional(),
  name_om: z.string().nullable().optional(),
});
export type DaRole = z.infer<typeof daRole>;

/** The DA form's fields (spec §3); the form validates phones as 09/07 + 8 digits. */
export const daFormFields = {
  first_name: text(),
  father_name: text(),
  grand_father_name: text(),
  gender,
  region: id,
  zone: id,
  woreda: id,
  kebele: id,
  role: id,
} as const;

/** What is sent: phones normalised, gender sent as `sex`, created_by the bot user's id. */
export const daPayload = z
  .object({
    first_name: daFormFields.first_name,
    father_name: daFormFields.father_name,
    grand_father_name: daFormFields.grand_father_name,
    phone_number: normalisedPhone,
    telegram_phone_number: normalisedPhone,
    sex: gender,
    region: bodyId,
    zone: bodyId,
    woreda: bodyId,
    kebele: bodyId,
    role: bodyId,
    created_by: bodyId,
  })
  .strict();
export type DaPayload = z.infer<typeof daPayload>;

export const daProfile = daPayload.extend({
  id,
  /** Label of the DA's role; the update form matches the role option by it. */
  specialization: z.string().nullable(),
});
export type DaProfile = z.infer<typeof daProfile>;

/**
 * `/development-agents/`: a DA profile, or an entry of the organisation's roster (imported by an
 * operator, `gebere import roster`) that no profile has yet. A roster entry has no creator, its
 * telegram_phone_number is its phone_number, and its id (from 1e9 up) names no DA profile, so
 * the update_outbound form's update answers 404 and it registers (spec §4).
 */
export const outboundDa = daProfile.extend({ created_by: bodyId.nullable() });
export type OutboundDa = z.infer<typeof outboundDa>;
