import type { Gender, ReportUser, ReportUserPayload } from '@gebere/contract';
import { normalizePhone, prefillPhone } from '@gebere/phone';
import { genderOf, idText, textOf } from '../../lib/forms/fix';
import type { ReportUserFormOutput } from './report-user-schema';

/** What the inputs hold: text, '' for nothing chosen, ids as strings (the schema coerces). */
export interface ReportUserFormValues {
  name: string;
  phone_no: string;
  gender: Gender | '';
  region: string;
  zone: string;
  woreda: string;
}

export const REPORT_USER_FIELDS = [
  'name',
  'phone_no',
  'gender',
  'region',
  'zone',
  'woreda',
] as const satisfies readonly (keyof ReportUserFormValues)[];

export const emptyReportUserValues: ReportUserFormValues = {
  name: '',
  phone_no: '',
  gender: '',
  region: '',
  zone: '',
  woreda: '',
};

/** The update form: the stored profile, its phone in the form's 0… shape. */
export function reportUserValues(profile: ReportUser): ReportUserFormValues {
  return {
    name: profile.name,
    phone_no: prefillPhone(profile.phone_no),
    gender: profile.gender,
    region: String(profile.region),
    zone: String(profile.zone),
    woreda: String(profile.woreda),
  };
}

/** The contract's payload: the phone normalised (spec §5), created_by the acting Telegram user. */
export function toReportUserPayload(values: ReportUserFormOutput, createdBy: number): ReportUserPayload {
  return {
    ...values,
    phone_no: normalizePhone(values.phone_no) ?? values.phone_no,
    created_by: createdBy,
  };
}

/** The form's values for a payload the outbox kept (a refused registration or update, to fix it). */
export function reportUserValuesFromPayload(body: unknown): ReportUserFormValues | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Partial<Record<keyof ReportUserPayload, unknown>>;
  return {
    name: textOf(b.name),
    phone_no: prefillPhone(textOf(b.phone_no)),
    gender: genderOf(b.gender),
    region: idText(b.region),
    zone: idText(b.zone),
    woreda: idText(b.woreda),
  };
}
