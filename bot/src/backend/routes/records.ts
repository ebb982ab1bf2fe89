import { type BatchResult, type RecordPair, routes } from '@gebere/contract';
import type { Language } from '@gebere/i18n';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/types';
import type { Actor } from '../serving/actor-source';
import { allowedIds } from '../serving/authorize';
import { FieldErrorSet } from '../serving/http-error';
import { message } from '../serving/messages';
import { type BackendEnv, serve, WithStatus } from '../serving/serve';

type Table = 'reach_records' | 'adoption_records';
/** Every pair a table ever recorded, with its record's id and time (migration 13). */
const KEYS = { reach_records: 'reach_record_keys', adoption_records: 'adoption_record_keys' } as const;
type Row = {
  id: number;
  farmer: number;
  advisory: number;
  by_id: number;
  created_at: string;
  created: boolean;
};

/**
 * Insert-or-return in one statement. The table's claim trigger skips a pair (farmer, advisory,
 * created_by) recorded before, so a re-post returns the first record from the key table and a
 * retried request never makes a duplicate. When a concurrent insert of the same pair wins, this
 * statement's snapshot cannot see its key: read it again.
 */
async function recordOne(
  db: Queryable,
  table: Table,
  farmer: number,
  advisory: number,
  by: number,
): Promise<Row> {
  const cols = `id, farmer_id as farmer, advisory_id as advisory, created_by as by_id, iso(created_at) as created_at`;
  const r = await db.query<Row>(
    `with ins as (
       insert into ${table} (farmer_id, advisory_id, created_by) values ($1, $2, $3)
       returning ${cols}, true as created)
     select * from ins
     union all
     select ${cols}, false from ${KEYS[table]}
     where farmer_id = $1 and advisory_id = $2 and created_by = $3 and not exists (select 1 from ins)`,
    [farmer, advisory, by],
  );
  if (r.rows[0]) return r.rows[0];
  const again = await db.query<Row>(
    `select ${cols}, false as created from ${KEYS[table]} where farmer_id = $1 and advisory_id = $2 and created_by = $3`,
    [farmer, advisory, by],
  );
  return again.rows[0] as Row;
}

/**
 * Many pairs for one DA in a fixed number of statements: one query finds which farmers and
 * advisories exist, one insert writes the new pairs, one select reads back every pair's id.
 * Pairs naming an unknown farmer or advisory, or a farmer outside the DA's area (authorize.ts,
 * the same rule as the single-record routes' policy), fail alone with field errors.
 */
async function recordBatch(
  db: Queryable,
  actor: Actor,
  table: Table,
  by: number,
  byField: string,
  pairs: RecordPair[],
  lang: Language,
): Promise<BatchResult> {
  const farmers = pairs.map((p) => p.farmer);
  const advisories = pairs.map((p) => p.advisory);
  const known = await db.query<{ farmers: number[] | null; advisories: number[] | null; da: boolean }>(
    `select (select array_agg(id) from farmers where id = any($1::bigint[])) as farmers,
            (select array_agg(id) from advisories where id = any($2::bigint[])) as advisories,
            exists (select 1 from da_profiles where id = $3) as da`,
    [farmers, advisories, by],
  );
  const k = known.rows[0];
  if (!k?.da) new FieldErrorSet().invalidPk(byField, by).throwIfAny();
  const inArea = (await allowedIds(db, actor, 'farmer', farmers, false)).allowed;
  const farmerOk = new Set((k?.farmers ?? []).map(Number).filter((f) => inArea.has(f)));
  const advisoryOk = new Set((k?.advisories ?? []).map(Number));
  const valid = pairs.filter((p) => farmerOk.has(p.farmer) && advisoryOk.has(p.advisory));

  const ids = new Map<string, number>();
  const created = new Set<string>();
  if (valid.length > 0) {
    const vf = valid.map((p) => p.farmer);
    const va = valid.map((p) => p.advisory);
    const ins = await db.query<{ farmer: number; advisory: number }>(
      `insert into ${table} (farmer_id, advisory_id, created_by)
       select distinct f, a, $3::bigint from unnest($1::bigint[], $2::bigint[]) as p(f, a)
       returning farmer_id as farmer, advisory_id as advisory`,
      [vf, va, by],
    );
    for (const r of ins.rows) created.add(`${r.farmer}:${r.advisory}`);
    const all = await db.query<{ id: number; farmer: number; advisory: number }>(
      `select t.id, t.farmer_id as farmer, t.advisory_id as advisory from ${KEYS[table]} t
       join (select distinct f, a from unnest($1::bigint[], $2::bigint[]) as p(f, a)) p
         on t.farmer_id = p.f and t.advisory_id = p.a
       where t.created_by = $3`,
      [vf, va, by],
    );
    for (const r of all.rows) ids.set(`${r.farmer}:${r.advisory}`, r.id);
  }

  const results: BatchResult['results'] = pairs.map((p) => {
    const key = `${p.farmer}:${p.advisory}`;
    const id = ids.get(key);
    if (id !== undefined) {
      // Only the first of duplicate pairs in one batch reports it as new.
      const isNew = created.delete(key);
      return { advisory: p.advisory, farmer: p.farmer, ok: true as const, id, created: isNew };
    }
    const errors: Record<string, string[]> = {};
    if (!farmerOk.has(p.farmer))
      errors.farmer = [
        inArea.has(p.farmer) || !(k?.farmers ?? []).map(Number).includes(p.farmer)
          ? message(lang, 'invalid_pk', { value: p.farmer })
          : message(lang, 'out_of_area'),
      ];
    if (!advisoryOk.has(p.advisory)) errors.advisory = [message(lang, 'invalid_pk', { value: p.advisory })];
    return { advisory: p.advisory, farmer: p.farmer, ok: false as const, errors };
  });
  const recorded = results.filter((r) => r.ok).length;
  return { recorded, failed: results.length - recorded, results };
}

export function registerRecordRoutes(app: FastifyInstance, env: BackendEnv): void {
  serve(app, env, routes.createReach, async ({ body, db }) => {
    const { created, by_id, ...row } = await recordOne(
      db,
      'reach_records',
      body.farmer,
      body.advisory,
      body.user,
    );
    return new WithStatus(created ? 201 : 200, { ...row, user: by_id });
  });

  serve(app, env, routes.createAdoption, async ({ body, db }) => {
    const { created, by_id, ...row } = await recordOne(
      db,
      'adoption_records',
      body.farmer,
      body.advisory,
      body.created_by,
    );
    return new WithStatus(created ? 201 : 200, {
      ...row,
      created_by: by_id,
      adoption_type: 'SELF_REPORTED' as const,
    });
  });

  serve(app, env, routes.createReachBatch, ({ body, actor, lang, db }) =>
    recordBatch(db, actor, 'reach_records', body.user, 'user', body.records, lang),
  );

  serve(app, env, routes.createAdoptionBatch, ({ body, actor, lang, db }) =>
    recordBatch(db, actor, 'adoption_records', body.created_by, 'created_by', body.records, lang),
  );
}
