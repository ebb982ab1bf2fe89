import { addDays, reportDayOf } from '@gebere/contract';
import { normalizePhone } from '@gebere/phone';
import type { DemoPeople } from '../seed/demo-content';
import type { Log } from './log';
import type { Queryable } from './types';

/**
 * A demo record's time: `daysAgo` Addis Ababa days before the seed's, at `local` o'clock there.
 * Relative to the seed, so a fresh database's reports always have weeks to show (the prepared
 * database's demo is dated when `bot/build.mjs` made it).
 */
export function demoTime(now: Date, daysAgo: number, local: string): string {
  return new Date(`${addDays(reportDayOf(now), -daysAgo)}T${local}:00+03:00`).toISOString();
}

export interface DemoActivityCounts {
  reach: number;
  adoption: number;
  reportUsers: number;
  skipped: number;
}

const json = (rows: unknown[]) => JSON.stringify(rows);
const phone = (p: string) => normalizePhone(p) ?? p;

type Pair = { farmer: string; name: string; da: string; advisory: string; at: string };

/**
 * The demo's reach and adoption records (demo/activity.ts) and its report user, inserted as the
 * record routes insert them, so the rollup triggers (migration 9) count them like any other.
 * A farmer is found by phone, name and registering DA, an advisory by code; a record whose
 * farmer, DA or advisory is missing (or that exists already) is skipped with a warning.
 */
export async function insertDemoActivity(
  q: Queryable,
  demo: DemoPeople,
  log: Log,
  now: Date,
): Promise<DemoActivityCounts> {
  const farmers = new Map(demo.farmers.map((f) => [f.ref, f]));
  const groups = new Map(demo.groups.map((g) => [g.ref, g]));
  const das = new Map(demo.das.map((d) => [d.ref, d]));
  const reach: Pair[] = [];
  const adoption: Pair[] = [];
  for (const s of demo.sessions) {
    const group = groups.get(s.group);
    const da = group && das.get(group.created_by);
    if (!group || !da) continue; // demo-content.test.ts keeps the refs whole
    const there = demo.farmers.filter((f) => f.development_group === s.group && !s.absent.includes(f.ref));
    const pair = (ref: string, daysAgo: number, local: string): Pair => {
      const f = farmers.get(ref);
      return {
        farmer: phone(f?.phone_number ?? ''),
        name: f?.farmer_name ?? '',
        da: phone(da.phone_number),
        advisory: s.advisory,
        at: demoTime(now, daysAgo, local),
      };
    };
    for (const f of there) reach.push(pair(f.ref, s.days_ago, '10:30'));
    for (const [ref, daysAgo] of Object.entries(s.adopted)) adoption.push(pair(ref, daysAgo, '15:00'));
  }

  const insert = async (table: 'reach_records' | 'adoption_records', rows: Pair[]) => {
    const r = await q.query(
      `insert into ${table} (farmer_id, advisory_id, created_by, created_at)
       select f.id, a.id, d.id, x.at::timestamptz
       from jsonb_to_recordset($1::jsonb) as x(farmer text, name text, da text, advisory text, at text)
       join da_profiles d on d.phone_number = x.da
       join farmers f on f.phone_number = x.farmer and f.farmer_name = x.name and f.created_by = d.id
       join advisories a on a.code = x.advisory
       order by x.at`,
      [json(rows)],
    );
    return r.rowCount;
  };
  const reached = await insert('reach_records', reach);
  const adopted = await insert('adoption_records', adoption);

  const users = demo.reportUsers.map((u) => ({ ...u, phone_no: phone(u.phone_no) }));
  const r = await q.query(
    `insert into report_users (name, phone_no, gender, region_id, zone_id, woreda_id, created_by)
     select x.name, x.phone_no, x.gender, z.region_id, w.zone_id, w.id, x.telegram_id
     from jsonb_to_recordset($1::jsonb) as x(name text, phone_no text, gender text, woreda text, telegram_id bigint)
     join woredas w on w.code = x.woreda join zones z on z.id = w.zone_id
     on conflict (created_by) do nothing`,
    [json(users)],
  );

  const skipped = reach.length - reached + (adoption.length - adopted) + (users.length - r.rowCount);
  if (skipped > 0)
    log.warn({ skipped }, 'demo reach, adoption or report users skipped (missing or already there)');
  return { reach: reached, adoption: adopted, reportUsers: r.rowCount, skipped };
}
