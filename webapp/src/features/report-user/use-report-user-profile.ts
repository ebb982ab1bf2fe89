import type { ReportUser } from '@gebere/contract';
import { loadAdminAreas } from '../../lib/api/admin-areas';
import { type ApiError, NETWORK_ERROR } from '../../lib/api/lazy-client';
import { once, useLoad } from '../../lib/loading';
import { findReportUser } from './calls';

type FormModule = typeof import('./report-user-form');

/**
 * The form's code (react-hook-form, the fields, the cascade) is its own chunk, so the first
 * paint does not wait for it; it downloads alongside the API client and the profile.
 */
const loadFormModule = once(() => import('./report-user-form'));

export type ProfileState =
  | { status: 'loading' }
  | { status: 'error'; error: ApiError }
  | { status: 'ready'; profile: ReportUser | null; ReportUserForm: FormModule['ReportUserForm'] };

/**
 * The form's code and, in update mode, the acting user's stored profile, with the region list
 * fetched alongside so the cascade does not wait another round trip. Nothing without a user.
 */
export function useReportUserProfile(createdBy: number | undefined, update: boolean) {
  return useLoad<ProfileState>(
    createdBy === undefined
      ? undefined
      : async () => {
          void loadAdminAreas('region').catch(() => undefined); // the cascade shows its own error
          const [module, found] = await Promise.all([
            loadFormModule().catch(() => null),
            update ? findReportUser(createdBy) : null,
          ]);
          if (found && !found.ok) return { status: 'error', error: found.error };
          if (!module) return { status: 'error', error: NETWORK_ERROR };
          return { status: 'ready', profile: found?.data ?? null, ReportUserForm: module.ReportUserForm };
        },
    [createdBy, update],
  );
}
