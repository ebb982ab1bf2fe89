import type { LIMITS as ContractLimits, Gender, GroupType } from '@gebere/contract';

/**
 * Zod-free copies of the contract constants that first-load code needs. Importing any value
 * from `@gebere/contract` pulls in zod and every schema (~26 KB compressed), so screens import
 * these instead; the types below fail the build if the contract's change, and
 * constants.test.ts compares the values at run time.
 */
export const GROUP_TYPES = ['men_only', 'women_only', 'mixed'] as const satisfies readonly GroupType[];
type MissingGroupType = Exclude<GroupType, (typeof GROUP_TYPES)[number]>;
const groupTypesComplete: [MissingGroupType] extends [never] ? true : MissingGroupType = true;
void groupTypesComplete;

/** Spec §9: gender options (DA, report user and farmer forms). */
export const GENDERS = ['male', 'female'] as const satisfies readonly Gender[];
type MissingGender = Exclude<Gender, (typeof GENDERS)[number]>;
const gendersComplete: [MissingGender] extends [never] ? true : MissingGender = true;
void gendersComplete;

export const TOAST_MS = 3000 satisfies (typeof ContractLimits)['toastMs'];
export const TOAST_MS_FARMER = 5000 satisfies (typeof ContractLimits)['toastMsFarmer'];
