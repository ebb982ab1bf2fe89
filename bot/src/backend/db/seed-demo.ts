import type { AdminLevel } from '@gebere/contract';
import { normalizePhone } from '@gebere/phone';
import type { DemoContent } from '../seed/demo-content';
import type { Log } from './log';
import type { Queryable } from './types';

export interface DemoCounts {
  valueChains: number;
  advisories: number;
  questions: number;
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

async function codeMap(q: Queryable, table: string, codes: string[]): Promise<Map<string, number>> {
  const r = await q.query<{ id: number; code: string }>(
    `select id, code from ${table} where code = any($1::text[])`,
    [codes],
  );
  return new Map(r.rows.map((row) => [row.code, row.id]));
}

/** Inserts the demo content (refs mapped to ids); areas missing from the admin data are skipped. */
export async function insertDemoContent(q: Queryable, demo: DemoContent, log: Log): Promise<DemoCounts> {
  let skipped = 0;
  const skip = (what: string, ref: string, reason: string) => {
    skipped++;
    log.warn({ what, ref, reason }, 'demo record skipped');
  };

  // The hierarchy in bulk: each level joins its parent by code (= the demo ref).
  await q.query(
    `insert into value_chain_categories (code, name, name_am) select ref, name, name_am
     from jsonb_to_recordset($1::jsonb) as x(ref text, name text, name_am text) on conflict (code) do nothing`,
    [json(demo.categories)],
  );
  const vc = await q.query(
    `insert into value_chains (code, category_id, name, name_am) select x.ref, p.id, x.name, x.name_am
     from jsonb_to_recordset($1::jsonb) as x(ref text, category text, name text, name_am text)
     join value_chain_categories p on p.code = x.category on conflict (code) do nothing`,
    [json(demo.valueChains)],
  );
  await q.query(
    `insert into practices (code, value_chain_id, name, name_am) select x.ref, p.id, x.name, x.name_am
     from jsonb_to_recordset($1::jsonb) as x(ref text, value_chain text, name text, name_am text)
     join value_chains p on p.code = x.value_chain on conflict (code) do nothing`,
    [json(demo.practices)],
  );
  await q.query(
    `insert into sub_practices (code, practice_id, name, name_am) select x.ref, p.id, x.name, x.name_am
     from jsonb_to_recordset($1::jsonb) as x(ref text, practice text, name text, name_am text)
     join practices p on p.code = x.practice on conflict (code) do nothing`,
    [json(demo.subPractices)],
  );
  await q.query(
    `insert into da_roles (name, name_am) select name, name_am
     from jsonb_to_recordset($1::jsonb) as x(name text, name_am text) on conflict (name) do nothing`,
    [json(demo.roles)],
  );

  // Advisories: the target area's code resolved per level, the value chain from the sub-practice.
  const areaIds: Record<AdminLevel, Map<string, number>> = {
    region: await codeMap(
      q,
      'regions',
      demo.advisories.filter((a) => a.level === 'region').map((a) => a.admin_code),
    ),
    zone: await codeMap(
      q,
      'zones',
      demo.advisories.filter((a) => a.level === 'zone').map((a) => a.admin_code),
    ),
    woreda: await codeMap(
      q,
      'woredas',
      demo.advisories.filter((a) => a.level === 'woreda').map((a) => a.admin_code),
    ),
    kebele: await codeMap(
      q,
      'kebeles',
      demo.advisories.filter((a) => a.level === 'kebele').map((a) => a.admin_code),
    ),
  };
  const advisories = demo.advisories.flatMap((a) => {
    const areaId = areaIds[a.level].get(a.admin_code);
    if (areaId === undefined) {
      skip('advisory', a.ref, `no ${a.level} ${a.admin_code}`);
      return [];
    }
    return [{ ...a, [`${a.level}_id`]: areaId }];
  });
  const adv = await q.query(
    `insert into advisories (code, label, template_content, template_content_am, value_chain_id, sub_practice_id,
       level, region_id, zone_id, woreda_id, kebele_id, created_at)
     select x.ref, x.label, x.template_content, x.template_content_am, p.value_chain_id, s.id,
       x.level, x.region_id, x.zone_id, x.woreda_id, x.kebele_id, x.created_at
     from jsonb_to_recordset($1::jsonb) as x(ref text, label text, template_content jsonb, template_content_am jsonb,
       sub_practice text, level text, region_id bigint, zone_id bigint, woreda_id bigint, kebele_id bigint,
       created_at timestamptz)
     join sub_practices s on s.code = x.sub_practice join practices p on p.id = s.practice_id
     on conflict (code) do nothing`,
    [json(advisories)],
  );

  // Questions and choices: few, one statement each, in order so positions follow the content.
  const advisoryIds = await codeMap(
    q,
    'advisories',
    demo.feedbackQuestions.map((f) => f.advisory),
  );
  let questions = 0;
  for (const [position, f] of demo.feedbackQuestions.entries()) {
    const advisoryId = advisoryIds.get(f.advisory);
    if (advisoryId === undefined) {
      skip('feedback question', f.ref, `no advisory ${f.advisory}`);
      continue;
    }
    const r = await q.query<{ id: number }>(
      `insert into feedback_questions (advisory_id, position, question, question_am, type)
       values ($1, $2, $3, $4, $5) returning id`,
      [advisoryId, position, f.question, f.question_am, f.type],
    );
    const questionId = r.rows[0]?.id;
    await q.query(
      `insert into feedback_choices (question_id, position, name, name_am)
       select $1, x.position, x.name, x.name_am
       from jsonb_to_recordset($2::jsonb) as x(name text, name_am text, position int)`,
      [questionId, json(f.choices.map((c, position) => ({ ...c, position })))],
    );
    questions++;
  }

  const people = await insertPeople(q, demo, skip);
  return {
    valueChains: vc.rowCount,
    advisories: adv.rowCount,
    questions,
    ...people,
    skipped,
  };
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

async function insertPeople(
  q: Queryable,
  demo: DemoContent,
  skip: (what: string, ref: string, reason: string) => void,
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
      `insert into development_groups (group_name, group_type, kebele_id, created_by) values ($1, $2, $3, $4)
       returning id`,
      [g.group_name, g.group_type, k.id, da],
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
    return [{ ...f, phone_number: phone(f.phone_number), group, da }];
  });
  // A farmer's kebele is its group's, by construction.
  const fr = await q.query(
    `insert into farmers (farmer_name, father_name, grand_father_name, phone_number, gender, kebele_id,
       development_group_id, created_by)
     select x.farmer_name, x.father_name, x.grand_father_name, x.phone_number, x.gender, g.kebele_id, g.id, x.da
     from jsonb_to_recordset($1::jsonb) as x(farmer_name text, father_name text, grand_father_name text,
       phone_number text, gender text, "group" bigint, da bigint)
     join development_groups g on g.id = x."group"`,
    [json(farmers)],
  );
  return { das: daIds.size, groups: groupIds.size, farmers: fr.rowCount };
}
