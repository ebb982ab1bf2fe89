import { z } from 'zod';
import { bodyId, id, longText, paginateQuery, text } from '../common';
import { contentType, frequency, LIMITS, locationType } from '../enums';

/** Ids in the body: JSON numbers only (`true` or `"7"` is a 400, never 1 or 7). */
const nullableId = bodyId.nullable().optional();

const notificationFields = z.object({
  name: text(LIMITS.notificationNameMax),
  message: longText(LIMITS.notificationMessageMax),
  content_type: contentType,
  send_now: z.boolean().optional(),
  location_type: locationType.optional(),
  location_id: nullableId,
  region_id: nullableId,
  zone_id: nullableId,
  woreda_id: nullableId,
  kebele_id: nullableId,
  frequency: frequency.nullable().optional(),
  /** Spec: "interval is numeric"; every `interval` weeks or months. */
  // Not an id: the spec's screen may send the typed text ("2"), so digits are read as a number.
  interval: z.coerce.number().int().min(1).max(52).nullable().optional(),
  /**
   * Telegram's paid broadcast (`allow_paid_broadcast`): faster, billed in Stars (PAID_BROADCAST).
   * Send-now only, and only for a national manager (docs/authorization.md).
   */
  paid_broadcast: z.boolean().optional(),
});

type ScheduleFields = {
  send_now?: boolean | undefined;
  paid_broadcast?: boolean | undefined;
  frequency?: unknown;
  interval?: unknown;
  location_type?: string | undefined;
  location_id?: unknown;
};

/**
 * Spec §4: send_now means an immediate send with no frequency or interval; otherwise both are
 * required. A location other than 'all' needs its area id.
 */
export function checkSchedule(n: ScheduleFields, ctx: z.RefinementCtx): void {
  if (n.send_now) {
    if (n.frequency != null)
      ctx.addIssue({ code: 'custom', path: ['frequency'], message: 'not_with_send_now' });
    if (n.interval != null)
      ctx.addIssue({ code: 'custom', path: ['interval'], message: 'not_with_send_now' });
  } else {
    if (n.paid_broadcast)
      ctx.addIssue({ code: 'custom', path: ['paid_broadcast'], message: 'paid_needs_send_now' });
    if (n.frequency == null) ctx.addIssue({ code: 'custom', path: ['frequency'], message: 'required' });
    if (n.interval == null) ctx.addIssue({ code: 'custom', path: ['interval'], message: 'required' });
  }
  if (n.location_type && n.location_type !== 'all' && n.location_id == null)
    ctx.addIssue({ code: 'custom', path: ['location_id'], message: 'required' });
}

export const notificationPayload = notificationFields
  .extend({ created_by: bodyId })
  .strict()
  .superRefine(checkSchedule);
export type NotificationPayload = z.infer<typeof notificationPayload>;

/**
 * PUT update-settings: the same fields, or only `{active: false}` to remove. The spec's screen
 * sends the create body again, so `created_by` may come along; it must then be the creator.
 */
export const notificationSettings = z.union([
  z.object({ active: z.literal(false) }).strict(),
  notificationFields
    .extend({ active: z.boolean().optional(), created_by: bodyId.optional() })
    .strict()
    .superRefine(checkSchedule),
]);
export type NotificationSettings = z.infer<typeof notificationSettings>;

export const deliveryCounts = z.object({
  queued: z.number().int().nonnegative(),
  sent: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
});
export type DeliveryCounts = z.infer<typeof deliveryCounts>;

/**
 * Why an active notification is not being sent (docs/authorization.md, "Revocation"): `grant`,
 * its creator's grants no longer cover its target (paused when a grant was revoked); `operator`,
 * an operator stopped it. Only an operator resumes it (`gebere notifications resume`).
 */
export const PAUSE_REASONS = ['grant', 'operator'] as const;
export const pauseReason = z.enum(PAUSE_REASONS);
export type PauseReason = z.infer<typeof pauseReason>;

export const locationNotification = notificationFields.extend({
  id,
  send_now: z.boolean(),
  location_type: locationType,
  paid_broadcast: z.boolean(),
  active: z.boolean(),
  /** Null (or absent: a backend without pauses) while it is being sent. */
  paused: pauseReason.nullable().optional(),
  paused_at: z.string().nullable().optional(),
  created_by: id,
  created_at: z.string(),
});
export type LocationNotification = z.infer<typeof locationNotification>;

/** The operator's list (`gebere notifications`): every active notification, with its creator's phone. */
export const operatorNotificationsQuery = paginateQuery.extend({
  phone_number: z.string().min(1).max(32).optional(),
  paused: z.enum(['true', 'false']).optional(),
});
export const operatorNotification = locationNotification.extend({
  /** The creator's verified phone (national form), null if they have none now. */
  creator_phone: z.string().nullable(),
});
export type OperatorNotification = z.infer<typeof operatorNotification>;

/**
 * The details call's deliveries: the counts, the rate the engine sends at (messages a second), and
 * when the queued ones are expected to be out (null: none queued). The rule is in
 * bot/src/notifications/README.md, "Expected finish".
 */
export const deliveryProgress = deliveryCounts.extend({
  rate_per_second: z.number().positive(),
  expected_finish: z.string().nullable(),
});
export type DeliveryProgress = z.infer<typeof deliveryProgress>;

export const notificationDetails = locationNotification.extend({ deliveries: deliveryProgress });
export type NotificationDetails = z.infer<typeof notificationDetails>;

/**
 * GET …/recipients/: the target a notification would have (`all`, or a level and its area id),
 * before it is saved; the same fields and rules as the body's.
 */
export const recipientsQuery = z
  .object({ location_type: locationType.optional(), location_id: id.optional() })
  .superRefine((q, ctx) => {
    if ((q.location_type ?? 'all') === 'all') {
      if (q.location_id != null)
        ctx.addIssue({ code: 'custom', path: ['location_id'], message: 'not_with_all' });
    } else if (q.location_id == null)
      ctx.addIssue({ code: 'custom', path: ['location_id'], message: 'required' });
  });
export type RecipientsQuery = z.infer<typeof recipientsQuery>;

/**
 * How many DAs a notification to that target would reach now (the engine's rule), and what the
 * form needs to say how long a send-now would take: each lane's rate (the engine's, as recorded)
 * and the send-now deliveries already queued in it, which a new one waits behind.
 */
export const notificationRecipients = z.object({
  recipients: z.number().int().nonnegative(),
  rate_per_second: z.number().positive(),
  paid_rate_per_second: z.number().positive(),
  send_now_queued: z.number().int().nonnegative(),
  paid_queued: z.number().int().nonnegative(),
});
export type NotificationRecipients = z.infer<typeof notificationRecipients>;
