import type { DevelopmentGroup } from '@gebere/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { describeApiError } from '../../lib/api/errors';
import type { AdminArea } from './admin-area';
import { getGroup, listGroupFarmers, type RecordKind } from './calls';
import { farmerFullName } from './labels';

export interface FarmerRow {
  id: number;
  name: string;
}

export type GroupState =
  | { id: number; status: 'loading' }
  | { id: number; status: 'error'; message: string }
  | { id: number; status: 'ready'; group: DevelopmentGroup; farmers: FarmerRow[] };

/**
 * The selected development groups (spec §2 `selectedids`), each with its name and farmers,
 * loaded side by side; a group that fails shows its own error and retry.
 */
export function useGroups(kind: RecordKind, groupIds: readonly number[]) {
  const [groups, setGroups] = useState<GroupState[]>(() => groupIds.map((id) => ({ id, status: 'loading' })));
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const load = useCallback(
    async (id: number) => {
      const put = (state: GroupState) => {
        if (alive.current) setGroups((all) => all.map((g) => (g.id === id ? state : g)));
      };
      put({ id, status: 'loading' });
      const [group, farmers] = await Promise.all([getGroup(id), listGroupFarmers(kind, id)]);
      if (!group.ok) return put({ id, status: 'error', message: describeApiError(group.error) });
      if (!farmers.ok) return put({ id, status: 'error', message: describeApiError(farmers.error) });
      put({
        id,
        status: 'ready',
        group: group.data,
        farmers: farmers.data.map((f) => ({ id: f.id, name: farmerFullName(f) })),
      });
    },
    [kind],
  );

  // The ids come from the link and do not change: load once per kind.
  useEffect(() => {
    for (const id of groupIds) void load(id);
  }, [load]);

  return { groups, retry: load };
}

/**
 * Where to look advisories up when the link names no admin area: the kebele of the first
 * selected group that loaded (groups before it still loading → not yet known).
 */
export function groupsArea(groups: readonly GroupState[]): AdminArea | undefined {
  for (const g of groups) {
    if (g.status === 'loading') return undefined;
    if (g.status === 'ready') return { level: 'kebele', id: g.group.kebele };
  }
  return undefined;
}
