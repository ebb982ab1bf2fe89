import type { Queryable } from '../db/types';
import { grantCovers, isVerifiedDa, type Place, type UserActor } from './authorize';
import { detailError } from './http-error';

export type RegistryKind = 'registry_kebele' | 'registry_farmer' | 'registry_reach' | 'registry_adoption';

const PLACE = `k.id as kebele, k.woreda_id as woreda, w.zone_id as zone, z.region_id as region`;
const JOINS = 'join woredas w on w.id = k.woreda_id join zones z on z.id = w.zone_id';

/** Each record's place (its farmer's kebele: where it is counted) and who made it. */
const SQL: Record<RegistryKind, string> = {
  registry_kebele: `select null::bigint as created_by, ${PLACE} from kebeles k ${JOINS} where k.id = $1`,
  registry_farmer: `select f.created_by, ${PLACE} from farmers f join kebeles k on k.id = f.kebele_id ${JOINS}
                    where f.id = $1`,
  registry_reach: `select r.created_by, ${PLACE} from reach_records r join farmers f on f.id = r.farmer_id
                   join kebeles k on k.id = f.kebele_id ${JOINS} where r.id = $1`,
  registry_adoption: `select r.created_by, ${PLACE} from adoption_records r join farmers f on f.id = r.farmer_id
                      join kebeles k on k.id = f.kebele_id ${JOINS} where r.id = $1`,
};

export const isRegistryKind = (kind: string): kind is RegistryKind => kind in SQL;

/**
 * The registry's keepers (docs/authorization.md "Correcting records"): a VERIFIED DA of the
 * record's kebele or the DA who made it, and a supervisor whose grant covers the kebele. A
 * notification manager's grant reads reports, not this. A record that does not exist is left to
 * the handler (404).
 */
export async function checkRegistryScope(
  q: Queryable,
  actor: UserActor,
  kind: RegistryKind,
  value: number,
): Promise<void> {
  if (kind === 'registry_kebele' && isVerifiedDa(actor) && actor.da.kebele === value) return;
  const r = await q.query<Place & { created_by: number | null }>(SQL[kind], [value]);
  const row = r.rows[0];
  if (!row) return;
  const place: Place = {
    region: Number(row.region),
    zone: Number(row.zone),
    woreda: Number(row.woreda),
    kebele: Number(row.kebele),
  };
  if (isVerifiedDa(actor) && (actor.da.kebele === place.kebele || Number(row.created_by) === actor.da.id))
    return;
  const supervisor = (actor.botUser?.grants ?? []).filter((g) => g.role === 'supervisor');
  if (supervisor.some((g) => grantCovers(g, place))) return;
  throw detailError(403, 'out_of_area');
}
