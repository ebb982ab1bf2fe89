import { z } from 'zod';
import { bodyId, bodyString, id } from '../common';
import { language, verificationStatus } from '../enums';
import { pendingEnrolment } from './enrolment';
import { heldGrant } from './grant';

export const botUser = z.object({
  id,
  telegram_id: id,
  chat_id: z.number().int(),
  first_name: z.string(),
  language,
  phone_number: z.string().nullable(),
  verification_status: verificationStatus,
  /** The DA profile this Telegram user is, once known. */
  da_profile: id.nullable(),
  /** The report user profile this Telegram user made, if any. */
  report_user: id.nullable(),
  /** Roles an operator granted to this user's verified phone (docs/authorization.md). */
  grants: z.array(heldGrant),
  /** The linked DA's registration request still waiting for a decision, if any. */
  pending_enrolment: pendingEnrolment.nullable().optional(),
  /**
   * Has active notifications of their own (created_by): the notification list stays open to them
   * after a revocation, to remove them (an organisation's backend without it: false).
   */
  has_notifications: z.boolean().optional(),
});
export type BotUser = z.infer<typeof botUser>;

/**
 * Spec: PATCH carrying a status; the mini-app sends `{id, verification_status: 'VERIFIED'}`. A user
 * may ask for VERIFIED only when the server's rule holds (docs/authorization.md); other statuses,
 * `da_profile` and `phone_number` are the operator's (the phone only ever comes from a contact
 * Telegram verified, so a `phone_number` here is refused for everyone).
 */
export const botUserPatch = z
  .object({
    id: bodyId.optional(),
    verification_status: verificationStatus.optional(),
    language: language.optional(),
    phone_number: bodyString(32).nullable().optional(),
    /** Service token only: an operator links a Telegram user to a DA profile. */
    da_profile: bodyId.nullable().optional(),
  })
  .strict();
export type BotUserPatch = z.infer<typeof botUserPatch>;

/**
 * Bot-only call (service token): create or refresh the bot user of a Telegram user. `phone_number`
 * only from a contact Telegram verified (`contact.user_id` equal to the sender); with it the server
 * links the DA whose telegram_phone_number it is, or unlinks one it no longer is.
 */
export const botUserUpsert = z
  .object({
    telegram_id: bodyId,
    chat_id: z.number().int(),
    /** As Telegram gives it: bidi marks allowed (right-to-left names), NUL and lone surrogates not. */
    first_name: bodyString(255),
    language: language.optional(),
    phone_number: bodyString(32).nullable().optional(),
  })
  .strict();
export type BotUserUpsert = z.infer<typeof botUserUpsert>;
