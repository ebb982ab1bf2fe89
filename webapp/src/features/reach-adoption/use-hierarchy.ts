import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { AdminArea } from './admin-area';
import { hierarchyLoader } from './calls';
import { type HierarchyState, HierarchyStore, LEVELS } from './hierarchy-store';

const EMPTY: HierarchyState = { lists: LEVELS.map(() => new Map()), checked: LEVELS.map(() => new Set()) };
const noSubscription = () => () => undefined;
const emptyState = () => EMPTY;

/**
 * The hierarchy for the DA's admin area; nothing until the area is known (from the link, or
 * from the first group's kebele). The area must not change afterwards: the caller fixes it.
 */
export function useHierarchy(area: AdminArea | undefined) {
  const level = area?.level;
  const id = area?.id;
  const store = useMemo(
    () => (level && id ? new HierarchyStore(hierarchyLoader({ level, id })) : null),
    [level, id],
  );
  useEffect(() => store?.start(), [store]);
  const state = useSyncExternalStore(store?.subscribe ?? noSubscription, store?.getState ?? emptyState);
  return { store, state };
}
