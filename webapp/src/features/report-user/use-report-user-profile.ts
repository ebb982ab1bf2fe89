import type { ReportUser } from '@gebere/contract';
import { useEffect, useState } from 'react';
import { loadAdminAreas } from '../../lib/api/admin-areas';
import type { ApiError } from '../../lib/api/lazy-client';
import { findReportUser } from './calls';

type FormModule = typeof import('./report-user-form');

let formModule: Promise<FormModule> | undefined;

/**
 * The form's code (react-hook-form, the fields, the cascade) is its own chunk, so the first
 * paint does not wait for it; it downloads alongside the API client and the profile. A failed
 * download is forgotten so a retry fetches again.
 */
function loadFormModule(): Promise<FormModule> {
  formModule ??= import('./report-user-form');
  formModule.catch(() => {
    formModule = undefined;
  });
  return formModule;
}

const chunkError: ApiError = { kind: 'network', status: null, message: 'Network Error', fieldErrors: {} };

export type ProfileState =
  | { status: 'loading' }
  | { status: 'error'; error: ApiError }
  | { status: 'ready'; profile: ReportUser | null; ReportUserForm: FormModule['ReportUserForm'] };

/**
 * The form's code and, in update mode, the acting user's stored profile, with the region list
 * fetched alongside so the cascade does not wait another round trip. Nothing without a user.
 */
export function useReportUserProfile(createdBy: number | undefined, update: boolean) {
  const [state, setState] = useState<ProfileState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (createdBy === undefined) return;
    let live = true;
    setState({ status: 'loading' });
    void loadAdminAreas('region').catch(() => undefined); // the cascade shows its own error
    void Promise.all([loadFormModule().catch(() => null), update ? findReportUser(createdBy) : null]).then(
      ([module, found]) => {
        if (!live) return;
        if (found && !found.ok) setState({ status: 'error', error: found.error });
        else if (!module) setState({ status: 'error', error: chunkError });
        else
          setState({ status: 'ready', profile: found?.data ?? null, ReportUserForm: module.ReportUserForm });
      },
    );
    return () => {
      live = false;
    };
    // attempt: a retry re-runs the effect
  }, [createdBy, update, attempt]);
  return { state, retry: () => setAttempt((n) => n + 1) };
}
