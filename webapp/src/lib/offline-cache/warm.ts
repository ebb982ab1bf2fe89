import type { CallInput } from '@gebere/api-client';
import { formatAdvisoryLocation, linkGrants, type RouteName, routes } from '@gebere/contract';
import { daReads } from '../api/da-reads';
import { api } from '../api/lazy-client';
import { lightGet } from '../api/light-get';
import { currentProof } from '../launch/proof';
import { KEPT_STATUS } from './read-through';
import { keep, kept } from './store';

/**
 * Field mode "data ready before the signal goes": when the hub opens with signal, the reads a DA
 * may need later without it are made now, as the screens make them (lib/api/da-reads.ts), so
 * read-through.ts keeps their answers: the kebele's development groups, each group with its
 * farmers (reach and adoption), the value-chain hierarchy for the kebele down to each
 * sub-practice's advisories, the kebele's latest advisories with their feedback questions
 * (the feedback step and screen), and the kebele's farmers (My farmers and its search). Only the reads the launch may make (`granted`). Loaded as
 * its own chunk once the hub is idle; two reads in flight; at most {@link MAX_WARM_READS} reads,
 * and not again for {@link WARM_EVERY_MS} once done for a kebele (a DA's data bundle is small).
 */

/**
 * Whether this launch may make a read (docs/authorization.md "Links"): initData, any of the DA's;
 * a signed link, only what its screen's link grants (the contract's screen registry) and the
 * public reads. A read the server would refuse is a wasted request on 2G.
 */
function granted(name: RouteName, input: { params?: unknown; query?: unknown }): boolean {
  const proof = currentProof();
  if (proof?.kind !== 'link') return true;
  if (routes[name].policy.who === 'public') return true;
  const url = new URL(proof.value, 'http://app');
  return linkGrants({ path: url.pathname, params: url.searchParams }, name, input);
}

export const MAX_WARM_READS = 300;
export const WARM_EVERY_MS = 6 * 3600 * 1000;
const IN_FLIGHT = 2;

/** A read to make; it answers the reads that its answer leads to. */
type Step = () => Promise<Step[]>;

const ids = (data: unknown): number[] => {
  const list = Array.isArray(data) ? data : (data as { results?: unknown } | null)?.results;
  if (!Array.isArray(list)) return [];
  return list
    .map((item) => (item as { id?: unknown }).id)
    .filter((id): id is number => typeof id === 'number');
};

/** Makes the kebele's reads (unless done lately); answers how many were made. Never throws. */
export async function warm(kebele: number, now = Date.now()): Promise<number> {
  const mark = ['warmed', kebele];
  const last = await kept(mark).catch(() => null);
  if (last === null) return 0; // nothing can be kept (no storage, no user): no use reading
  if (last && now - last.at < WARM_EVERY_MS) return 0;
  const location = formatAdvisoryLocation('kebele', kebele);

  let live = 0;
  /**
   * A read to make, unless this launch may not (`granted`); `light` by the first screen's light
   * transport. Only a live answer leads on: a kept one (no signal after all) has its reads kept.
   */
  const read = <N extends RouteName>(
    [name, input]: readonly [N, CallInput<N>],
    next: (data: unknown) => Step[] = () => [],
    light = false,
  ): Step[] =>
    granted(name, input)
      ? [
          async () => {
            const result = await (light ? lightGet(name, input as never) : api.read(name, input));
            if (!result.ok || result.status === KEPT_STATUS) return [];
            live++;
            return next(result.data);
          },
        ]
      : [];

  const group = (id: number): Step[] => [
    ...read(daReads.group(id)),
    ...read(daReads.reachFarmers(id)),
    ...read(daReads.adoptionFarmers(id)),
  ];
  const subPractice = (id: number, valueChain: number) =>
    read(daReads.subPracticeAdvisories(id, valueChain, location));
  const practice = (id: number, valueChain: number) =>
    read(daReads.subPractices(id), (data) => ids(data).flatMap((sp) => subPractice(sp, valueChain)));
  const valueChain = (id: number) =>
    read(daReads.practices(id, kebele), (data) => ids(data).flatMap((p) => practice(p, id)));
  const category = (id: number) =>
    read(daReads.valueChains(id, kebele), (data) => ids(data).flatMap(valueChain));

  const queue: Step[] = [
    ...read(daReads.kebeleGroups(kebele), (data) => ids(data).flatMap(group), true),
    // With each advisory, the feedback screen's read of it (spec §7 `?id=`: its questions).
    ...read(
      daReads.areaAdvisories(location),
      (data) => ids(data).flatMap((id) => read(daReads.advisory(id))),
      true,
    ),
    ...read(daReads.categories(), (data) => ids(data).flatMap(category)),
    // My farmers' list, as its first request sends it (light): the search works without signal.
    ...read(daReads.kebeleFarmers(kebele), undefined, true),
  ];
  let made = 0;
  const worker = async () => {
    for (let step = queue.shift(); step && made < MAX_WARM_READS; step = queue.shift()) {
      made++;
      queue.push(...(await step().catch(() => [])));
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  if (live === made) await keep(mark, true, now).catch(() => undefined); // else: again next time
  return made;
}
