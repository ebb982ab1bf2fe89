import type { AdminLevel } from '@gebere/contract';
import type { Queryable } from '../db/types';
import type { FieldErrorSet } from '../serving/http-error';

export interface Ancestors {
  region_id: number | null;
  zone_id: number | null;
  woreda_id: number | null;
  kebele_id: number | null;
}

// One query per level: the area and everything above it (lower levels null).
const ANCESTOR_SQL: Record<AdminLevel, string> = {
  kebele: `select z.region_id, w.zone_id, k.woreda_id, k.id as kebele_id
           from kebeles k join woredas w on w.id = k.woreda_id join zones z on z.id = w.zone_id where k.id = $1`,
  woreda: `select z.region_id, w.zone_id, w.id as woreda_id, null::bigint as kebele_id
           from woredas w join zones z on z.id = w.zone_id where w.id = $1`,
  zone: `select z.region_id, z.id as zone_id, null::bigint as woreda_id, null::bigint as kebele_id
         from zones z where z.id = $1`,
  region: `select r.id as region_id, null::bigint as zone_id, null::bigint as woreda_id, null::bigint as kebele_id
           from regions r where r.id = $1`,
};

export async function ancestorsOf(q: Queryable, level: AdminLevel, id: number): Promise<Ancestors | null> {
  const r = await q.query<Ancestors>(ANCESTOR_SQL[level], [id]);
  return r.rows[0] ?? null;
}

/**
 * A CTE `anc(k, w, z, r)` holding the area `$n` of `level` and its ancestors, and the condition
 * "advisory `a` targets that area or one above it" (an advisory applies to every area below its
 * target). Shared by the advisory, value chain and practice filters.
 */
export function applicableCte(level: AdminLevel, param: number): string {
  const p = `$${param}`;
  const select = {
    kebele: `select k.id as k, k.woreda_id as w, w.zone_id as z, z.region_id as r from kebeles k
             join woredas w on w.id = k.woreda_id join zones z on z.id = w.zone_id where k.id = ${p}`,
    woreda: `select null::bigint as k, w.id as w, w.zone_id as z, z.region_id as r from woredas w
             join zones z on z.id = w.zone_id where w.id = ${p}`,
    zone: `select null::bigint as k, null::bigint as w, z.id as z, z.region_id as r from zones z where z.id = ${p}`,
    region: `select null::bigint as k, null::bigint as w, null::bigint as z, r.id as r from regions r where r.id = ${p}`,
  }[level];
  return `anc as (${select})`;
}
export const APPLIES = `(a.kebele_id = anc.k or a.woreda_id = anc.w or a.zone_id = anc.z or a.region_id = anc.r)`;
/**
 * The same rule with the area's ids read from `anc` as one-row subqueries (computed once): then
 * PostgreSQL finds the advisories through the four partial area indexes (a BitmapOr) instead of
 * testing every advisory against `anc`, which is a sequential scan once there are many.
 */
export const APPLIES_INDEXED = `(a.kebele_id = (select k from anc) or a.woreda_id = (select w from anc)
  or a.zone_id = (select z from anc) or a.region_id = (select r from anc))`;

type AreaFields = Partial<Record<AdminLevel, { field: string; id: number }>>;

const CHECK_SQL = `select exists(select 1 from regions where id = $1) as region_ok,
  (select region_id from zones where id = $2) as zone_parent,
  (select zone_id from woredas where id = $3) as woreda_parent,
  (select woreda_id from kebeles where id = $4) as kebele_parent`;

/**
 * Checks a form's region/zone/woreda/kebele: each exists and sits in the one above it. Adds
 * field errors; the caller throws them together with its own.
 */
export async function checkAreas(q: Queryable, areas: AreaFields, errors: FieldErrorSet): Promise<void> {
  const r = await q.query<{
    region_ok: boolean;
    zone_parent: number | null;
    woreda_parent: number | null;
    kebele_parent: number | null;
  }>(CHECK_SQL, [
    areas.region?.id ?? null,
    areas.zone?.id ?? null,
    areas.woreda?.id ?? null,
    areas.kebele?.id ?? null,
  ]);
  const row = r.rows[0];
  if (!row) return;
  let parentOk = true;
  if (areas.region && !row.region_ok) {
    errors.invalidPk(areas.region.field, areas.region.id);
    parentOk = false;
  }
  const levels: Array<[AdminLevel, AdminLevel, number | null]> = [
    ['zone', 'region', row.zone_parent],
    ['woreda', 'zone', row.woreda_parent],
    ['kebele', 'woreda', row.kebele_parent],
  ];
  for (const [level, parentLevel, actualParent] of levels) {
    const area = areas[level];
    if (!area) continue;
    const parent = areas[parentLevel];
    if (actualParent === null) {
      errors.invalidPk(area.field, area.id);
      parentOk = false;
    } else if (parent && parentOk && actualParent !== parent.id) {
      errors.add(area.field, 'not_in_parent', { child: level, parent: parentLevel });
      parentOk = false;
    }
  }
}
