import type { DaRole, OutboundDa } from '@gebere/contract';
import { useEffect, useState } from 'react';
import { loadAdminAreas } from '../../lib/api/admin-areas';
import type { ApiError } from '../../lib/api/lazy-client';
import { findDaByPhone, findOutboundDa, listRoles } from './calls';

type FormModule = typeof import('./da-form');

let formModule: Promise<FormModule> | undefined;

/**
 * The form's code (react-hook-form, the fields, the cascade: ~20 KB) is its own chunk, fetched
 * while the roles load: the first paint (the spinner) does not wait for it, and the form does
 * not wait longer than the data. A failed download is forgotten so a retry fetches again.
 */
function loadFormModule(): Promise<FormModule> {
  formModule ??= import('./da-form');
  formModule.catch(() => {
    formModule = undefined;
  });
  return formModule;
}

/** A chunk that did not download (weak signal): shown like any network failure. */
const chunkError: ApiError = { kind: 'network', status: null, message: 'Network Error', fieldErrors: {} };

export type DaContext =
  | { status: 'loading' }
  | { status: 'error'; error: ApiError }
  | { status: 'ready'; roles: DaRole[]; profile: OutboundDa | null; DaForm: FormModule['DaForm'] };

/** Whose entry prefills the form: the DA profile (update), or the organisation's DA list (update_outbound). */
export type DaLookup = { phone: string; from: 'profiles' | 'outbound' } | null;

/**
 * What the form needs before it can show: its code, the role options and, when `lookup` is
 * given, the entry with that normalised number: the DA profile (update), or what the
 * organisation's DA list has (update_outbound: a profile, else the roster's entry). All go out
 * together, and the region list alongside, so the cascade does not wait another round trip on a
 * slow network. `enabled` false (missing parameters) fetches nothing.
 */
export function useDaContext(enabled: boolean, lookup: DaLookup) {
  const lookupPhone = lookup?.phone ?? null;
  const from = lookup?.from ?? null;
  const [state, setState] = useState<DaContext>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setState({ status: 'loading' });
    void loadAdminAreas('region').catch(() => undefined); // the cascade shows its own error
    void Promise.all([
      loadFormModule().catch(() => null),
      listRoles(),
      lookupPhone ? (from === 'outbound' ? findOutboundDa : findDaByPhone)(lookupPhone) : null,
    ]).then(([module, roles, found]) => {
      if (!live) return;
      if (!roles.ok) setState({ status: 'error', error: roles.error });
      else if (found && !found.ok) setState({ status: 'error', error: found.error });
      else if (!module) setState({ status: 'error', error: chunkError });
      else
        setState({ status: 'ready', roles: roles.data, profile: found?.data ?? null, DaForm: module.DaForm });
    });
    return () => {
      live = false;
    };
    // attempt: a retry re-runs the effect
  }, [enabled, lookupPhone, from, attempt]);
  return { state, retry: () => setAttempt((n) => n + 1) };
}
