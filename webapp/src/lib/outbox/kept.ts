import { farmerFullName } from '@gebere/contract/rules';
import { isRef, type OutboxRecord, type OutboxRef, refTo } from './record';
import type { KeptEntities, KeptFarmer, KeptGroup } from './view';

/**
 * Field mode, "see them in the lists": the development groups and farmers the outbox keeps
 * (waiting for signal, or saved lately and maybe not yet in the data cache), as the screens list
 * them beside the server's. Lazy (the outbox's chunk): live.ts publishes them in view.ts.
 *
 * A kept entity is named by its id once saved, else by `@<key>` (its record's key): what a
 * farmer's group or a reach pair holds in place of an id until the record is saved.
 */

const object = (v: unknown): Record<string, unknown> | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
const text = (v: unknown) => (typeof v === 'string' ? v : '');
const id = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? v : undefined);

/** `@<key>`: how a kept record stands in a list until it has an id. */
export const keptName = (key: string) => `@${key}`;

/** The entities of the records (the launch's user's only: owner.ts), refused ones aside. */
export function keptEntities(records: readonly OutboxRecord[]): KeptEntities {
  const live = records.filter((r) => r.state !== 'refused');
  const byKey = new Map(live.map((r) => [r.key, r]));
  const body = (r: OutboxRecord) => object(r.input.body) ?? {};
  const saved = (r: OutboxRecord | undefined) => (r?.state === 'saved' ? object(r.saved) : undefined);

  /** What a reference (or an id) stands for now: the saved value, else `@key`; undefined if unknown. */
  const name = (value: unknown): number | string | undefined => {
    if (!isRef(value)) return id(value);
    const target = byKey.get(value.$outbox);
    if (!target) return undefined;
    return id(saved(target)?.[value.field]) ?? keptName(value.$outbox);
  };

  const groups: KeptGroup[] = [];
  const farmers: KeptFarmer[] = [];
  const reached = new Set<number | string>();
  for (const r of live) {
    const b = body(r);
    const waiting = r.state === 'pending';
    const group = (ref: OutboxRef, groupName: string): KeptGroup => {
      const savedId = name(ref);
      return {
        key: r.key,
        name: groupName,
        kebele: id(b.kebele) ?? 0,
        ...(typeof savedId === 'number' ? { id: savedId } : {}),
        ref,
        waiting,
      };
    };
    if (r.route === 'createDevelopmentGroup') groups.push(group(refTo(r.key), text(b.group_name)));
    if (r.route === 'createFarmer') {
      const newGroup = object(b.development_group);
      const own = newGroup && !isRef(newGroup) ? refTo(r.key, 'development_group') : undefined;
      // A new group as spec §3 gives it (`name`), or as an older app kept it (`group_name`).
      if (own && newGroup) groups.push(group(own, text(newGroup.name ?? newGroup.group_name)));
      const inGroup = name(own ?? b.outbound_development_group ?? b.development_group);
      const farmerId = id(saved(r)?.id);
      farmers.push({
        key: r.key,
        name: farmerFullName({
          farmer_name: text(b.farmer_name),
          father_name: text(b.father_name),
          grand_father_name: text(b.grand_father_name),
        }),
        kebele: id(b.kebele) ?? 0,
        group: inGroup ?? '',
        ...(farmerId ? { id: farmerId } : {}),
        waiting,
        reached: false,
      });
    }
    if (r.route === 'createReach' || r.route === 'createReachBatch') {
      const pairs = Array.isArray(b.records) ? b.records : [b];
      for (const pair of pairs) {
        const farmer = name(object(pair)?.farmer);
        if (farmer !== undefined) reached.add(farmer);
      }
    }
  }
  for (const f of farmers) f.reached = reached.has(f.id ?? keptName(f.key));
  return { groups, farmers, reached: [...reached].filter((f) => typeof f === 'number') };
}
