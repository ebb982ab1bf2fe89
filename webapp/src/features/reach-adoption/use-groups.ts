import type { DevelopmentGroup, FarmerListed } from '@gebere/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { describeApiError } from '../../lib/api/errors';
import { t } from '../../lib/i18n/texts';
import { loadOutbox } from '../../lib/outbox/load';
import { useOutboxStore } from '../../lib/outbox/view';
import type { AdminArea } from './admin-area';
import { getGroup, listGroupFarmers, type RecordKind } from './calls';
import { withKept } from './kept-rows';
import { farmerFullName } from './labels';

/** A farmer on the list: its id, or `@<key>` while it is kept on the phone, not yet saved. */
export interface FarmerRow {
  id: number | string;
  name: string;
}

/** A group: its id, or `@<key>` for a group kept on the phone (the link's `kept`). */
export type GroupState =
  | { id: number | string; status: 'loading' }
  | { id: number | string; status: 'error'; message: string }
  | { id: number | string; status: 'ready'; group: DevelopmentGroup; farmers: FarmerRow[] };

const row = (f: FarmerListed): FarmerRow => ({ id: f.id, name: farmerFullName(f) });

/**
 * The selected development groups (spec §2 `selectedids`), each with its name and farmers,
 * loaded side by side; a group that fails shows its own error and retry. With them, the groups
 * and farmers kept on the phone (kept-rows.ts).
 */
export function useGroups(kind: RecordKind, groupIds: readonly number[], keptKeys: readonly string[] = []) {
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
      put({ id, status: 'ready', group: group.data, farmers: farmers.data.map(row) });
    },
    [kind],
  );

  // The ids come from the link and do not change: load once per kind.
  useEffect(() => {
    for (const id of groupIds) void load(id);
  }, [load]);

  const kept = useOutboxStore((s) => s.kept);
  useEffect(() => {
    void loadOutbox()
      .then((m) => m.outbox())
      .catch(() => undefined);
  }, []);

  // Adoption: the server lists a farmer once reached; one reached only offline (a kept reach
  // record names it) is found among its group's farmers as reach lists them (kept offline too).
  const [members, setMembers] = useState(new Map<number, FarmerRow[]>());
  const asked = useRef(new Set<number>());
  useEffect(() => {
    const listed = new Set(groups.flatMap((g) => (g.status === 'ready' ? g.farmers.map((f) => f.id) : [])));
    if (kind !== 'adoption' || kept.reached.every((id) => listed.has(id))) return;
    for (const g of groups) {
      const id = g.id;
      if (g.status !== 'ready' || typeof id !== 'number' || asked.current.has(id)) continue;
      asked.current.add(id);
      void listGroupFarmers('reach', id).then((r) => {
        if (r.ok && alive.current) setMembers((m) => new Map(m).set(id, r.data.map(row)));
      });
    }
  }, [kind, groups, kept.reached]);

  const all = useMemo(
    () => withKept(kind, groups, keptKeys, kept, t('common.outbox.waiting_mark'), members),
    [kind, groups, keptKeys, kept, members],
  );

  return { groups: all, retry: load };
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
