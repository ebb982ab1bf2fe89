import type { Gender } from '@gebere/contract';
import { useEffect, useMemo, useRef } from 'react';
import { useSearch } from 'wouter';
import { t } from '../i18n/texts';
import { loadOutbox } from '../outbox/load';
import { FIX_PARAM, type Refusal } from '../outbox/record';
import { toast } from '../ui/toast';

/**
 * Fixing a record the server refused on sync (lib/outbox/README.md "Fix or
 * drop"): the refused record's Fix (components/outbox-status.tsx) opens the screen it was
 * captured on with `?fix=<its key>`; the form there takes the record's kept input as its values
 * (`apply`) and the server's field errors on its fields, and says so. Saving it (saved, or kept
 * for the signal) replaces the refused record: `done` drops it.
 */
export interface RefusedFix {
  /** The refused record being fixed, while the screen was opened to fix one. */
  key: string | undefined;
  /** The fixed record is saved or kept: the refused one goes. */
  done(): void;
}

export function useRefusedFix(apply: (input: Record<string, unknown>, refusal: Refusal) => void): RefusedFix {
  const search = useSearch();
  const key = useMemo(() => new URLSearchParams(search).get(FIX_PARAM) ?? undefined, [search]);
  const latest = useRef(apply);
  latest.current = apply;
  useEffect(() => {
    if (!key) return;
    let live = true;
    void (async () => {
      const box = await (await loadOutbox()).outbox();
      const record = await box?.get(key);
      if (!live || record?.state !== 'refused' || !record.refusal) return;
      latest.current(record.input, record.refusal);
      toast.error(`${t('common.outbox.fixing')} ${record.refusal.reason}`);
    })().catch(() => undefined);
    return () => {
      live = false;
    };
  }, [key]);
  return useMemo(
    () => ({
      key,
      done: () => {
        if (!key) return;
        void loadOutbox()
          .then((m) => m.outbox())
          .then((box) => box?.drop(key))
          .catch(() => undefined);
      },
    }),
    [key],
  );
}

/**
 * Reading a kept payload back into a form's values (each form's `fix` mapping): it was read back
 * from storage, so each field is checked for the type it should have, and an input gets '' for
 * anything else. Here, not in a file of their own: every form's chunk shares this one (the forms
 * kit), where a module of its own would be one more file on the farmer form's first load.
 */
export const textOf = (v: unknown): string => (typeof v === 'string' ? v : '');
/** An id as a select holds it. */
export const idText = (v: unknown): string => (typeof v === 'number' ? String(v) : '');
export const genderOf = (v: unknown): Gender | '' => (v === 'male' || v === 'female' ? v : '');
