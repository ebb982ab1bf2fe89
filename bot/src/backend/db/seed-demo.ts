import { normalizePhone } from '@gebere/phone';
import { importFile } from '../import/run';
import type { DemoPeople } from '../seed/demo-content';
import { SAMPLE_KINDS, type SampleKind, type Samples } from '../seed/samples';
import type { Log } from './log';
import { demoTime } from './seed-demo-activity';
import type { Queryable } from './types';

export interface DemoCounts {
  das: number;
  groups: number;
  farmers: number;
  skipped: number;
}

/** What importing the sample files did, per kind; `skipped` rows the import refused. */
export type SampleCounts = Partial<Record<SampleKind, { created: number; updated: number }>> & {
  skipped: number;
};

/**
 * Telegram's own service-notifications account. Demo DAs need a creating bot user; this id can
 * never open a mini-app, so the demo owner cannot be impersonated or collide with a real user.
 */
export const DEMO_OWNER_TELEGRAM_ID = 777000;

const json = (rows: unknown[]) => JSON.stringify(rows);
const phone = (p: string) => normalizePhone(p) ?? p;

type Skip = (what: string, ref: string, reason: string) => void;

const skipper = (log: Log) => {
  const counter = {
    skipped: 0,
    skip: ((what, ref, reason) => {
      counter.skipped++;
      log.warn({ what, ref, reason }, 'demo record skipped');
    }) as Skip,
  };
  return counter;
};

/**
 * Imports the sample files as `gebere import` does, in SAMPLE_KINDS order; importing them again
 * (the files changed) updates what differs. A row the import refuses (an area missing from the
 * admin data, then whatever refers to it) is skipped with a warning, not fatal. Questions that a
 * database seeded before questions had codes holds (same advisory and position) get their code
 * first, so they are matched, not duplicated.
 */
export async function importSamples(q: Queryable, samples: Samples, log: Log): Promise<SampleCounts> {
  await q.query(
    `update feedback_questions f set code = x.code
     from jsonb_to_recordset($1::jsonb) as x(code text, advisory text, position int)
     join advisories a on a.code = x.advisory
     where f.advisory_id = a.id and f.position = x.position and f.code is null
       and not exists (select 1 from feedback_questions o where o.code = x.code)`,
    [json(samples.rows['feedback-questions'])],
  );
  const s = skipper(log);
  const counts: SampleCounts = { skipped: 0 };
  for (const kind of SAMPLE_KINDS) {
    let rows = samples.rows[kind];
    while (rows.length > 0) {
      const outcome = await importFile(q, { kind, rows, firstRow: 2 }, 'en');
      if (outcome.ok) {
        counts[kind] = { created: outcome.counts.created, updated: outcome.counts.updated };
        break;
      }
      // Leave out the refused rows and import the rest.
      const reasons = new Map<number, string[]>();
      for (const { row, column, messages } of outcome.errors) {
        const i = row - 2;
        reasons.set(i, [...(reasons.get(i) ?? []), `row ${row}.${column}: ${messages.join(' ')}`]);
      }
      for (const [i, why] of reasons)
        s.skip(kind, Object.values(rows[i] ?? {})[0] ?? `row ${i + 2}`, why.join('; '));
      const before = rows.length;
      rows = rows.filter((_, i) => !reasons.has(i));
      if (rows.length === before) break;
    }
  }
  return { ...counts, skipped: s.skipped };
}

/**
 * The demo DAs' profiles, as their roster rows (imported with the samples) list them, then their
 * groups and farmers (formed and registered the given days before `now`).
 */
export async function insertDemoPeople(
  q: Queryable,
  people: DemoPeople,
  log: Log,
  now: Date,
): Promise<DemoCounts> {
  const { skip, ...counter } = skipper(log);
  const owner = await q.query<{ id: number }>(
    `insert into bot_users (telegram_id, chat_id, first_name) values ($1, $1, 'Gebere demo data')
     on conflict (telegram_id) do update set first_name = excluded.first_name returning id`,
    [DEMO_OWNER_TELEGRAM_ID],
  );
  // In the demo's order, so the profiles' ids are too; the kebele's own parents make the path.
  const das = people.das.map((d, ord) => ({
    phone: phone(d.phone_number),
    telegram: phone(d.telegram_phone_number ?? d.phone_number),
    ord,
  }));
  const profiles = await q.query<{ id: number; phone_number: string }>(
    `insert into da_profiles (first_name, father_name, grand_father_name, phone_number, telegram_phone_number, sex,
       region_id, zone_id, woreda_id, kebele_id, role_id, created_by)
     select r.first_name, r.father_name, r.grand_father_name, r.phone_number, x.telegram, r.sex,
       z.region_id, w.zone_id, k.woreda_id, k.id, r.role_id, $2
     from jsonb_to_recordset($1::jsonb) as x(phone text, telegram text, ord int)
     join da_roster r on r.phone_number = x.phone join kebeles k on k.id = r.kebele_id
     join woredas w on w.id = k.woreda_id join zones z on z.id = w.zone_id
     order by x.ord
     on conflict (phone_number) do update set first_name = excluded.first_name
     returning id, phone_number`,
    [json(das), owner.rows[0]?.id],
  );
  const byPhone = new Map(profiles.rows.map((p) => [p.phone_number, Number(p.id)]));
  const daIds = new Map<string, number>();
  for (const d of people.das) {
    const id = byPhone.get(phone(d.phone_number));
    if (id === undefined) skip('da', d.ref, `no roster row ${d.phone_number}`);
    else daIds.set(d.ref, id);
  }

  const groupIds = new Map<string, number>();
  for (const g of people.groups) {
    const da = daIds.get(g.created_by);
    if (da === undefined) {
      skip('group', g.ref, `no DA ${g.created_by}`);
      continue;
    }
    const r = await q.query<{ id: number }>(
      `insert into development_groups (group_name, group_type, kebele_id, created_by, created_at)
       select $1, $2, d.kebele_id, d.id, $4::timestamptz from da_profiles d where d.id = $3 returning id`,
      [g.group_name, g.group_type, da, demoTime(now, g.formed_days_ago, '09:00')],
    );
    groupIds.set(g.ref, r.rows[0]?.id as number);
  }

  const farmers = people.farmers.flatMap((f) => {
    const group = groupIds.get(f.development_group);
    const da = daIds.get(f.created_by);
    if (group === undefined || da === undefined) {
      skip('farmer', f.ref, `no group ${f.development_group} or DA ${f.created_by}`);
      return [];
    }
    const at = demoTime(now, f.registered_days_ago, '09:15');
    return [{ ...f, phone_number: phone(f.phone_number), group, da, at }];
  });
  // A farmer's kebele is its group's, by construction.
  const fr = await q.query(
    `insert into farmers (farmer_name, father_name, grand_father_name, phone_number, gender, kebele_id,
       development_group_id, created_by, created_at)
     select x.farmer_name, x.father_name, x.grand_father_name, x.phone_number, x.gender, g.kebele_id, g.id, x.da,
       x.at::timestamptz
     from jsonb_to_recordset($1::jsonb) as x(farmer_name text, father_name text, grand_father_name text,
       phone_number text, gender text, "group" bigint, da bigint, at text)
     join development_groups g on g.id = x."group"`,
    [json(farmers)],
  );
  return { das: daIds.size, groups: groupIds.size, farmers: fr.rowCount, skipped: counter.skipped };
}

/**
 * The demo's notification managers (docs/authorization.md): an operator's grant over their
 * region to the demo DAs marked so, by their Telegram phone.
 */
export async function insertDemoGrants(q: Queryable, people: DemoPeople): Promise<number> {
  const r = await q.query(
    `insert into role_grants (phone_number, role, location_type, location_id)
     select d.telegram_phone_number, 'notification_manager', 'region', d.region_id
     from da_profiles d where d.phone_number = any($1::text[])
     on conflict do nothing`,
    [people.das.filter((d) => d.regionManager).map((d) => phone(d.phone_number))],
  );
  return r.rowCount;
}

/**
 * The demo DAs' enrolment (docs/authorization.md, "Verification status"): each demo profile is
 * approved for its kebele, as the organisation that listed them would have it.
 */
export async function insertDemoEnrolments(q: Queryable, people: DemoPeople): Promise<number> {
  const r = await q.query(
    `insert into da_enrolments (da_profile_id, kebele_id, status, decided_by, decided_at)
     select d.id, d.kebele_id, 'approved', 'seed', now() from da_profiles d
     where d.phone_number = any($1::text[])
     on conflict (da_profile_id, kebele_id) do nothing`,
    [people.das.map((d) => phone(d.phone_number))],
  );
  return r.rowCount;
}
