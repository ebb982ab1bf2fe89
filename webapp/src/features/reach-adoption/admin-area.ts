import type { AdminLevel } from '@gebere/contract';
import type { ScreenParams } from '@gebere/contract/screens';

/** An admin area the advisories are looked up for: `kebele,1234` in the advisory query. */
export interface AdminArea {
  level: AdminLevel;
  id: number;
}

// Lowest first: spec §2 "the user's lowest admin level from the query (kebele, else woreda,
// else zone, else region)".
const LOWEST_FIRST: readonly AdminLevel[] = ['kebele', 'woreda', 'zone', 'region'];

/**
 * The DA's lowest admin area named by the link (`kebele_id`, else `woreda_id`, `zone_id`,
 * `region_id`); undefined when the link names none (the screen then uses the kebele of the
 * first selected development group).
 */
export function lowestAdminArea(link: Partial<ScreenParams<'recordReach'>>): AdminArea | undefined {
  for (const level of LOWEST_FIRST) {
    const id = link[`${level}_id`];
    if (id !== undefined) return { level, id };
  }
  return undefined;
}
