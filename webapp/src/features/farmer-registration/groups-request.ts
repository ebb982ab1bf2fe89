import type { ApiResult } from '@gebere/api-client/transport';
import type { DevelopmentGroup } from '@gebere/contract';
import type { ScreenParams } from '@gebere/contract/screens';
import { firstGet } from '../../lib/api/light-get';

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
 * Spec §7: GET /api/development-groups/?kebele={id}&paginate=false, the screen's first request
 * as its plan in the screen registry declares it (the launch's early script sends the same one,
 * and this adopts its answer once), as a light GET rather than `api.call`: the form waits for
 * this list, and the API client (contract + zod, ~27 KB) would put one more download and round
 * trip — half a second on 3G — before it. The answer is checked for the fields the form uses.
 * On a warm open the list kept on the phone answers at once and the server's goes to `later`
 * (read-through.ts). Never throws.
 */
export async function fetchKebeleGroups(
  ids: ScreenParams<'farmerRegistration'>,
  later?: (result: GroupsResult) => void,
): Promise<GroupsResult> {
  return groupsOf(await firstGet('farmerRegistration', ids, later && ((r) => later(groupsOf(r)))));
}

function groupsOf(result: ApiResult<unknown>): GroupsResult {
  if (!result.ok) return { ok: false, status: result.error.status };
  // paginate=false answers a plain list; a page is read too, as the spec's helpers do.
  const data = result.data;
  const list = Array.isArray(data) ? data : (data as { results?: unknown } | null)?.results;
  if (!Array.isArray(list) || !list.every(isGroup)) return { ok: false, status: result.status };
  return { ok: true, groups: list };
}
