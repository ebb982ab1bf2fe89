import type { DevelopmentGroup } from '@gebere/contract';
import { lightGet } from '../../lib/light-get';

export type GroupsResult = { ok: true; groups: DevelopmentGroup[] } | { ok: false; status: number | null };

const isGroup = (v: unknown): v is DevelopmentGroup => {
  if (!v || typeof v !== 'object') return false;
  const g = v as Record<string, unknown>;
  return (
    typeof g.id === 'number' &&
    typeof g.group_name === 'string' &&
    (g.created_by === null || typeof g.created_by === 'number')
  );
};

/**
 * Spec §7: GET /api/development-groups/?kebele={id}&paginate=false, as a light GET rather than
 * `api.call`: the form waits for this list, and the API client (contract + zod, ~27 KB) would
 * put one more download and round trip — half a second on 3G — before it. The answer is checked
 * for the fields the form uses. Never throws.
 */
export async function fetchKebeleGroups(kebeleId: number): Promise<GroupsResult> {
  const result = await lightGet('listDevelopmentGroups', { query: { kebele: kebeleId, paginate: 'false' } });
  if (!result.ok) return { ok: false, status: result.error.status };
  // paginate=false answers a plain list; a page is read too, as the spec's helpers do.
  const data = result.data;
  const list = Array.isArray(data) ? data : (data as { results?: unknown } | null)?.results;
  if (!Array.isArray(list) || !list.every(isGroup)) return { ok: false, status: result.status };
  return { ok: true, groups: list };
}

let prefetched: { kebeleId: number; result: Promise<GroupsResult> } | undefined;

/** Starts fetching the kebele's groups before the screen renders (main.tsx → prefetch). */
export function prefetchKebeleGroups(kebeleId: number): void {
  prefetched = { kebeleId, result: fetchKebeleGroups(kebeleId) };
}

/**
 * The prefetched request for this kebele, handed out once (a retry, or a later visit, fetches
 * again); undefined when none was started for it.
 */
export function takePrefetchedGroups(kebeleId: number): Promise<GroupsResult> | undefined {
  const entry = prefetched;
  prefetched = undefined;
  return entry?.kebeleId === kebeleId ? entry.result : undefined;
}
