import type { DaPayload, DaProfile, DaRole, Gender, OutboundDa } from '@gebere/contract';
import { normalizePhone, prefillPhone } from '@gebere/phone';
import { genderOf, idText, textOf } from '../../lib/forms/fix';
import type { DaFormOutput } from './da-form-schema';

/** What the inputs hold: text, '' for nothing chosen, ids as strings (the schema coerces). */
export interface DaFormValues {
  first_name: string;
  father_name: string;
  grand_father_name: string;
  phone_number: string;
  telegram_phone_number: string;
  gender: Gender | '';
  region: string;
  zone: string;
  woreda: string;
  kebele: string;
  role: string;
}

export const DA_FIELDS = [
  'first_name',
  'father_name',
  'grand_father_name',
  'phone_number',
  'telegram_phone_number',
  'gender',
  'region',
  'zone',
  'woreda',
  'kebele',
  'role',
] as const satisfies readonly (keyof DaFormValues)[];

/** 400 field names of the payload that the form calls otherwise. */
export const DA_FIELD_RENAMES = { sex: 'gender' } as const;

/**
 * A new registration: both phones prefilled from the number Telegram shared with the bot (the
 * link's `phone_number`), a 9… number getting its leading 0 (spec §5).
 */
export function emptyDaValues(phoneParam: string | null | undefined): DaFormValues {
  const phone = prefillPhone(phoneParam);
  return {
    first_name: '',
    father_name: '',
    grand_father_name: '',
    phone_number: phone,
    telegram_phone_number: phone,
    gender: '',
    region: '',
    zone: '',
    woreda: '',
    kebele: '',
    role: '',
  };
}

const label = (s: string) => s.trim().toLocaleLowerCase();

/**
 * Spec §3: on update the role option is matched by the label of the profile's
 * `specialization`. Falls back to the profile's role id when no label matches (a renamed
 * role), and to nothing when neither is in the list.
 */
export function matchRole(
  roles: readonly DaRole[],
  profile: Pick<DaProfile, 'specialization' | 'role'>,
): string {
  const wanted = profile.specialization ? label(profile.specialization) : '';
  const byLabel = wanted ? roles.find((r) => label(r.name) === wanted) : undefined;
  const byId = roles.find((r) => r.id === profile.role);
  const role = byLabel ?? byId;
  return role ? String(role.id) : '';
}

/**
 * The update form: every field from the stored profile (or the organisation's roster entry),
 * phones in the form's 0… shape. `telegramPhone` (update_outbound: the number Telegram verified,
 * the link's) is the Telegram phone: the one the server accepts, whatever the entry carries.
 */
export function daValuesFromProfile(
  profile: OutboundDa,
  roles: readonly DaRole[],
  telegramPhone?: string | null,
): DaFormValues {
  return {
    first_name: profile.first_name,
    father_name: profile.father_name,
    grand_father_name: profile.grand_father_name,
    phone_number: prefillPhone(profile.phone_number),
    telegram_phone_number: prefillPhone(telegramPhone || profile.telegram_phone_number),
    gender: profile.sex,
    region: String(profile.region),
    zone: String(profile.zone),
    woreda: String(profile.woreda),
    kebele: String(profile.kebele),
    role: matchRole(roles, profile),
  };
}

/**
 * The contract's daPayload: phones normalised (9 digits), gender sent as `sex`, created_by the
 * bot user of the link. The form has already checked the phones, so normalisation succeeds;
 * the raw value is kept otherwise and the server's 400 explains it.
 */
export function toDaPayload(values: DaFormOutput, createdBy: number): DaPayload {
  const { gender, phone_number, telegram_phone_number, ...rest } = values;
  return {
    ...rest,
    phone_number: normalizePhone(phone_number) ?? phone_number,
    telegram_phone_number: normalizePhone(telegram_phone_number) ?? telegram_phone_number,
    sex: gender,
    created_by: createdBy,
  };
}

/** The name the bot's summary shows: first, father's and grandfather's names. */
export function daFullName(p: Pick<DaPayload, 'first_name' | 'father_name' | 'grand_father_name'>): string {
  return [p.first_name, p.father_name, p.grand_father_name]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' ');
}

/** The form's values for a payload the outbox kept (a refused registration or update, to fix it). */
export function daValuesFromPayload(body: unknown): DaFormValues | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Partial<Record<keyof DaPayload, unknown>>;
  return {
    first_name: textOf(b.first_name),
    father_name: textOf(b.father_name),
    grand_father_name: textOf(b.grand_father_name),
    phone_number: prefillPhone(textOf(b.phone_number)),
    telegram_phone_number: prefillPhone(textOf(b.telegram_phone_number)),
    gender: genderOf(b.sex),
    region: idText(b.region),
    zone: idText(b.zone),
    woreda: idText(b.woreda),
    kebele: idText(b.kebele),
    role: idText(b.role),
  };
}
