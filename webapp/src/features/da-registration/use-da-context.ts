import type { DaProfile, DaRole } from '@gebere/contract';
import { useEffect, useState } from 'react';
import { loadAdminAreas } from '../../lib/admin-areas';
import type { ApiError } from '../../lib/api';
import { findDaByPhone, listRoles } from './calls';

export type DaContext =
  | { status: 'loading' }
  | { status: 'error'; error: ApiError }
  | { status: 'ready'; roles: DaRole[]; profile: DaProfile | null };

/**
 * What the form needs before it can show: the role options and, when `lookupPhone` is given
 * (update and update_outbound), the DA profile with that normalised number. Both calls go out
 * together, and the region list is fetched alongside so the cascade does not wait another
 * round trip on a slow network. `enabled` false (missing parameters) calls nothing.
 */
export function useDaContext(enabled: boolean, lookupPhone: string | null) {
  const [state, setState] = useState<DaContext>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setState({ status: 'loading' });
    void loadAdminAreas('region').catch(() => undefined); // the cascade shows its own error
    Promise.all([listRoles(), lookupPhone ? findDaByPhone(lookupPhone) : null]).then(([roles, found]) => {
      if (!live) return;
      if (!roles.ok) setState({ status: 'error', error: roles.error });
      else if (found && !found.ok) setState({ status: 'error', error: found.error });
      else setState({ status: 'ready', roles: roles.data, profile: found?.data ?? null });
    });
    return () => {
      live = false;
    };
    // attempt: a retry re-runs the effect
  }, [enabled, lookupPhone, attempt]);
  return { state, retry: () => setAttempt((n) => n + 1) };
}
