import type { ScreenName } from '@gebere/contract/screens';
import { useMemo, useRef, useState } from 'react';
import type { KeySlot } from '../api/idempotent-call';
import { launchUser } from '../launch/launch-user';

/**
 * Drafts for every form: what a user typed and has not saved survives closing
 * the app, a WebView reload and a restart, and comes back when the same screen opens again with
 * the same parameters, for the same Telegram user; it goes once the record is saved. Kept in
 * localStorage under `gebere:draft:<user>:<screen>:<parameters>` with the time it was written;
 * another user's drafts (farmers' names and phones) are dropped the first time anyone else opens
 * a form on the phone, and any draft after {@link DRAFT_DAYS} days. Only what differs from the
 * form's starting values is kept, so a form left as it opened leaves no draft. Beside the
 * values, the submission's Idempotency-Key (`keySlot`): a press after a reload replays the
 * same submission instead of saving a second record. Storage missing or full: no draft, the
 * form works as before.
 */

const PREFIX = 'gebere:draft:';
export const DRAFT_DAYS = 7;
const MAX_TEXT = 4000;

interface Stored {
  at: number;
  values: Record<string, unknown>;
  submission?: { key: string; values: string };
  /** What the form keeps beside its fields (the farmer form's batch); outlives `drop`. */
  side?: unknown;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

let sweptFor: string | undefined;

/** Drops other users' drafts and old ones, once per user and page. */
function sweep(user: string, now: number): void {
  if (sweptFor === user) return;
  sweptFor = user;
  const store = storage();
  if (!store) return;
  try {
    const keys = Array.from({ length: store.length }, (_, i) => store.key(i));
    for (const key of keys) {
      if (!key?.startsWith(PREFIX)) continue;
      const stale = !key.startsWith(`${PREFIX}${user}:`) || (read(key)?.at ?? 0) < now - DRAFT_DAYS * 864e5;
      if (stale) store.removeItem(key);
    }
  } catch {
    // no storage: nothing to sweep
  }
}

function read(key: string): Stored | null {
  try {
    const data = JSON.parse(storage()?.getItem(key) ?? 'null') as Partial<Stored> | null;
    if (!data || typeof data !== 'object' || typeof data.at !== 'number') return null;
    const values = data.values && typeof data.values === 'object' ? data.values : {};
    const s = data.submission;
    const submission =
      s && typeof s.key === 'string' && typeof s.values === 'string'
        ? { key: s.key, values: s.values }
        : undefined;
    return { at: data.at, values, submission, ...(data.side !== undefined ? { side: data.side } : {}) };
  } catch {
    return null;
  }
}

function write(key: string, stored: Stored | null): void {
  try {
    const empty =
      !stored || (!Object.keys(stored.values).length && !stored.submission && stored.side == null);
    if (empty) storage()?.removeItem(key);
    else storage()?.setItem(key, JSON.stringify(stored));
  } catch {
    // private mode or a full storage: the form still works, without a draft
  }
}

const sameType = (a: unknown, b: unknown) =>
  Array.isArray(a) ? Array.isArray(b) : typeof a === typeof b && (a === null) === (b === null);

/** The stored values that the form has, of the type the form gives them (it is read back from storage). */
function restore<V extends object>(base: V, values: Record<string, unknown>): Partial<V> {
  const out: Record<string, unknown> = {};
  for (const [name, start] of Object.entries(base)) {
    const value = values[name];
    if (value === undefined || !sameType(start, value)) continue;
    out[name] = typeof value === 'string' ? value.slice(0, MAX_TEXT) : value;
  }
  return out as Partial<V>;
}

/** The values that differ from the form's starting values. */
function changes(base: object, values: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const start = base as Record<string, unknown>;
  for (const [name, value] of Object.entries(values))
    if (value !== undefined && JSON.stringify(value) !== JSON.stringify(start[name])) out[name] = value;
  return out;
}

export interface DraftSpec<V extends object> {
  /** The screen and the parameters it was opened with: one draft per screen and parameters. */
  screen: ScreenName;
  params: Readonly<Record<string, string | number | boolean | null | undefined>>;
  /** What the form starts with when there is no draft (empty, or the stored record to update). */
  base: V;
  /**
   * What the form restores of a draft: by default the fields of `base` stored with their type
   * (`typed`); a form may check more (a group no longer listed), or read `raw` itself when its
   * values are not plain fields (the feedback answers).
   */
  restore?(typed: Partial<V>, raw: Record<string, unknown>): Partial<V>;
}

export interface Draft<V extends object> {
  /** The form's first values: `base` with the draft over it. */
  initial: V;
  /** Whether a draft was restored. */
  restored: boolean;
  /** Keeps these values as the draft (only what differs from `base`). */
  keep(values: Partial<V>): void;
  /** The record is saved: the draft goes (its `side` stays until set to null). */
  drop(): void;
  /** The submission's Idempotency-Key, kept with the draft (the save protocol's `keySlot`). */
  keySlot: KeySlot;
  /**
   * What the form keeps beside its fields, as long as it needs it (the farmer form's batch: the
   * farmers saved so far); read back from storage, so check its shape. null lets it go.
   */
  side: { get(): unknown; set(value: unknown): void };
}

/**
 * The draft of the form on this screen with these parameters (see the file's comment). A form
 * that is not react-hook-form's (feedback) calls `keep` itself; the others use
 * `useDraftedForm` (drafted-form.ts), which keeps every change.
 */
export function useDraft<V extends object>(spec: DraftSpec<V>): Draft<V> {
  const user = launchUser() ?? 'anonymous';
  const key = `${PREFIX}${user}:${spec.screen}:${JSON.stringify(spec.params)}`;
  const latest = useRef(spec);
  latest.current = spec;
  const [start] = useState(() => {
    sweep(user, Date.now());
    const stored = read(key);
    const typed = stored ? restore(spec.base, stored.values) : {};
    const own = stored && spec.restore ? spec.restore(typed, stored.values) : typed;
    return { initial: { ...spec.base, ...own } as V, restored: Object.keys(own).length > 0 };
  });
  return useMemo(() => {
    let fallback: { key: string; values: string } | null = null; // when storage is unavailable
    const update = (next: (stored: Stored) => Stored) =>
      write(key, next(read(key) ?? { at: Date.now(), values: {} }));
    return {
      ...start,
      keep: (values) =>
        update((s) => ({ ...s, at: Date.now(), values: changes(latest.current.base, values) })),
      drop: () => {
        const side = read(key)?.side;
        write(key, side == null ? null : { at: Date.now(), values: {}, side });
      },
      keySlot: {
        get: () => read(key)?.submission ?? fallback ?? null,
        set: (submission) => {
          fallback = submission;
          update(({ submission: _, ...rest }) => (submission ? { ...rest, submission } : rest));
        },
      },
      side: {
        get: () => read(key)?.side,
        set: (value) =>
          update(({ side: _, ...rest }) => ({
            ...rest,
            at: Date.now(),
            ...(value == null ? {} : { side: value }),
          })),
      },
    };
  }, [key, start]);
}

/** Tests only: sweep again on the next draft. */
export function resetDraftsForTests(): void {
  sweptFor = undefined;
}
