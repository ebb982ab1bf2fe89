import { GENDERS, GROUP_TYPES } from '@gebere/contract/rules';
import type { KeySlot } from '../../lib/api/idempotent-call';
import type { FarmerFormValues } from './form-values';

/**
 * What the DA has typed, kept in sessionStorage so a WebView reload (Android drops a
 * backgrounded WebView under memory pressure) or a failed submit does not lose it. Per DA and
 * kebele; cleared once the farmer is saved. Storage can be missing or full: then there is
 * simply no draft.
 */
const PREFIX = 'gebere:farmer-draft';

export function draftKey(daId: number, kebeleId: number): string {
  return `${PREFIX}:${daId}:${kebeleId}`;
}

const TEXT_FIELDS = [
  'farmer_name',
  'father_name',
  'grand_father_name',
  'phone_number',
  'development_group',
  'group_name',
] as const;

const isOneOf = <T extends string>(list: readonly T[], v: unknown): v is T =>
  typeof v === 'string' && (list as readonly string[]).includes(v);

/** The saved draft, keeping only fields of the right type (it is read back from storage). */
export function loadDraft(key: string): Partial<FarmerFormValues> {
  let data: unknown;
  try {
    data = JSON.parse(window.sessionStorage.getItem(key) ?? 'null');
  } catch {
    return {};
  }
  if (!data || typeof data !== 'object') return {};
  const raw = data as Record<string, unknown>;
  const draft: Partial<FarmerFormValues> = {};
  for (const field of TEXT_FIELDS) {
    const value = raw[field];
    if (typeof value === 'string') draft[field] = value.slice(0, 1000);
  }
  if (isOneOf(GENDERS, raw.gender)) draft.gender = raw.gender;
  if (isOneOf(GROUP_TYPES, raw.group_type)) draft.group_type = raw.group_type;
  if (typeof raw.add_dev_group === 'boolean') draft.add_dev_group = raw.add_dev_group;
  return draft;
}

function isBlank(values: Partial<FarmerFormValues>): boolean {
  return TEXT_FIELDS.every((f) => !values[f]?.trim()) && !values.gender && !values.group_type;
}

/** The draft's `submission` (Idempotency-Key and the payload it was made for), if any. */
function readSubmission(key: string): { key: string; values: string } | null {
  try {
    const raw = JSON.parse(window.sessionStorage.getItem(key) ?? 'null') as { submission?: unknown } | null;
    const s = raw?.submission as { key?: unknown; values?: unknown } | undefined;
    return typeof s?.key === 'string' && typeof s.values === 'string'
      ? { key: s.key, values: s.values }
      : null;
  } catch {
    return null;
  }
}

export function saveDraft(key: string, values: Partial<FarmerFormValues>): void {
  try {
    if (isBlank(values)) window.sessionStorage.removeItem(key);
    else {
      const submission = readSubmission(key);
      window.sessionStorage.setItem(key, JSON.stringify(submission ? { ...values, submission } : values));
    }
  } catch {
    // private mode or a full storage: the form still works, without a draft
  }
}

/**
 * The submission's Idempotency-Key, kept in the draft beside the values: after a WebView reload
 * the same submission is sent with the same key, so a farmer saved before the reload is replayed,
 * not registered twice. Cleared with the draft once the farmer is saved.
 */
export function draftKeySlot(key: string): KeySlot {
  let fallback: { key: string; values: string } | null = null; // when storage is unavailable
  return {
    get: () => readSubmission(key) ?? fallback,
    set: (submission) => {
      fallback = submission;
      try {
        const raw = JSON.parse(window.sessionStorage.getItem(key) ?? '{}') as Record<string, unknown> | null;
        const { submission: _, ...rest } = raw && typeof raw === 'object' ? raw : {};
        window.sessionStorage.setItem(key, JSON.stringify(submission ? { ...rest, submission } : rest));
      } catch {
        // no storage: the key lives as long as the page
      }
    },
  };
}

export function clearDraft(key: string): void {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // nothing to clear
  }
}
