import { z } from 'zod';
import { bodyId, id, text } from '../common';
import { gender } from '../enums';
import { normalisedPhone } from './farmer';

export const reportUserPayload = z
  .object({
    name: text(),
    phone_no: normalisedPhone,
    gender,
    region: bodyId,
    zone: bodyId,
    woreda: bodyId,
    /** The messaging (Telegram) user's id. */
    created_by: bodyId,
  })
  .strict();
export type ReportUserPayload = z.infer<typeof reportUserPayload>;

export const reportUser = reportUserPayload.extend({ id });
export type ReportUser = z.infer<typeof reportUser>;
