import { normalizePhone } from '@gebere/phone';
import { KINDS, type KindImpl } from '../import/kinds';
import { importFile } from '../import/run';
import type { DemoContent } from '../seed/demo-content';
import { SAMPLE_KINDS, type SampleKind, sampleTables } from '../seed/samples';
import type { Log } from './log';
import { demoTime } from './seed-demo-activity';
import type { Queryable } from './types';

export interface DemoCounts {
  valueChains: number;
  advisories: number;
  das: number;
  groups: number;
  farmers: number;
  skipped: number;
}

/**
 * Telegram's own service-notifications account. Demo DAs need a creating bot user; this id can
 * never open a mini-app, so the demo owner cannot be impersonated or collide with a real user.
 */
export const DEMO_OWNER_TELEGRAM_ID = 777000;

const json = (rows: unknown[]) => JSON.stringify(rows);
const phone = (p: string) => normalizePhone(p) ?? p;

/** The kinds whose tables migration 1 made: the demo content part imports them. */
const CONTENT_KINDS = SAMPLE_KINDS.filter((k) => !k.startsWith('feedback') && k !== 'roster');
/** The kinds that need migration 5 (question codes, choice keys, the roster): their own part. */
export const DEMO_IMPORT_KINDS = SAMPLE_KINDS.filter((k) => !CONTENT_KINDS.includes(k));

type Skip = (what: string, ref: string, reason: string) => void;

/**
 * Advisories as migration 1 made them, without `label_am` (migration 7): the content part also
 * runs on an older snapshot, whose advisories get their Amharic titles from
 * {@link insertDemoAdvisoryTitles} once migrated.
 */
const ADVISORIES_V1: KindImpl = (() => {
  const { label_am: _, ...columns } = KINDS.advisories.target.columns;
  return { ...KINDS.advisories, target: { ...KINDS.advisories.target, columns } };
})();

/**
 * Imports these kinds of the sample files' rows (seed/samples.ts, the same tables as
 * samples/*.csv) as `gebere import` does, and answers how many each created. A row the import
 * refuses (an area missing from the admin data, then whatever refers to it) is skipped with a
 * warning, not fatal.
 */
async function importSamples(
  q: Queryable,
  demo: DemoContent,
  kinds: readonly SampleKind[],
  skip: Skip,
): Promise<Partial<Record<SampleKind, number>>> {
  const tables = sampleTables(demo);
  const created: Partial<Record<SampleKind, number>> = {};
  for (const kind of kinds) {
    const [header = [], ...cells] = tables[kind];
    let rows = cells.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
    while (rows.length > 0) {
      const impl = kind === 'advisories' ? ADVISORIES_V1 : KINDS[kind];
      const outcome = await importFile(q, { kind, rows, firstRow: 2 }, 'en', impl);
      if (outcome.ok) {
        created[kind] = outcome.counts.created;
        break;
      }
      // Leave out the refused rows and import the rest.
      const reasons = new Map<number, string[]>();
      for (const { row, column, messages } of outcome.errors) {
        const i = row - 2;
        reasons.set(i, [...(reasons.get(i) ?? []), `row ${row}.${column}: ${messages.join(' ')}`]);
      }
      for (const [i, why] of reasons)
        skip(kind, rows[i]?.[header[0] ?? ''] ?? `row ${i + 2}`, why.join('; '));
      const before = rows.length;
      rows = rows.filter((_, i) => !reasons.has(i));
      if (rows.length === before) break;
    }
  }
  return created;
}

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
 * Inserts the demo content: the value-chain hierarchy, advisories and DA roles imported from the
 * sample files' rows, then the DAs, groups and farmers (formed and registered the given days
 * before `now`). Feedback questions, choices and the roster are {@link insertDemoImports}, a
 * later part (they need migration 5, which an older snapshot that holds this part lacks).
 */
export async function insertDemoContent(
  q: Queryable,
  demo: DemoContent,
  log: Log,
  now: Date,
): Promise<DemoCounts> {
  const s = skipper(log);
  const created = await importSamples(q, demo, CONTENT_KINDS, s.skip);
  const people = await insertPeople(q, demo, s.skip, now);
  return {
    valueChains: created['value-chains'] ?? 0,
    advisories: created.advisories ?? 0,
    ...people,
    skipped: s.skipped,
  };
}

/**
 * The demo's feedback questions, choices and roster, from the sample files. Questions a database
 * seeded before questions had codes already holds (same advisory and position) get their code
 * first, so they are matched, not duplicated.
 */
export async function insertDemoImports(
  q: Queryable,
  demo: DemoContent,
  log: Log,
): Promise<{ questions: number; choices: number; roster: number; skipped: number }> {
  const positions = demo.feedbackQuestions.map((f, position) => ({
    code: f.ref,
    advisory: f.advisory,
    position,
  }));
  await q.query(
    `update feedback_questions f set code = x.code
     from jsonb_to_recordset($1::jsonb) as x(code text, advisory text, position int)
     join advisories a on a.code = x.advisory
     where f.advisory_id = a.id and f.position = x.position and f.code is null
       and not exists (select 1 from feedback_questions o where o.code = x.code)`,
    [json(positions)],
  );
  const s = skipper(log);
  const created = await importSamples(q, demo, DEMO_IMPORT_KINDS, s.skip);
  return {
    questions: created['feedback-questions'] ?? 0,
    choices: created['feedback-choices'] ?? 0,
    roster: created.roster ?? 0,
    skipped: s.skipped,
  };
}

/**
 * The Amharic titles of the demo's advisories (`label_am`, migration 7), a part of its own so a
 * database seeded before the column existed gets them once migrated. A title an operator's
 * import already gave is kept.
 */
export async function insertDemoAdvisoryTitles(q: Queryable, demo: DemoContent): Promise<number> {
  const titles = demo.advisories
    .filter((a) => a.label_am)
    .map((a) => ({ code: a.ref, label_am: a.label_am }));
  const r = await q.query(
    `update advisories a set label_am = x.label_am
     from jsonb_to_recordset($1::jsonb) as x(code text, label_am text)
     where a.code = x.code and a.label_am is null`,
    [json(titles)],
  );
  return r.rowCount;
}

/**
 * The demo's notification managers (docs/authorization.md): an operator's grant over their
 * region to the demo DAs marked so, by their Telegram phone. Its own seed part, because it needs
 * the role_grants table (migration 4) that demo content seeded before it does not.
 */
export async function insertDemoGrants(q: Queryable, demo: DemoContent): Promise<number> {
  const managers = demo.das
    .filter((d) => d.regionManager)
    .map((d) => ({ phone: phone(d.telegram_phone_number), kebele: d.kebele }));
  const r = await q.query(
    `insert into role_grants (phone_number, role, location_type, location_id)
     select x.phone, 'notification_manager', 'region', z.region_id
     from jsonb_to_recordset($1::jsonb) as x(phone text, kebele text)
     join kebeles k on k.code = x.kebele join woredas w on w.id = k.woreda_id join zones z on z.id = w.zone_id
     on conflict do nothing`,
    [json(managers)],
  );
  return r.rowCount;
}

/**
 * The demo DAs' enrolment (docs/authorization.md, "Verification status"): each demo profile is
 * approved for its kebele, as the organisation that listed them would have it. Its own part, so
 * a database seeded before enrolment existed gets it once migrated.
 */
export async function insertDemoEnrolments(q: Queryable, demo: DemoContent): Promise<number> {
  const r = await q.query(
    `insert into da_enrolments (da_profile_id, kebele_id, status, decided_by, decided_at)
     select d.id, d.kebele_id, 'approved', 'seed', now() from da_profiles d
     where d.phone_number = any($1::text[])
     on conflict (da_profile_id, kebele_id) do nothing`,
    [demo.das.map((d) => phone(d.phone_number))],
  );
  return r.rowCount;
}

async function insertPeople(
  q: Queryable,
  demo: DemoContent,
  skip: Skip,
  now: Date,
): Promise<{ das: number; groups: number; farmers: number }> {
  const owner = await q.query<{ id: number }>(
    `insert into bot_users (telegram_id, chat_id, first_name) values ($1, $1, 'Gebere demo data')
     on conflict (telegram_id) do update set first_name = excluded.first_name returning id`,
    [DEMO_OWNER_TELEGRAM_ID],
  );
  const ownerId = owner.rows[0]?.id;
  const roles = new Map(
    (await q.query<{ id: number; name: string }>('select id, name from da_roles')).rows.map((r) => [
      r.name,
      r.id,
    ]),
  );
  const roleByRef = new Map(demo.roles.map((r) => [r.ref, roles.get(r.name)]));
  const kebeleCodes = [...demo.das.map((d) => d.kebele), ...demo.groups.map((g) => g.kebele)];
  const kebeles = await q.query<{
    id: number;
    code: string;
    woreda_id: number;
    zone_id: number;
    region_id: number;
  }>(
    `select k.id, k.code, k.woreda_id, w.zone_id, z.region_id from kebeles k
     join woredas w on w.id = k.woreda_id join zones z on z.id = w.zone_id where k.code = any($1::text[])`,
    [kebeleCodes],
  );
  const kebele = new Map(kebeles.rows.map((k) => [k.code, k]));

  const daIds = new Map<string, number>();
  for (const d of demo.das) {
    const k = kebele.get(d.kebele);
    const role = roleByRef.get(d.role);
    if (!k || role === undefined) {
      skip('da', d.ref, k ? `no role ${d.role}` : `no kebele ${d.kebele}`);
      continue;
    }
    // The kebele's own parents, so the profile is consistent even if the demo's codes drift.
    const r = await q.query<{ id: number }>(
      `insert into da_profiles (first_name, father_name, grand_father_name, phone_number, telegram_phone_number, sex,
         region_id, zone_id, woreda_id, kebele_id, role_id, created_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       on conflict (phone_number) do update set first_name = excluded.first_name returning id`,
      [
        d.first_name,
        d.father_name,
        d.grand_father_name,
        phone(d.phone_number),
        phone(d.telegram_phone_number),
        d.gender,
        k.region_id,
        k.zone_id,
        k.woreda_id,
        k.id,
        role,
        ownerId,
      ],
    );
    daIds.set(d.ref, r.rows[0]?.id as number);
  }

  const groupIds = new Map<string, number>();
  for (const g of demo.groups) {
    const k = kebele.get(g.kebele);
    const da = daIds.get(g.created_by);
    if (!k || da === undefined) {
      skip('group', g.ref, k ? `no DA ${g.created_by}` : `no kebele ${g.kebele}`);
      continue;
    }
    const r = await q.query<{ id: number }>(
      `insert into development_groups (group_name, group_type, kebele_id, created_by, created_at)
       values ($1, $2, $3, $4, $5::timestamptz) returning id`,
      [g.group_name, g.group_type, k.id, da, demoTime(now, g.formed_days_ago, '09:00')],
    );
    groupIds.set(g.ref, r.rows[0]?.id as number);
  }

  const farmers = demo.farmers.flatMap((f) => {
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
  return { das: daIds.size, groups: groupIds.size, farmers: fr.rowCount };
}
