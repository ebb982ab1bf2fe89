import type { LIMITS as ContractLimits } from '@gebere/contract';

/** Spec §9: a notification's name shows at most 20 characters in the list (zod-free copy). */
export const NAME_CHARS = 20 satisfies (typeof ContractLimits)['notificationNameChars'];

/** The first `max` characters and an ellipsis when longer (spec §2); counted in characters, not UTF-16 units. */
export function truncateName(name: string, max = NAME_CHARS): string {
  const chars = Array.from(name);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : name;
}
