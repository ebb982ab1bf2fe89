import type {
  DevelopmentGroup,
  Farmer,
  FarmerPayload,
  Gender,
  GroupType,
  HandBackResult,
} from '@gebere/contract';
import { clip, farmerFullName, LIMITS } from '@gebere/contract/rules';
import { normalizePhone, prefillPhone } from '@gebere/phone';
import { genderOf, textOf } from '../../lib/forms/fix';
import type { KeptGroup } from '../../lib/outbox/view';
import type { FarmerFormOutput } from './form-schema';

/** What the inputs hold: texts, '' for nothing chosen, the group id as a string. */
export interface FarmerFormValues {
  farmer_name: string;
  father_name: string;
  grand_father_name: string;
  phone_number: string;
  gender: Gender | '';
  /** Spec §2: true → a new group (name + type) instead of an existing one. */
  add_dev_group: boolean;
  development_group: string;
  group_name: string;
  group_type: GroupType | '';
}

export const EMPTY_FARMER_FORM: FarmerFormValues = {
  farmer_name: '',
  father_name: '',
  grand_father_name: '',
  phone_number: '',
  gender: '',
  add_dev_group: false,
  development_group: '',
  group_name: '',
  group_type: '',
};

type FieldName = keyof FarmerFormValues;
const PERSON_FIELDS = ['farmer_name', 'father_name', 'grand_father_name', 'phone_number', 'gender'] as const;

/** The form fields a 400 may name, for the way the group was given (hidden fields get none). */
export function serverErrorFields(addDevGroup: boolean): readonly FieldName[] {
  return addDevGroup
    ? [...PERSON_FIELDS, 'group_name', 'group_type']
    : [...PERSON_FIELDS, 'development_group'];
}

/**
 * Payload names of a 400 that are not the form's: the new group's fields arrive nested
 * (`development_group.name`), an outbound group's error under its payload name.
 */
export function serverErrorRename(addDevGroup: boolean): Record<string, FieldName> {
  return addDevGroup
    ? {
        'development_group.name': 'group_name',
        'development_group.type': 'group_type',
        // A farmer an older app kept offline, refused on sync and opened to fix.
        'development_group.group_name': 'group_name',
        'development_group.group_type': 'group_type',
        development_group: 'group_name',
      }
    : { outbound_development_group: 'development_group' };
}

/** The select's value for a group kept offline (not saved yet): `@` and its record's key. */
export const keptGroupValue = (group: Pick<KeptGroup, 'key'>) => `@${group.key}`;

/**
 * Where the form starts: empty, or the draft this DA left (a WebView reload), with choices that
 * are no longer possible dropped. With no groups in the kebele the only way is a new group. A
 * group kept offline stays chosen (the outbox lists it once loaded).
 */
export function initialValues(draft: Partial<FarmerFormValues>, groups: readonly DevelopmentGroup[]) {
  const values: FarmerFormValues = { ...EMPTY_FARMER_FORM, ...draft };
  const chosen = values.development_group;
  if (!chosen.startsWith('@') && !groups.some((g) => String(g.id) === chosen)) values.development_group = '';
  if (!groups.length && !chosen.startsWith('@')) values.add_dev_group = true;
  return values;
}

export type PayloadProblem = 'phone_number' | 'development_group';

/**
 * Spec §3's three variants, plus created_by (the DA) and kebele from the link:
 * an existing group without a creator → `development_group: id`; one that has a creator →
 * `outbound_development_group: id`; a new group → `development_group: {type, name}`.
 * The phone goes in its normalised form (§5). Returns the field at fault when it cannot be built.
 */
export function buildFarmerPayload(
  values: FarmerFormOutput,
  groups: readonly DevelopmentGroup[],
  context: { daId: number; kebeleId: number },
  kept: readonly KeptGroup[] = [],
): { ok: true; payload: FarmerPayload; groupName: string } | { ok: false; field: PayloadProblem } {
  const phone = normalizePhone(values.phone_number);
  if (phone === null) return { ok: false, field: 'phone_number' };
  const person = {
    farmer_name: values.farmer_name,
    father_name: values.father_name,
    grand_father_name: values.grand_father_name,
    phone_number: phone,
    gender: values.gender,
    created_by: context.daId,
    kebele: context.kebeleId,
  };
  if (values.add_dev_group) {
    const { group_name, group_type } = values;
    return {
      ok: true,
      payload: { ...person, development_group: { type: group_type, name: group_name } },
      groupName: group_name,
    };
  }
  const chosen = String(values.development_group);
  const waiting = kept.find((g) => keptGroupValue(g) === chosen);
  // A group kept offline, not saved yet: the outbox puts its id in place once it is (a DA's group).
  if (waiting)
    return {
      ok: true,
      payload: { ...person, outbound_development_group: waiting.ref as unknown as number },
      groupName: waiting.name,
    };
  const group = groups.find((g) => g.id === values.development_group);
  if (!group) return { ok: false, field: 'development_group' };
  const payload: FarmerPayload =
    group.created_by != null
      ? { ...person, outbound_development_group: group.id }
      : { ...person, development_group: group.id };
  return { ok: true, payload, groupName: group.group_name };
}

export type FarmerRegistered = Extract<HandBackResult, { kind: 'farmer_registered' }>;

const jsonBytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

/**
 * What goes back to the chat on 201 (spec §4: "the data and status_code 201 go to the
 * container"): the saved farmer as the server returned it and the status, plus the names the
 * bot's summary says. Ethiopic names of 255 characters each still fit the 4096 bytes; only
 * pathological ones (every character escaped in JSON) are cut until the result fits.
 */
export function farmerRegisteredResult(farmer: Farmer, groupName: string): FarmerRegistered {
  let max: number = LIMITS.textMax;
  for (;;) {
    const result: FarmerRegistered = {
      kind: 'farmer_registered',
      farmer_id: farmer.id,
      name: clip(farmerFullName(farmer), Math.min(max, LIMITS.handBackNameMax)),
      group_name: clip(groupName.trim(), Math.min(max, LIMITS.handBackNameMax)),
      status_code: 201,
      data: {
        id: farmer.id,
        farmer_name: clip(farmer.farmer_name, max),
        father_name: clip(farmer.father_name, max),
        grand_father_name: clip(farmer.grand_father_name, max),
        phone_number: farmer.phone_number,
        gender: farmer.gender,
        kebele: farmer.kebele,
        development_group: farmer.development_group,
        created_by: farmer.created_by,
      },
    };
    if (jsonBytes(result) <= LIMITS.sendDataBytes || max <= 1) return result;
    max = Math.floor(max / 2);
  }
}

/**
 * "Register another": the next farmer starts blank in the group the last one went into (a group
 * the last farmer created is now an existing one).
 */
export function nextFarmerValues(saved: FarmerRegistered): FarmerFormValues {
  const group = saved.data?.development_group;
  return { ...EMPTY_FARMER_FORM, development_group: group ? String(group) : '' };
}

/** The group a farmer created (add_dev_group), as the form lists existing groups. */
export function createdGroup(
  saved: FarmerRegistered,
  values: FarmerFormOutput,
  context: { daId: number; kebeleId: number },
): DevelopmentGroup | null {
  const id = saved.data?.development_group;
  if (!values.add_dev_group || !id) return null;
  return {
    id,
    group_name: saved.group_name,
    group_type: values.group_type,
    kebele: context.kebeleId,
    created_by: context.daId,
  };
}

/**
 * Whether nothing of a next farmer is typed yet: the farmer's own fields all empty, and no new
 * group named (the next farmer of a batch not begun).
 */
export function noFarmerYet(
  values: Partial<Pick<FarmerFormValues, (typeof PERSON_FIELDS)[number] | 'add_dev_group' | 'group_name'>>,
): boolean {
  return (
    PERSON_FIELDS.every((f) => !values[f]?.trim()) && !(values.add_dev_group && values.group_name?.trim())
  );
}

/**
 * The chat's summary for the farmers saved in one visit of the form: one farmer is spec §4's
 * `farmer_registered` (with the saved data); several are one `farmers_registered` listing each
 * with what spec §4 hands back for it (its data and status_code 201), names shortened until it
 * fits sendData (LIMITS.farmerBatchMax farmers fit, whatever their names).
 */
export function batchResult(saved: readonly FarmerRegistered[]): HandBackResult | null {
  const [only] = saved;
  if (!only) return null;
  if (saved.length === 1) return only;
  const cut = (text: string, max: number) => clip(text, max, '…');
  let max: number = LIMITS.handBackNameMax;
  for (;;) {
    const result: HandBackResult = {
      kind: 'farmers_registered',
      farmers: saved.slice(-LIMITS.farmerBatchMax).map((f) => ({
        farmer_id: f.farmer_id,
        name: cut(f.name, max),
        group_name: cut(f.group_name, max),
        status_code: 201 as const,
        ...(f.data
          ? {
              data: {
                ...f.data,
                farmer_name: cut(f.data.farmer_name, max),
                father_name: cut(f.data.father_name, max),
                grand_father_name: cut(f.data.grand_father_name, max),
              },
            }
          : {}),
      })),
    };
    if (jsonBytes(result) <= LIMITS.sendDataBytes || max <= 4) return result;
    max = Math.floor(max / 2);
  }
}

/**
 * The form's values for a payload the outbox kept (a refused farmer, opened to fix it): the
 * inverse of {@link buildFarmerPayload}, a group kept offline as its `@key`.
 */
export function farmerValuesFromPayload(body: unknown): FarmerFormValues | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  const values: FarmerFormValues = {
    ...EMPTY_FARMER_FORM,
    farmer_name: textOf(b.farmer_name),
    father_name: textOf(b.father_name),
    grand_father_name: textOf(b.grand_father_name),
    phone_number: prefillPhone(textOf(b.phone_number)),
    gender: genderOf(b.gender),
  };
  const group = b.outbound_development_group ?? b.development_group;
  const inner = group && typeof group === 'object' ? (group as Record<string, unknown>) : undefined;
  if (typeof inner?.$outbox === 'string') return { ...values, development_group: `@${inner.$outbox}` };
  // `{type, name}` (spec §3), or `{group_name, group_type}` as an older app kept it.
  if (inner)
    return {
      ...values,
      add_dev_group: true,
      group_name: textOf(inner.name ?? inner.group_name),
      group_type: (textOf(inner.type ?? inner.group_type) as GroupType) || '',
    };
  return { ...values, development_group: typeof group === 'number' ? String(group) : '' };
}
