import type { DevelopmentGroup, routes } from '@gebere/contract';
import { markUnauthorized } from '../../lib/auth-state';
import { currentLanguage } from '../../lib/i18n';
import { authorization } from '../../lib/proof';
import { runtimeConfig } from '../../lib/runtime-config';

/** Spec §7: GET /api/development-groups/?kebele={id}&paginate=false. */
const PATH = '/api/development-groups/' satisfies (typeof routes)['listDevelopmentGroups']['path'];

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
 * The kebele's development groups, fetched without the API client on purpose: the form waits
 * for this list, and the client (contract + zod, ~27 KB) would put one more download and one
 * more round trip — half a second on 3G — before it. Same proof, language and 401 handling as
 * `api.call`; the response is checked for the fields the form uses. Never throws.
 */
export async function fetchKebeleGroups(kebeleId: number): Promise<GroupsResult> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
  };
  const auth = authorization();
  if (auth) headers.Authorization = auth;
  const base = runtimeConfig().backendUrl.replace(/\/+$/, '');
  let data: unknown;
  try {
    const response = await fetch(`${base}${PATH}?kebele=${kebeleId}&paginate=false`, { headers });
    if (!response.ok) {
      if (response.status === 401) markUnauthorized();
      return { ok: false, status: response.status };
    }
    data = await response.json();
  } catch {
    return { ok: false, status: null };
  }
  // paginate=false answers a plain list; a page is read too, as the spec's helpers do.
  const list = Array.isArray(data) ? data : (data as { results?: unknown } | null)?.results;
  if (!Array.isArray(list) || !list.every(isGroup)) return { ok: false, status: 200 };
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
