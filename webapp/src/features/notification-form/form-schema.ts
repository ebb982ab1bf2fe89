import { CONTENT_TYPES, FREQUENCIES, LIMITS, longText, text } from '@gebere/contract';
import { z } from 'zod';
import { INTERVAL_MAX, type NotificationFormValues } from './form-values';

/** Refinements (not z.enum), so one bad field does not stop the cross-field checks below. */
const oneOf = (values: readonly string[]) => z.string().refine((v) => values.includes(v));

/**
 * Spec §5: name, type, region and message required; frequency and interval required only when
 * send_now is false, interval a whole number (1–52, the contract's bound). Loaded with zod on
 * the first validation, not with the screen.
 */
export const notificationForm = z
  .object({
    name: text(),
    // Several lines are fine (the contract's free text); a name is one line.
    message: longText(LIMITS.longTextMax),
    content_type: oneOf(CONTENT_TYPES),
    region: z.string().min(1),
    zone: z.string(),
    woreda: z.string(),
    kebele: z.string(),
    send_now: z.boolean(),
    paid_broadcast: z.boolean(),
    frequency: z.string(),
    interval: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.send_now) return;
    if (!oneOf(FREQUENCIES).safeParse(v.frequency).success)
      ctx.addIssue({ code: 'custom', path: ['frequency'], message: 'required' });
    const interval = v.interval.trim();
    if (!/^\d+$/.test(interval) || Number(interval) < 1 || Number(interval) > INTERVAL_MAX)
      ctx.addIssue({ code: 'custom', path: ['interval'], message: 'interval' });
  }) as unknown as z.ZodType<NotificationFormValues>;
