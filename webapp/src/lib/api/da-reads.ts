import type { CallInput } from '@gebere/api-client';
import type { KebeleFarmer, RouteName } from '@gebere/contract';

/**
 * The reads a DA's screens make that field mode keeps for offline use (read-through.ts), each
 * defined once: the screens send them, and the hub's warm-up (offline-cache/warm.ts) sends the
 * very same ones while there is signal, so that what the screens look up offline is what was
 * kept (a kept answer is found by its route and input). Spec §7's routes.
 */

type Read<N extends RouteName> = readonly [name: N, input: CallInput<N>];
const read = <N extends RouteName>(name: N, input: CallInput<N>): Read<N> => [name, input];

/** How many of the latest advisories the hub's feedback step offers. */
export const ADVISORY_CHOICES = 20;

export const daReads = {
  /** The kebele's development groups (the hub's picker; the farmer form's first request). */
  kebeleGroups: (kebele: number) => read('listDevelopmentGroups', { query: { kebele, paginate: 'false' } }),
  /**
   * The latest advisories for an area (`kebele,42`) that have feedback questions, most recent
   * first: the hub's feedback step.
   */
  areaAdvisories: (location: string) =>
    read('listAdvisories', { query: { location, with_questions: 'true', page_size: ADVISORY_CHOICES } }),
  /** The kebele's farmers, each with their group and phone (My farmers, and its search offline). */
  kebeleFarmers: (kebele: number) => read('listKebeleFarmers', { query: { kebele, paginate: 'false' } }),
  /** One advisory by id (the feedback screen). */
  advisory: (id: number) => read('listAdvisories', { query: { id } }),
  /** A development group (its name, and its kebele for the advisories). */
  group: (id: number) => read('getDevelopmentGroup', { params: { id } }),
  /** Reach: a group's farmers. */
  reachFarmers: (groupId: number) =>
    read('listFarmers', { query: { outbound_development_group: groupId, paginate: 'false' } }),
  /** Adoption: a group's farmers reached at least once. */
  adoptionFarmers: (groupId: number) =>
    read('listFarmersForAdoption', { params: { id: groupId }, query: { paginate: 'false' } }),
  categories: () => read('listValueChainCategories', { query: { paginate: 'false' } }),
  /** With a kebele, only the value chains (and practices) with advisories there. */
  valueChains: (category: number, kebele: number | undefined) =>
    read('listValueChains', {
      params: { id: category },
      query: { ...(kebele ? { kebele_id: kebele } : {}), paginate: 'false' },
    }),
  practices: (valueChain: number, kebele: number | undefined) =>
    read('listPractices', {
      query: { value_chain_id: valueChain, ...(kebele ? { kebele_id: kebele } : {}), paginate: 'false' },
    }),
  subPractices: (practice: number) =>
    read('listSubPractices', { params: { id: practice }, query: { paginate: 'false' } }),
  /** The advisories of a sub-practice for an area (`kebele,42`); the screen keeps the latest. */
  subPracticeAdvisories: (subPractice: number, valueChain: number | undefined, location: string) =>
    read('listAdvisories', {
      query: { ...(valueChain ? { value_chain: valueChain } : {}), sub_practice: subPractice, location },
    }),
};

/**
 * The rows of a `kebeleFarmers` answer, fresh or kept (a list, or a page's `results`): read on the
 * light transport, unchecked, so a row without the fields My farmers and the duplicate check
 * read (its id, names and group) is left out.
 */
export function kebeleFarmerRows(data: unknown): KebeleFarmer[] {
  const rows = Array.isArray(data) ? data : ((data as { results?: unknown } | undefined)?.results ?? []);
  return (Array.isArray(rows) ? rows : []).filter(
    (f): f is KebeleFarmer =>
      typeof f?.id === 'number' && typeof f.farmer_name === 'string' && typeof f.group_name === 'string',
  );
}
