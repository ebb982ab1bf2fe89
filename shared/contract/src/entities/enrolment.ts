import { z } from 'zod';
import { bodyId, id } from '../common';
import { language, verificationStatus } from '../enums';
import { daProfile } from './da';
import { roleGrant } from './grant';

/**
 * Enrolment (docs/authorization.md, "Verification status"): who becomes a DA is the
 * organisation's decision. A registration whose verified phone the organisation's roster lists
 * for that kebele is VERIFIED at once; any other is a request for that kebele, which a supervisor
 * whose grant covers it (through the bot) or an operator (`gebere approve|reject`) decides.
 */

/** Who decides a request still open: the supervisors the bot asked, or (none) an operator. */
export const ENROLMENT_DECIDERS = ['supervisor', 'operator'] as const;
export type EnrolmentDecider = (typeof ENROLMENT_DECIDERS)[number];

/**
 * Where the caller's registration stands, in the DA create and update answers: VERIFIED (the
 * roster, or an approval for this kebele), PENDING with who will decide, or REJECTED.
 */
export const enrolmentState = z.object({
  status: verificationStatus,
  waiting_for: z.enum(ENROLMENT_DECIDERS).nullable(),
});
export type EnrolmentState = z.infer<typeof enrolmentState>;

/** A linked DA's open request: the kebele asked for, and who will decide. */
export const pendingEnrolment = z.object({ kebele: id, waiting_for: z.enum(ENROLMENT_DECIDERS) });
export type PendingEnrolment = z.infer<typeof pendingEnrolment>;

/** The DA create and update answers: the profile (spec §3), and where the registration stands. */
export const daSaved = daProfile.extend({ enrolment: enrolmentState.optional() });
export type DaSaved = z.infer<typeof daSaved>;

const named = z.object({
  id,
  name: z.string(),
  name_am: z.string().nullable(),
  name_om: z.string().nullable(),
});

/** A kebele with the areas above it, each with its names. */
export const areaPath = z.object({ kebele: named, woreda: named, zone: named, region: named });
export type AreaPath = z.infer<typeof areaPath>;

export const ENROLMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const enrolmentStatus = z.enum(ENROLMENT_STATUSES);
export type EnrolmentStatus = z.infer<typeof enrolmentStatus>;

/** Who decided: a supervisor (through the bot), an operator, the demo seed, or the rule's arrival. */
export const ENROLMENT_DECIDED_BY = ['supervisor', 'operator', 'seed', 'before'] as const;

/** A request as operators see it (service token only: it carries phone numbers). */
export const daEnrolment = z.object({
  id,
  status: enrolmentStatus,
  created_at: z.string(),
  decided_at: z.string().nullable(),
  decided_by: z
    .object({
      kind: z.enum(ENROLMENT_DECIDED_BY),
      /** The supervisor's Telegram first name and phone; null otherwise. */
      name: z.string().nullable(),
      phone_number: z.string().nullable(),
    })
    .nullable(),
  da: z.object({
    id,
    first_name: z.string(),
    father_name: z.string(),
    grand_father_name: z.string(),
    /** The Telegram phone: the verified phone of the account that registered. */
    phone_number: z.string(),
    role: z.string().nullable(),
    role_am: z.string().nullable(),
    role_om: z.string().nullable(),
  }),
  area: areaPath,
  /** The DA's bot user, while an account holds the profile. */
  bot_user: z.object({ id, telegram_id: id, language }).nullable(),
  /** The supervisors the bot asked, and whether their message went out. */
  asked: z.array(
    z.object({
      name: z.string(),
      phone_number: z.string().nullable(),
      message: z.enum(['queued', 'sent', 'failed']),
    }),
  ),
});
export type DaEnrolment = z.infer<typeof daEnrolment>;

export const enrolmentListQuery = z.object({
  status: enrolmentStatus.optional(),
  /** The DA's phone (Telegram or work phone, any usual form). */
  phone_number: z.string().min(1).max(32).optional(),
});

/**
 * A decision. From the bot, `telegram_id` is the user who tapped Approve or Reject (Telegram
 * authenticates the callback): the backend checks, at that moment, that they hold a supervisor
 * grant covering the kebele. Without it the decision is an operator's.
 */
export const enrolmentDecision = z
  .object({ decision: z.enum(['approved', 'rejected']), telegram_id: bodyId.optional() })
  .strict();
export type EnrolmentDecision = z.infer<typeof enrolmentDecision>;

/** `decided`, or `already_decided` (by whom: `enrolment.decided_by`); nothing changed then. */
export const enrolmentDecided = z.object({
  outcome: z.enum(['decided', 'already_decided']),
  enrolment: daEnrolment,
});
export type EnrolmentDecided = z.infer<typeof enrolmentDecided>;

/** `gebere who <phone>`: what the backend knows of a phone number (service token only). */
const auditSummary = z.object({
  count: z.number().int(),
  last: z
    .object({
      at: z.string(),
      route: z.string().nullable(),
      table_name: z.string(),
      record_id: id.nullable(),
    })
    .nullable(),
});

export const person = z.object({
  phone_number: z.string(),
  da_profiles: z.array(daProfile.extend({ area: areaPath, role_name: z.string().nullable() })),
  bot_user: z
    .object({
      id,
      telegram_id: id,
      first_name: z.string(),
      language,
      verification_status: verificationStatus,
      status_by_operator: z.boolean(),
      phone_verified: z.boolean(),
      da_profile: id.nullable(),
    })
    .nullable(),
  /** The roster entry of this phone, if the organisation lists it. */
  roster: z.object({ kebele: areaPath, role: z.string().nullable() }).nullable(),
  grants: z.array(roleGrant),
  enrolments: z.array(daEnrolment),
  /** The audit trail: writes this phone's user made, and changes to this person's own records. */
  audit: z.object({
    by: auditSummary,
    about: auditSummary,
  }),
});
export type Person = z.infer<typeof person>;
