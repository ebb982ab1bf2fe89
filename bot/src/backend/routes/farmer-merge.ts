import { type DuplicateSet, type FarmerRecord, type MergeResult, routes } from '@gebere/contract';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/types';
import { FieldErrorSet } from '../serving/http-error';
import { type BackendEnv, serve } from '../serving/serve';

const RECORD_COLUMNS = `f.id, f.farmer_name, f.father_name, f.grand_father_name, f.phone_number, f.gender,
  f.kebele_id as kebele, f.development_group_id as development_group, f.created_by,
  iso(f.retired_at) as retired_at, f.retired_reason, f.duplicate_of`;

type Farmer = DuplicateSet['farmers'][number];

/**
 * Likely duplicates among farmers not retired (the registration's two rules, for what was
 * registered before them or confirmed "anyway"): a phone held by two or more, where one of them
 * is in the area; three names held by two or more in one of the area's kebeles.
 */
async function findDuplicates(db: Queryable, kebele?: number, woreda?: number): Promise<DuplicateSet[]> {
  const area = `select id from kebeles where id = $1 or woreda_id = $2`;
  const args = [kebele ?? null, woreda ?? null];
  const phones = await db.query<{ key: string; ids: number[] }>(
    `select f.phone_number as key, array_agg(f.id order by f.id) as ids from farmers f
     where f.retired_at is null and f.phone_number in (
       select phone_number from farmers where retired_at is null and kebele_id in (${area}))
     group by f.phone_number having count(*) > 1 order by min(f.id)`,
    args,
  );
  const names = await db.query<{ key: string; ids: number[] }>(
    `select farmer_name_key(f.farmer_name, f.father_name, f.grand_father_name) as key,
       array_agg(f.id order by f.id) as ids
     from farmers f where f.retired_at is null and f.kebele_id in (${area})
     group by f.kebele_id, 1 having count(*) > 1 order by min(f.id)`,
    args,
  );
  const ids = [...phones.rows, ...names.rows].flatMap((s) => s.ids.map(Number));
  const details = await db.query<Farmer>(
    `select f.id, f.farmer_name, f.father_name, f.grand_father_name, f.phone_number, f.kebele_id as kebele,
       k.name as kebele_name, f.development_group_id as development_group, g.group_name,
       iso(f.created_at) as created_at,
       (select count(*)::int from reach_record_keys r where r.farmer_id = f.id) as reach,
       (select count(*)::int from adoption_record_keys r where r.farmer_id = f.id) as adoption
     from farmers f join kebeles k on k.id = f.kebele_id join development_groups g on g.id = f.development_group_id
     where f.id = any($1::bigint[])`,
    [ids],
  );
  const byId = new Map(details.rows.map((f) => [Number(f.id), f]));
  const set = (reason: DuplicateSet['reason']) => (s: { key: string; ids: number[] }) => ({
    reason,
    key: s.key,
    farmers: s.ids.map((id) => byId.get(Number(id)) as Farmer),
  });
  return [...phones.rows.map(set('phone')), ...names.rows.map(set('names'))];
}

/**
 * Records the duplicate's records (not taken back) for the farmer kept, on their own days and by
 * their own DAs (the claim trigger skips a pair the kept farmer has), then takes the duplicate's
 * back: the rollups move with them (migrations 9 and 23), the audit trail keeps every row.
 */
async function moveRecords(db: Queryable, kind: 'reach' | 'adoption', keep: number, drop: number) {
  const table = `${kind}_records`;
  const keys = `${kind}_record_keys`;
  const own = await db.query<{ id: number; created_at: string }>(
    `select id, iso(created_at) as created_at from ${keys} where farmer_id = $1`,
    [drop],
  );
  const moved = await db.query(
    `insert into ${table} (farmer_id, advisory_id, created_by, created_at)
     select $1, advisory_id, created_by, created_at from ${keys} where farmer_id = $2 returning id`,
    [keep, drop],
  );
  await db.query(
    `update ${table} t set taken_back_at = now(), taken_back_reason = $3
     from unnest($1::bigint[], $2::timestamptz[]) as x(id, at) where t.id = x.id and t.created_at = x.at`,
    [own.rows.map((r) => r.id), own.rows.map((r) => r.created_at), `merged into farmer ${keep}`],
  );
  const count = moved.rowCount ?? moved.rows.length;
  return { moved: count, already: own.rows.length - count };
}

export function registerFarmerMergeRoutes(app: FastifyInstance, env: BackendEnv): void {
  serve(app, env, routes.findFarmerDuplicates, async ({ query }) => {
    if (query.kebele === undefined && query.woreda === undefined)
      throw new FieldErrorSet()
        .add('non_field_errors', 'one_of_required', { fields: 'kebele, woreda' })
        .toError();
    return findDuplicates(env.db, query.kebele, query.woreda);
  });

  serve(app, env, routes.mergeFarmers, async ({ body, db }) => {
    const r = await db.query<FarmerRecord>(
      `select ${RECORD_COLUMNS} from farmers f where f.id = any($1::bigint[]) order by f.id for update`,
      [[body.keep, body.drop]],
    );
    const errors = new FieldErrorSet();
    for (const field of ['keep', 'drop'] as const) {
      const found = r.rows.find((f) => Number(f.id) === body[field]);
      if (!found) errors.invalidPk(field, body[field]);
      else if (found.retired_at !== null) errors.add(field, 'merge_retired');
    }
    errors.throwIfAny();
    const reach = await moveRecords(db, 'reach', body.keep, body.drop);
    const adoption = await moveRecords(db, 'adoption', body.keep, body.drop);
    const dropped = await db.query<FarmerRecord>(
      `update farmers f set retired_at = now(), retired_reason = 'duplicate', duplicate_of = $2 where f.id = $1
       returning ${RECORD_COLUMNS}`,
      [body.drop, body.keep],
    );
    const kept = r.rows.find((f) => Number(f.id) === body.keep) as FarmerRecord;
    const result: MergeResult = { kept, dropped: dropped.rows[0] as FarmerRecord, reach, adoption };
    return result;
  });
}
