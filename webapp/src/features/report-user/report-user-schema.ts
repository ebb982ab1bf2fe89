import { id, reportUserPayload } from '@gebere/contract';
import { PHONE_PATTERN } from '@gebere/phone';
import { z } from 'zod';

/**
 * The report user form as typed (spec §5): name, phone_no (09/07 + 8 digits), gender, region,
 * zone and woreda, all required. Loaded lazily by the resolver, with zod and the contract.
 */
export const reportUserFormSchema = reportUserPayload
  .omit({ created_by: true })
  // The selects hold the area ids as text; the payload sends them as numbers.
  .extend({ phone_no: z.string().regex(PHONE_PATTERN), region: id, zone: id, woreda: id });
export type ReportUserFormOutput = z.infer<typeof reportUserFormSchema>;
