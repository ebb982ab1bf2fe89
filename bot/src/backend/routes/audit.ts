import { type AuditRow, HISTORY_TABLES, type HistoryEntry, routes } from '@gebere/contract';
import { normalizePhone } from '@gebere/phone';
import type { FastifyInstance } from 'fastify';
import { fieldError, notFound } from '../serving/http-error';
import { listOrPage } from '../serving/paginate';
import { type BackendEnv, serve } from '../serving/serve';

const ROW = `a.id, iso(a.at) as at, a.actor, a.proof, a.late_sync, a.screen, a.telegram_id, a.bot_user_id,
  a.da_id, a.phone, a.operator, a.route, a.request_id, a.table_name as "table", a.record_id, a.action,
  a.before, a.after`;

/** A grant's area at `level` (role_grants rows name an area, not a place). */
const grantArea = (level: string) =>
  `case when a.table_name = 'role_grants' and j.r->>'location_type' = '${level}' then (j.r->>'location_id')::bigint end`;

/**
 * The place of each row, derived when read so writes pay nothing for it: the record's own area
 * columns (kept by the trigger), else through what it points at (a record's farmer, a bot user's
 * or a feedback's DA), else the row itself when it is an area, else up the area tables.
 */
const PLACE_JOINS = `
  cross join lateral (select coalesce(a.after, a.before) as r) j
  cross join lateral (select coalesce(a.kebele_id, case a.table_name
      when 'kebeles' then a.record_id
      when 'reach_records' then (select f.kebele_id from farmers f where f.id = (j.r->>'farmer_id')::bigint)
      when 'adoption_records' then (select f.kebele_id from farmers f where f.id = (j.r->>'farmer_id')::bigint)
      when 'bot_users' then (select d.kebele_id from bot_users b join da_profiles d on d.id = b.da_profile_id
                             where b.id = a.record_id)
      when 'feedback' then (select d.kebele_id from feedback x join bot_users b on b.id = x.bot_user_id
                            join da_profiles d on d.id = b.da_profile_id where x.id = a.record_id)
    end, ${grantArea('kebele')}) as kebele) pk
  cross join lateral (select coalesce(a.woreda_id, case when a.table_name = 'woredas' then a.record_id end,
    ${grantArea('woreda')}, (select k.woreda_id from kebeles k where k.id = pk.kebele)) as woreda) pw
  cross join lateral (select coalesce(a.zone_id, case when a.table_name = 'zones' then a.record_id end,
    ${grantArea('zone')}, (select w.zone_id from woredas w where w.id = pw.woreda)) as zone) pz
  cross join lateral (select coalesce(a.region_id, case when a.table_name = 'regions' then a.record_id end,
    ${grantArea('region')}, (select z.region_id from zones z where z.id = pz.zone)) as region) pr`;
const PLACE_OF = { region: 'pr.region', zone: 'pz.zone', woreda: 'pw.woreda', kebele: 'pk.kebele' } as const;

const PHONE_FIELDS = `('phone_number', 'telegram_phone_number', 'phone_no')`;
/** Any form of the same number ends in the same nine digits (0911…, 911…, +251911…). */
const phoneIn = (column: string, p: string) =>
  `exists (select 1 from jsonb_each_text(coalesce(${column}, '{}')) e
           where e.key in ${PHONE_FIELDS} and right(e.value, 9) = ${p})`;

/** Who changed a record, as its readers may see it: a DA by name, the rest masked. */
const HISTORY_SQL = `
  select a.id, iso(a.at) as at, a.action, a.proof, a.late_sync, a.screen, a.route, a.before, a.after,
    json_build_object('actor', a.actor, 'da_id', a.da_id,
      'name', case when d.id is not null then concat_ws(' ', d.first_name, d.father_name) end,
      'phone', case when d.id is null and a.phone is not null then '…' || right(a.phone, 2) end) as who
  from audit_log a left join da_profiles d on d.id = a.da_id
  where a.table_name = $1 and a.record_id = $2`;

/**
 * The audit trail's reads: the operator's log (`gebere audit`), and one record's history for those
 * who may read that record (the policy's recordScope).
 */
export function registerAuditRoutes(app: FastifyInstance, env: BackendEnv): void {
  const { db } = env;

  serve(app, env, routes.listAuditRows, async ({ query }) => {
    const where: string[] = [];
    const params: unknown[] = [];
    const param = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    if (query.phone_number !== undefined) {
      const phone = normalizePhone(query.phone_number);
      if (!phone) throw fieldError('phone_number', 'phone_number_validation');
      const p = param(phone);
      // A record that ever held the number keeps its whole history in the answer: an update that
      // changes only a status (the operator's approval) names no phone of its own.
      where.push(
        `(right(a.phone, 9) = ${p} or (a.table_name, a.record_id) in (select h.table_name, h.record_id
           from audit_log h where ${phoneIn('h.after', p)} or ${phoneIn('h.before', p)}))`,
      );
    }
    if (query.table !== undefined) where.push(`a.table_name = ${param(query.table)}`);
    if (query.record_id !== undefined) where.push(`a.record_id = ${param(query.record_id)}`);
    if (query.from !== undefined) where.push(`a.at >= ${param(`${query.from}T00:00:00Z`)}::timestamptz`);
    if (query.to !== undefined)
      where.push(`a.at < ${param(`${query.to}T00:00:00Z`)}::timestamptz + interval '1 day'`);
    const level = query.location_type;
    const area = level !== undefined && level !== 'all';
    if (area) {
      if (query.location_id === undefined) throw fieldError('location_id', 'required');
      where.push(`${PLACE_OF[level]} = ${param(query.location_id)}`);
    }
    const r = await db.query<AuditRow>(
      `select * from (select ${ROW} from audit_log a ${area ? PLACE_JOINS : ''}
         ${where.length ? `where ${where.join(' and ')}` : ''}
         order by a.id desc limit ${param(query.limit)}) t order by id`,
      params,
    );
    return r.rows;
  });

  serve(app, env, routes.getRecordHistory, async ({ query, request }) => {
    const table = HISTORY_TABLES[query.table];
    const found = await db.query(`select 1 from ${table} where id = $1`, [query.id]);
    if (found.rows.length === 0) throw notFound();
    return listOrPage<HistoryEntry>(db, request, query, {
      sql: HISTORY_SQL,
      params: [table, query.id],
      orderBy: 'id',
    });
  });
}
