import type { DevelopmentGroup } from '@gebere/contract';
import type { KeptEntities } from '../../lib/outbox/view';
import type { RecordKind } from './calls';
import type { FarmerRow, GroupState } from './use-groups';

/**
 * Field mode: the groups and farmers kept on the phone (lib/outbox, registered without signal, or
 * saved since the data cache was filled) beside the server's: a farmer kept offline is listed
 * under its group (reach: all; adoption: those with a reach record kept too, as the server lists
 * only farmers reached), and a group kept offline (`kept` in the link) with its farmers. Until
 * it is saved a farmer is `@<key>`, which the submit turns into a reference (use-record-submit).
 * Adoption also offers a farmer of the server's reached only offline (a kept reach record names
 * it), found among `members`, its group's farmers as reach lists them (use-groups.ts).
 */
function keptRows(
  kept: KeptEntities,
  kind: RecordKind,
  group: number | string,
  listed: ReadonlySet<number | string>,
  mark: string,
  members: readonly FarmerRow[] = [],
): FarmerRow[] {
  const offline = kept.farmers
    .filter((f) => f.group === group && (kind === 'reach' || f.reached))
    .map((f) => ({ id: f.id ?? `@${f.key}`, name: f.waiting ? `${f.name} (${mark})` : f.name }));
  const reached = kind === 'adoption' ? members.filter((f) => kept.reached.includes(f.id as number)) : [];
  return [...offline, ...reached].filter((f) => !listed.has(f.id));
}

export function withKept(
  kind: RecordKind,
  groups: readonly GroupState[],
  keys: readonly string[],
  kept: KeptEntities,
  mark: string,
  members: ReadonlyMap<number | string, FarmerRow[]> = new Map(),
): GroupState[] {
  const loaded = groups.map((g) =>
    g.status === 'ready'
      ? {
          ...g,
          farmers: [
            ...g.farmers,
            ...keptRows(kept, kind, g.id, new Set(g.farmers.map((f) => f.id)), mark, members.get(g.id)),
          ],
        }
      : g,
  );
  const own = keys.map((key): GroupState => {
    const g = kept.groups.find((x) => x.key === key);
    if (!g) return { id: `@${key}`, status: 'loading' };
    const group = { id: g.id ?? 0, group_name: g.name, kebele: g.kebele } as DevelopmentGroup;
    return {
      id: `@${key}`,
      status: 'ready',
      group,
      farmers: keptRows(kept, kind, g.id ?? `@${key}`, new Set(), mark),
    };
  });
  return [...loaded, ...own];
}
