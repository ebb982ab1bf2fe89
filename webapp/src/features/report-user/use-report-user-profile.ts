import type { ReportUser } from '@gebere/contract';
import { useEffect, useState } from 'react';
import { loadAdminAreas } from '../../lib/admin-areas';
import type { ApiError } from '../../lib/api';
import { findReportUser } from './calls';

export type ProfileState =
  | { status: 'loading' }
  | { status: 'error'; error: ApiError }
  | { status: 'ready'; profile: ReportUser | null };

/**
 * Update mode: the acting user's stored profile, with the region list fetched alongside so the
 * cascade does not wait another round trip. Registration (or no user) needs nothing: ready at once.
 */
export function useReportUserProfile(createdBy: number | undefined, update: boolean) {
  const wanted = update && createdBy !== undefined;
  const [state, setState] = useState<ProfileState>(
    wanted ? { status: 'loading' } : { status: 'ready', profile: null },
  );
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!wanted || createdBy === undefined) return;
    let live = true;
    setState({ status: 'loading' });
    void loadAdminAreas('region').catch(() => undefined); // the cascade shows its own error
    findReportUser(createdBy).then((r) => {
      if (!live) return;
      setState(r.ok ? { status: 'ready', profile: r.data } : { status: 'error', error: r.error });
    });
    return () => {
      live = false;
    };
    // attempt: a retry re-runs the effect
  }, [wanted, createdBy, attempt]);
  return { state, retry: () => setAttempt((n) => n + 1) };
}
