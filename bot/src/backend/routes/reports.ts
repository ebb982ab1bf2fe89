import {
  ADMIN_LEVELS,
  CHILD_LEVEL,
  defaultPeriod,
  REPORT_TABLE_ROWS,
  type Report,
  type ReportArea,
  type ReportCounts,
  type ReportLevel,
  reportDayOf,
  reportWeeks,
  routes,
} from '@gebere/contract';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/types';
import { loadActor } from '../serving/actor-source';
import { type Place, type ReportScope, reportPlace, reportScopes, scopeCovers } from '../serving/authorize';
import { detailError, notFound } from '../serving/http-error';
import { oneAtATimePerUser, reportCost, type SpendReads } from '../serving/request-limits';
import { type BackendEnv, serve } from '../serving/serve';

/**
 * Reports: every figure is a sum over `report_daily`, the rollup migration 9 keeps
 * (one row per day × kebele × DA × advisory), read through its area index; never a scan of the
 * farmers or the reach rows. Access is decided before this runs (authorize.ts, `reportArea`).
 */

export interface ReportFilter {
  level: ReportLevel;
  id: number | null;
  from: string;
  to: string;
  valueChain: number | null;
}

const AREA_TABLE = { region: 'regions', zone: 'zones', woreda: 'woredas', kebele: 'kebeles' } as const;
const PARENT_COLUMN = { region: null, zone: 'region_id', woreda: 'zone_id', kebele: 'woreda_id' } as const;

const SUMS =
  'coalesce(sum(r.farmers), 0)::int as farmers, coalesce(sum(r.groups), 0)::int as groups, ' +
  'coalesce(sum(r.reach), 0)::int as reach, coalesce(sum(r.adoption), 0)::int as adoption';
// The lists by advisory, value chain and DA sum by key first and name only the keys they show: a
// region's 12 weeks are ~10⁵ rollup rows over ~10⁴ DAs and advisories (national data), and
// joining every row to its name cost more than the sums. `s` is the per-key sums.
const RESUMS = SUMS.replaceAll('r.', 's.');
const TOP_SUMS = 's.farmers, s.groups, s.reach, s.adoption';

/** The rollup rows of an area, a day range and a value chain: a where clause and its parameters. */
function rowsOf(f: ReportFilter, from: string, to: string): { where: string; params: unknown[] } {
  const params: unknown[] = [from, to];
  const where = ['r.day between $1::date and $2::date'];
  if (f.level !== 'all') {
    params.push(f.id);
    where.push(`r.${f.level}_id = $${params.length}::bigint`);
  }
  if (f.valueChain !== null) {
    params.push(f.valueChain);
    // Farmers and groups (advisory 0) have no value chain: they always count.
    where.push(
      `(r.advisory_id = 0 or r.advisory_id in (select id from advisories where value_chain_id = $${params.length}::bigint))`,
    );
  }
  return { where: where.join(' and '), params };
}

const counts = (row: Partial<ReportCounts> | undefined): ReportCounts => ({
  farmers: Number(row?.farmers ?? 0),
  groups: Number(row?.groups ?? 0),
  reach: Number(row?.reach ?? 0),
  adoption: Number(row?.adoption ?? 0),
});

type Named = { id: number; name: string; name_am: string | null; name_om: string | null };

async function areaOf(q: Queryable, level: ReportLevel, id: number | null): Promise<ReportArea> {
  if (level === 'all' || id === null)
    return { level: 'all', id: null, name: '', name_am: null, name_om: null };
  const r = await q.query<Named>(
    `select id, name, name_am, name_om from ${AREA_TABLE[level]} where id = $1`,
    [id],
  );
  const row = r.rows[0];
  return { level, id, name: row?.name ?? '', name_am: row?.name_am ?? null, name_om: row?.name_om ?? null };
}

/** The report of one area; every list ordered so that the same data gives the same answer. */
export async function buildReport(q: Queryable, f: ReportFilter, trail: ReportArea[]): Promise<Report> {
  const weeks = reportWeeks(f.to);
  const series = rowsOf(f, weeks[0] as string, f.to);
  const period = rowsOf(f, f.from, f.to);
  const child = CHILD_LEVEL[f.level];
  const recorded = `${period.where} and r.advisory_id <> 0`;

  const [weekRows, totals, byValueChain, byAdvisory, byArea, byDa, area, valueChains] = await Promise.all([
    q.query<ReportCounts & { week: string }>(
      `select to_char(r.day - (extract(isodow from r.day)::int - 1), 'YYYY-MM-DD') as week, ${SUMS}
       from report_daily r where ${series.where} group by 1`,
      series.params,
    ),
    q.query<ReportCounts>(`select ${SUMS} from report_daily r where ${period.where}`, period.params),
    q.query<Named & ReportCounts>(
      `select v.id, v.name, v.name_am, v.name_om, ${RESUMS}
       from (select r.advisory_id, ${SUMS} from report_daily r where ${recorded} group by 1) s
       join advisories a on a.id = s.advisory_id join value_chains v on v.id = a.value_chain_id
       group by v.id, v.name, v.name_am, v.name_om order by sum(s.reach) desc, v.id`,
      period.params,
    ),
    q.query<Named & ReportCounts>(
      `select a.id, coalesce(a.label, a.code, a.id::text) as name, a.label_am as name_am, a.label_om as name_om, ${TOP_SUMS}
       from (select r.advisory_id, ${SUMS} from report_daily r where ${recorded} group by 1
             order by sum(r.reach) desc, sum(r.adoption) desc, r.advisory_id limit ${REPORT_TABLE_ROWS}) s
       join advisories a on a.id = s.advisory_id order by s.reach desc, s.adoption desc, a.id`,
      period.params,
    ),
    child === null || child === 'all'
      ? Promise.resolve({ rows: [] as Array<Named & ReportCounts> })
      : q.query<Named & ReportCounts>(
          `select c.id, c.name, c.name_am, c.name_om, coalesce(s.farmers, 0) as farmers, coalesce(s.groups, 0) as groups,
             coalesce(s.reach, 0) as reach, coalesce(s.adoption, 0) as adoption
           from ${AREA_TABLE[child]} c left join (
             select r.${child}_id as id, ${SUMS} from report_daily r where ${period.where} group by 1
           ) s on s.id = c.id
           ${PARENT_COLUMN[child] && f.level !== 'all' ? `where c.${PARENT_COLUMN[child]} = $3::bigint` : ''}
           order by c.name, c.id`,
          period.params,
        ),
    q.query<{ id: number; name: string } & ReportCounts>(
      `select d.id, d.first_name || ' ' || d.father_name as name, ${TOP_SUMS}
       from (select r.da_id, ${SUMS} from report_daily r where ${period.where} and r.da_id <> 0 group by 1
             order by sum(r.reach) desc, sum(r.farmers) desc, r.da_id limit ${REPORT_TABLE_ROWS}) s
       join da_profiles d on d.id = s.da_id order by s.reach desc, s.farmers desc, d.id`,
      period.params,
    ),
    areaOf(q, f.level, f.id),
    q.query<Named>('select id, name, name_am, name_om from value_chains order by name, id'),
  ]);

  const byWeek = new Map(weekRows.rows.map((w) => [w.week, w]));
  const named = (r: Named) => ({
    id: Number(r.id),
    name: r.name,
    name_am: r.name_am ?? null,
    name_om: r.name_om ?? null,
  });
  return {
    area,
    trail,
    from: f.from,
    to: f.to,
    value_chain: f.valueChain,
    weeks: weeks.map((week) => ({ week, ...counts(byWeek.get(week)) })),
    totals: counts(totals.rows[0]),
    by_value_chain: byValueChain.rows.map((r) => ({
      ...named(r),
      reach: Number(r.reach),
      adoption: Number(r.adoption),
    })),
    by_advisory: byAdvisory.rows.map((r) => ({
      ...named(r),
      reach: Number(r.reach),
      adoption: Number(r.adoption),
    })),
    by_area: child === null ? [] : byArea.rows.map((r) => ({ level: child, ...named(r), ...counts(r) })),
    by_da: byDa.rows.map((r) => ({ id: Number(r.id), name: r.name, ...counts(r) })),
    value_chains: valueChains.rows.map(named),
  };
}

/** The areas above the place (and the place) that some scope covers, widest first. */
async function trailOf(
  q: Queryable,
  scopes: ReportScope[],
  level: ReportLevel,
  place: Place,
): Promise<ReportArea[]> {
  const trail: ReportArea[] = [];
  if (scopes.some((s) => s.level === 'all'))
    trail.push({ level: 'all', id: null, name: '', name_am: null, name_om: null });
  for (const l of ADMIN_LEVELS) {
    if (level === 'all' || ADMIN_LEVELS.indexOf(l) >= ADMIN_LEVELS.indexOf(level)) break;
    const id = place[l];
    const at: Place = { region: null, zone: null, woreda: null, kebele: null };
    for (const up of ADMIN_LEVELS.slice(0, ADMIN_LEVELS.indexOf(l) + 1)) at[up] = place[up];
    if (id !== null && scopes.some((s) => scopeCovers(s, at))) trail.push(await areaOf(q, l, id));
  }
  return trail;
}

/** `spendReads`: a report weighs its area and period on its user's read budget (request-limits.ts). */
export function registerReportRoutes(app: FastifyInstance, env: BackendEnv, spendReads?: SpendReads): void {
  const inTurn = oneAtATimePerUser();
  serve(app, env, routes.getReport, async ({ query, actor, db, request }) => {
    const scopes = await reportScopes(db, actor);
    // checkPolicy refused a caller with no scope; absent an area, the widest one.
    const widest = scopes[0] ?? { level: 'all' as const, id: null };
    const level = query.level ?? widest.level;
    const id = query.level === undefined ? widest.id : (query.area ?? null);
    const place = await reportPlace(db, level, id);
    if (!place) throw notFound();
    const period =
      query.from && query.to ? { from: query.from, to: query.to } : defaultPeriod(reportDayOf(new Date()));
    const filter = { level, id, ...period, valueChain: query.value_chain ?? null };
    // The read itself cost 1 already (at onRequest).
    await spendReads?.(request, reportCost(level, period.from, period.to) - 1);
    const trail = await trailOf(db, scopes, level, place);
    // The service token (the weekly digest's engine) paces itself.
    if (actor.kind !== 'user') return buildReport(db, filter, trail);
    return inTurn(`tg:${actor.telegramUserId}`, () => buildReport(db, filter, trail));
  });

  // The bot's /digest: whether the user is subscribed, and whether they may be.
  serve(app, env, routes.getReportDigest, async ({ query, db }) => {
    const actor = await loadActor(db, query.telegram_id);
    const botUserId = actor.kind === 'user' ? actor.botUser?.id : undefined;
    const subscribed =
      botUserId !== undefined &&
      (await db.query('select 1 from report_digest_subscriptions where bot_user_id = $1', [botUserId])).rows
        .length > 0;
    return { subscribed, report_scope: (await reportScopes(db, actor)).length > 0 };
  });

  // The weekly digest: whoever has a report scope may subscribe (the same rule as the report);
  // unsubscribing is always allowed. The engine re-reads the scope at every send.
  serve(app, env, routes.setReportDigest, async ({ body, db }) => {
    const actor = await loadActor(db, body.telegram_id);
    const botUserId = actor.kind === 'user' ? actor.botUser?.id : undefined;
    if (botUserId === undefined) throw detailError(403, 'unknown_user');
    if (!body.subscribed) {
      await db.query('delete from report_digest_subscriptions where bot_user_id = $1', [botUserId]);
      return { subscribed: false };
    }
    if ((await reportScopes(db, actor)).length === 0) throw detailError(403, 'no_report_scope');
    await db.query(
      'insert into report_digest_subscriptions (bot_user_id) values ($1) on conflict do nothing',
      [botUserId],
    );
    return { subscribed: true };
  });
}
