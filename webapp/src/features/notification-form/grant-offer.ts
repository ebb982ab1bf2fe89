import type { CascadeOffer } from '../../components/admin-cascade';
import { ADMIN_LEVELS } from '../../lib/api/admin-areas';
import type { ManagerGrant } from '../../lib/api/my-grants';

const depthOf = (type: string) => ADMIN_LEVELS.indexOf(type as (typeof ADMIN_LEVELS)[number]);

/**
 * The target areas a manager's grants let them choose (docs/authorization.md: a notification
 * needs a grant whose area contains its target), level by level down the cascade: every area of a
 * level, with 'All' first, under an area a grant covers (the nation for a national grant); else
 * only the areas on the way to a granted one (a zone grant: its region, then that zone). No
 * grant offers nothing: a creator whose grant was revoked keeps only what their notification
 * targets (the cascade keeps a chosen value listed). Null when a grant's place is not known (an
 * organisation's backend without it): every area then, and the server decides on saving.
 */
export function grantOffer(grants: readonly ManagerGrant[]): CascadeOffer | null {
  if (grants.some((g) => g.location_type !== 'all' && !g.place)) return null;
  return (level, above) => {
    const depth = ADMIN_LEVELS.indexOf(level);
    const coversParent = grants.some((g) => {
      if (g.location_type === 'all') return true;
      const at = depthOf(g.location_type);
      return at < depth && above[at] === g.location_id;
    });
    if (coversParent) return { all: true, ids: 'every' };
    const ids = new Set<number>();
    for (const g of grants) {
      const place = g.place;
      if (!place || depthOf(g.location_type) < depth) continue;
      const onTheWay = ADMIN_LEVELS.slice(0, depth).every((l, i) => place[l] === above[i]);
      const id = place[level];
      if (onTheWay && id !== null) ids.add(id);
    }
    return { all: false, ids };
  };
}
