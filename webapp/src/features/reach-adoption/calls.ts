import type { Advisory, FarmerListed, Page } from '@gebere/contract';
import { daReads } from '../../lib/api/da-reads';
import { describeApiError } from '../../lib/api/errors';
import { type ApiResult, api } from '../../lib/api/lazy-client';
import type { AdminArea } from './admin-area';
import type { HierarchyNode, LoadResult } from './hierarchy-store';
import { mostRecent } from './labels';

export type RecordKind = 'reach' | 'adoption';

// The contract's asList, without importing the contract's values (zod) into the screen chunk.
const asList = <T>(data: T[] | Page<T>): T[] => (Array.isArray(data) ? data : data.results);

/** Spec §7: GET /api/development-groups/{id}/ (its name, and its kebele for the advisories). */
export function getGroup(id: number) {
  return api.read(...daReads.group(id));
}

/**
 * Farmers of a group: reach lists the group's farmers (GET /api/farmer-profiles/?
 * outbound_development_group=), adoption those reached at least once (GET
 * /api/farmerlist-adoption/{id}/); both as plain lists (paginate=false).
 */
export async function listGroupFarmers(
  kind: RecordKind,
  groupId: number,
): Promise<ApiResult<FarmerListed[]>> {
  const result =
    kind === 'reach'
      ? await api.read(...daReads.reachFarmers(groupId))
      : await api.read(...daReads.adoptionFarmers(groupId));
  return result.ok ? { ...result, data: asList(result.data) } : result;
}

function nodes<T extends HierarchyNode>(
  result: ApiResult<T[] | Page<T>>,
  valueChainId?: (item: T) => number,
) {
  if (!result.ok) return { ok: false, message: describeApiError(result.error) } as const;
  const items = asList(result.data).map(
    (item): HierarchyNode => ({
      id: item.id,
      name: item.name,
      name_am: item.name_am ?? null,
      name_om: item.name_om ?? null,
      ...(valueChainId ? { valueChainId: valueChainId(item) } : {}),
    }),
  );
  return { ok: true, items } as const;
}

/** Most recent advisory of a sub-practice for the DA's area (spec §2); none → empty list. */
async function findAdvisory(subPractice: HierarchyNode, area: AdminArea): Promise<LoadResult> {
  // The contract is loaded with the API client anyway; importing it here keeps zod off the
  // screen's first chunk.
  const { formatAdvisoryLocation } = await import('@gebere/contract');
  const location = formatAdvisoryLocation(area.level, area.id);
  const result = await api.read(
    ...daReads.subPracticeAdvisories(subPractice.id, subPractice.valueChainId, location),
  );
  if (!result.ok) return { ok: false, message: describeApiError(result.error) };
  const latest = mostRecent<Advisory>(result.data.results);
  if (!latest) return { ok: true, items: [] };
  const { label, label_am, label_om, template_content, template_content_am, template_content_om } = latest;
  return {
    ok: true,
    items: [
      {
        id: latest.id,
        name: subPractice.name,
        name_am: subPractice.name_am ?? null,
        name_om: subPractice.name_om ?? null,
        advisory: { label, label_am, label_om, template_content, template_content_am, template_content_om },
      },
    ],
  };
}

/**
 * The hierarchy's loaders (spec §7): categories; value chains of a category and practices of
 * a value chain for the kebele (the backend then offers only those with advisories there);
 * sub-practices of a practice; the advisory of a sub-practice for the DA's lowest admin area.
 */
export function hierarchyLoader(area: AdminArea) {
  const kebele = area.level === 'kebele' ? area.id : undefined;
  return async (levelIndex: number, parent: HierarchyNode | null): Promise<LoadResult> => {
    switch (levelIndex) {
      case 0:
        return nodes(await api.read(...daReads.categories()));
      case 1:
        return nodes(await api.read(...daReads.valueChains(parent?.id ?? 0, kebele)), (vc) => vc.id);
      case 2:
        return nodes(
          await api.read(...daReads.practices(parent?.id ?? 0, kebele)),
          () => parent?.valueChainId ?? parent?.id ?? 0,
        );
      case 3:
        return nodes(
          await api.read(...daReads.subPractices(parent?.id ?? 0)),
          () => parent?.valueChainId ?? 0,
        );
      default:
        return parent ? findAdvisory(parent, area) : { ok: true, items: [] };
    }
  };
}
