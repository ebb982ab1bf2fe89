import { gender, id, text } from '@gebere/contract';
import { PHONE_PATTERN } from '@gebere/phone';
import { z } from 'zod';

/**
 * A correction keeps the registration's rules (spec §5, farmer-registration/form-schema.ts): the
 * three names, the phone as typed (09…/07…), the gender, and a group of the kebele. Loaded on the
 * first validation, never with the screen.
 */
export const correctSchema = z.object({
  farmer_name: text(),
  father_name: text(),
  grand_father_name: text(),
  phone_number: z.string().regex(PHONE_PATTERN),
  gender,
  development_group: id,
});
export type CorrectOutput = z.infer<typeof correctSchema>;
