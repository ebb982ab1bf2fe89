import { daFormFields } from '@gebere/contract';
import { PHONE_PATTERN } from '@gebere/phone';
import { z } from 'zod';

/**
 * The DA form as typed (spec §5): every field required, both phones in the form's 09/07 + 8
 * digits. Loaded lazily by the form's resolver, so zod and the contract stay off the first load.
 */
export const daFormSchema = z.object({
  ...daFormFields,
  phone_number: z.string().regex(PHONE_PATTERN),
  telegram_phone_number: z.string().regex(PHONE_PATTERN),
});
export type DaFormOutput = z.infer<typeof daFormSchema>;
