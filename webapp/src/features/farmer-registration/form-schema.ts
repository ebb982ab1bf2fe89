import { gender, groupType, id, text } from '@gebere/contract';
import { PHONE_PATTERN } from '@gebere/phone';
import { z } from 'zod';

/**
 * Spec §5's farmer form rules over what the inputs hold. Loaded on the first validation (it
 * pulls in zod and the contract), never with the screen. `add_dev_group` picks the branch, so
 * only the group fields of the chosen way are required: the existing group's id, or the new
 * group's name and type. Unknown keys are stripped, so each branch outputs only its fields.
 */
const person = {
  farmer_name: text(),
  father_name: text(),
  grand_father_name: text(),
  // No trimming: the form shows the error rather than guessing (see @gebere/phone).
  phone_number: z.string().regex(PHONE_PATTERN),
  gender,
};

/** A group kept offline, not saved yet: `@` and its outbox record's key (form-values.ts). */
const keptGroup = z.string().regex(/^@[\w-]{1,100}$/);

export const farmerFormSchema = z.discriminatedUnion('add_dev_group', [
  z.object({ ...person, add_dev_group: z.literal(false), development_group: z.union([id, keptGroup]) }),
  z.object({ ...person, add_dev_group: z.literal(true), group_name: text(), group_type: groupType }),
]);

export type FarmerFormOutput = z.infer<typeof farmerFormSchema>;
