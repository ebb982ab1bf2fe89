import type { GrantPlace } from '@gebere/contract/hub';
import { useEffect, useState } from 'react';
import { api } from './lazy-client';

/** A notification-manager grant the caller holds, with its area's place (`/api/me/`). */
export interface ManagerGrant {
  location_type: string;
  location_id: number | null;
  place?: GrantPlace;
}

/**
 * The caller's notification-manager grants (`GET /api/me/`, about the caller alone): `loading`
 * until answered, then the grants, or null when they could not be read (no signal): the screens
 * then offer what they did before and the server decides on saving. `enabled` false (the screen
 * lacks its parameters) asks nothing.
 */
export function useManagerGrants(enabled = true): ManagerGrant[] | null | 'loading' {
  const [grants, setGrants] = useState<ManagerGrant[] | null | 'loading'>('loading');
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void api.call('getMe', {}).then((r) => {
      if (!live) return;
      setGrants(r.ok ? r.data.grants.filter((g) => g.role === 'notification_manager') : null);
    });
    return () => {
      live = false;
    };
  }, [enabled]);
  return grants;
}
