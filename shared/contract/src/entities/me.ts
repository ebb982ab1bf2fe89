import { z } from 'zod';
import { id } from '../common';
import { language, verificationStatus } from '../enums';
import type { MeAnswer } from '../hub';
import { pendingEnrolment } from './enrolment';
import { grantPlace, heldGrant } from './grant';

/**
 * `GET /api/me/`: the calling Telegram user's own state, for the home hub opened from the chat's
 * menu button (initData proof, no link parameters). Only about the caller: no other user's data,
 * and no phone number but the DA's own (the update-profile screen looks its profile up by it).
 */
export const me = z.object({
  telegram_id: id,
  /** The private chat with the bot: for a bot user, the Telegram user id. */
  chat_id: z.number().int(),
  /** Null until the bot has seen the user (/start). */
  bot_user: z
    .object({
      id,
      verification_status: verificationStatus,
      /** The language chosen in the bot (/language; Telegram's on first contact). */
      language,
      /** A phone Telegram verified (a shared contact) is known. */
      phone_verified: z.boolean(),
      /**
       * That phone, the caller's own, in the form's 0-prefixed national shape: the DA registration
       * the hub opens is prefilled with it, as the bot's button is.
       */
      phone_number: z.string().nullable().optional(),
      /**
       * The organisation's DA list (`/development-agents/`: a DA profile or its roster) knows that
       * phone: the DA registration opens in update_outbound mode, as the bot's button does.
       */
      outbound_da: z.boolean().optional(),
      /** Has active notifications of their own: the list opens to remove them, grant or not. */
      has_notifications: z.boolean().optional(),
    })
    .nullable(),
  /** The DA this user acts as: linked and VERIFIED (docs/authorization.md); else null. */
  da: z
    .object({
      id,
      kebele: id,
      name: z.string(),
      /**
       * The DA's own verified phone (0-prefixed national form), which the update-profile screen
       * looks the profile up by; null when an operator linked a DA without one.
       */
      phone_number: z.string().nullable(),
    })
    .nullable(),
  /** The user's report-user profile, if they made one. */
  report_user: id.nullable(),
  /**
   * Operator grants on the user's verified phone: role and area, with the area's place in the
   * admin tree (the notification form offers only the areas a manager's grants cover).
   */
  grants: z.array(heldGrant.extend({ place: grantPlace.optional() })),
  /**
   * The caller's DA registration waiting for the organisation's decision (docs/authorization.md,
   * "Verification status"): the hub says so instead of offering to register again.
   */
  pending_enrolment: pendingEnrolment.nullable().optional(),
});
export type Me = z.infer<typeof me>;

type Holds<T extends true> = T;
/** The hub's zod-free reading of the answer (hub.ts) accepts this schema's output (else tsc fails). */
export type MeIsHubAnswer = Holds<Me extends MeAnswer ? true : false>;
