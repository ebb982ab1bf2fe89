import type { Location } from '@gebere/contract';
import { api } from './lazy-client';

export type AdminLevel = 'region' | 'zone' | 'woreda' | 'kebele';
export const ADMIN_LEVELS: readonly AdminLevel[] = ['region', 'zone', 'woreda', 'kebele'];
/** The option value meaning "every area at this level" (notification targeting, spec §4). */
export const ALL = 'all';

const cache = new Map<string, Promise<Location[]>>();

async function fetchAreas(level: AdminLevel, parent: number | undefined): Promise<Location[]> {
  const paginate = 'false' as const;
  const result =
    level === 'region'
      ? await api.call('listRegions', { query: { paginate } })
      : level === 'zone'
        ? await api.call('listZones', { query: { paginate, region: parent ?? 0 } })
        : level === 'woreda'
          ? await api.call('listWoredas', { query: { paginate, zone: parent ?? 0 } })
          : await api.call('listKebeles', { query: { paginate, woreda: parent ?? 0 } });
  if (!result.ok) throw result.error;
  return Array.isArray(result.data) ? result.data : result.data.results;
}

/**
 * The areas of a level under a parent (none for regions), each list fetched once per launch:
 * going back up the cascade and down again costs no second call on a slow network. A failed
 * fetch is forgotten so that a retry calls again. Rejects with the ApiError.
 */
export function loadAdminAreas(level: AdminLevel, parent?: number): Promise<Location[]> {
  const key = `${level}:${parent ?? ''}`;
  let entry = cache.get(key);
  if (!entry) {
    entry = fetchAreas(level, parent);
    cache.set(key, entry);
    entry.catch(() => cache.delete(key));
  }
  return entry;
}

/** Tests only. */
export function clearAdminAreaCache(): void {
  cache.clear();
}

export type CascadeValues = Partial<Record<AdminLevel, string>>;

/**
 * The notification target of a cascade's values (spec §3 location_type/location_id): the
 * deepest chosen area; `all` at region level (or nothing chosen) means everywhere; `all` at a
 * lower level means the whole area above it.
 */
export function cascadeTarget(values: CascadeValues): {
  location_type: 'all' | AdminLevel;
  location_id: number | null;
} {
  let target: { location_type: 'all' | AdminLevel; location_id: number | null } = {
    location_type: 'all',
    location_id: null,
  };
  for (const level of ADMIN_LEVELS) {
    const value = values[level];
    if (!value || value === ALL) break;
    const id = Number(value);
    if (!Number.isInteger(id) || id <= 0) break;
    target = { location_type: level, location_id: id };
  }
  return target;
}
