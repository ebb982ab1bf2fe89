import type {
  DaEnrolment,
  EnrolmentDecided,
  EnrolmentDecision,
  EnrolmentState,
  VerificationStatus,
} from '@gebere/contract';
import type { Queryable } from '../db/types';
import { loadActor } from '../serving/actor-source';
import { grantCovers } from '../serving/authorize';
import { detailError, notFound } from '../serving/http-error';

/**
 * Enrolment (docs/authorization.md, "Verification status"): who becomes a DA is the
 * organisation's decision. A linked bot user is VERIFIED only while the roster lists their
 * verified phone for their profile's kebele, or a request for that kebele was approved (by a
 * supervisor whose grant covers it, or an operator); a rejected request makes them REJECTED;
 * otherwise they wait, PENDING. An operator's PENDING or REJECTED (`status_by_operator`) stands
 * above all of it.
 */

/** The organisation's word on bot user `b` linked to profile `d`, as SQL. */
const WORD = `case
  when exists (select 1 from da_roster r where r.phone_number = b.phone_number and r.kebele_id = d.kebele_id)
    then 'VERIFIED'
  else coalesce((select case e.status when 'approved' then 'VERIFIED' when 'rejected' then 'REJECTED' end
                 from da_enrolments e where e.da_profile_id = d.id and e.kebele_id = d.kebele_id), 'PENDING')
end`;

interface Standing {
  bot_user_id: number;
  da_profile_id: number;
  kebele_id: number;
  status: VerificationStatus;
  by_operator: boolean;
  word: VerificationStatus;
}

async function standing(q: Queryable, botUserId: number): Promise<Standing | null> {
  const r = await q.query<Standing>(
    `select b.id as bot_user_id, d.id as da_profile_id, d.kebele_id, b.verification_status as status,
       b.status_by_operator as by_operator, ${WORD} as word
     from bot_users b join da_profiles d on d.id = b.da_profile_id where b.id = $1`,
    [botUserId],
  );
  return r.rows[0] ?? null;
}

/** What a linked bot user's status is by the rule now, without writing anything; null unlinked. */
export async function ruleStatus(q: Queryable, botUserId: number): Promise<VerificationStatus | null> {
  const s = await standing(q, botUserId);
  if (!s) return null;
  return s.by_operator ? s.status : s.word;
}

/** Supervisors the bot can ask about kebele `$1`: their grant covers it, not REJECTED, not blocked, not `$2`. */
const SUPERVISORS_SQL = `
  select distinct b.id from role_grants g join bot_users b on b.phone_number = g.phone_number
  cross join (select k.id as kebele, k.woreda_id as woreda, w.zone_id as zone, z.region_id as region
              from kebeles k join woredas w on w.id = k.woreda_id join zones z on z.id = w.zone_id
              where k.id = $1) p
  where g.role = 'supervisor' and b.verification_status <> 'REJECTED' and b.id <> $2
    and (b.blocked_at is null or b.blocked_at <= b.updated_at)
    and (g.location_type = 'all' or g.location_id = case g.location_type when 'region' then p.region
         when 'zone' then p.zone when 'woreda' then p.woreda when 'kebele' then p.kebele end)`;

/**
 * The open request for the profile's kebele (made if there is none), with an 'ask' message
 * queued for every supervisor who covers the kebele now (each once: a supervisor granted since
 * is asked the next time this runs), and the DA's own 'pending' message (who will decide), once.
 * Who will decide: the supervisors, or an operator.
 */
async function openRequest(
  q: Queryable,
  s: Standing,
  askSupervisors: boolean,
): Promise<'supervisor' | 'operator'> {
  await q.query(
    `insert into da_enrolments (da_profile_id, kebele_id) values ($1, $2)
     on conflict (da_profile_id, kebele_id) do nothing`,
    [s.da_profile_id, s.kebele_id],
  );
  const id = (
    await q.query<{ id: number }>(
      'select id from da_enrolments where da_profile_id = $1 and kebele_id = $2',
      [s.da_profile_id, s.kebele_id],
    )
  ).rows[0]?.id as number;
  if (askSupervisors)
    await q.query(
      `insert into da_enrolment_messages (enrolment_id, bot_user_id, kind)
       select $3, s.id, 'ask' from (${SUPERVISORS_SQL}) s
       on conflict (enrolment_id, bot_user_id, kind) do nothing`,
      [s.kebele_id, s.bot_user_id, id],
    );
  await q.query(
    `insert into da_enrolment_messages (enrolment_id, bot_user_id, kind) values ($1, $2, 'pending')
     on conflict (enrolment_id, bot_user_id, kind) do nothing`,
    [id, s.bot_user_id],
  );
  return waitingFor(q, id);
}

/** Who decides an open request: the supervisors the bot asked, or (none) an operator. */
export async function waitingFor(q: Queryable, enrolmentId: number): Promise<'supervisor' | 'operator'> {
  const asked = await q.query(
    "select 1 from da_enrolment_messages where enrolment_id = $1 and kind = 'ask'",
    [enrolmentId],
  );
  return asked.rows.length > 0 ? 'supervisor' : 'operator';
}

/** A DA who moved: open requests for their other kebeles are withdrawn, with their messages. */
async function withdrawOthers(q: Queryable, s: Standing): Promise<void> {
  const others = `select id from da_enrolments where da_profile_id = $1 and kebele_id <> $2 and status = 'pending'`;
  await q.query(`delete from da_enrolment_messages where enrolment_id in (${others})`, [
    s.da_profile_id,
    s.kebele_id,
  ]);
  await q.query(`delete from da_enrolments where id in (${others})`, [s.da_profile_id, s.kebele_id]);
}

/**
 * Brings a linked bot user's status in line with the rule, opening the request for their kebele
 * (and asking its supervisors) when neither the roster nor a decision settles it. Run in the
 * transaction of whatever changed the link or the kebele, so the request and its messages commit
 * with it. Returns where the registration stands; null for a bot user with no DA profile.
 */
export async function enrol(q: Queryable, botUserId: number): Promise<EnrolmentState | null> {
  const s = await standing(q, botUserId);
  if (!s) return null;
  await withdrawOthers(q, s);
  if (s.by_operator) {
    // An operator's word stands; a DA they set PENDING is theirs to decide, so nobody is asked.
    if (s.status !== 'PENDING') return { status: s.status, waiting_for: null };
    return { status: 'PENDING', waiting_for: await openRequest(q, s, false) };
  }
  const waitingFor = s.word === 'PENDING' ? await openRequest(q, s, true) : null;
  if (s.status !== s.word)
    await q.query('update bot_users set verification_status = $2, updated_at = now() where id = $1', [
      botUserId,
      s.word,
    ]);
  return { status: s.word, waiting_for: waitingFor };
}

const named = (a: string) =>
  `json_build_object('id', ${a}.id, 'name', ${a}.name, 'name_am', ${a}.name_am, 'name_om', ${a}.name_om)`;

/** A kebele `k` with its woreda `w`, zone `z` and region `r`, as the contract's `areaPath`. */
export const AREA_PATH = `json_build_object('kebele', ${named('k')}, 'woreda', ${named('w')},
  'zone', ${named('z')}, 'region', ${named('r')})`;
export const AREA_JOINS = `join woredas w on w.id = k.woreda_id join zones z on z.id = w.zone_id
  join regions r on r.id = z.region_id`;

/** Requests in the contract's `daEnrolment` shape; add a `where` over `e`, `d` and `b`. */
export const ENROLMENT_SQL = `
  select e.id, e.status, iso(e.created_at) as created_at, iso(e.decided_at) as decided_at,
    case when e.decided_by is null then null
         else json_build_object('kind', e.decided_by, 'name', s.first_name, 'phone_number', s.phone_number) end
      as decided_by,
    json_build_object('id', d.id, 'first_name', d.first_name, 'father_name', d.father_name,
      'grand_father_name', d.grand_father_name, 'phone_number', d.telegram_phone_number,
      'role', ro.name, 'role_am', ro.name_am, 'role_om', ro.name_om) as da,
    ${AREA_PATH} as area,
    case when b.id is null then null
         else json_build_object('id', b.id, 'telegram_id', b.telegram_id, 'language', b.language) end as bot_user,
    coalesce((select json_agg(json_build_object('name', a.first_name, 'phone_number', a.phone_number,
                'message', m.status) order by m.id)
              from da_enrolment_messages m join bot_users a on a.id = m.bot_user_id
              where m.enrolment_id = e.id and m.kind = 'ask'), '[]'::json) as asked
  from da_enrolments e join da_profiles d on d.id = e.da_profile_id
  join kebeles k on k.id = e.kebele_id ${AREA_JOINS}
  left join da_roles ro on ro.id = d.role_id
  left join bot_users b on b.da_profile_id = d.id
  left join bot_users s on s.id = e.decided_by_bot_user_id`;

export async function loadEnrolment(q: Queryable, id: number): Promise<DaEnrolment> {
  const r = await q.query<DaEnrolment>(`${ENROLMENT_SQL} where e.id = $1`, [id]);
  return r.rows[0] as DaEnrolment;
}

interface Request {
  id: number;
  status: DaEnrolment['status'];
  da_profile_id: number;
  kebele: number;
  woreda: number;
  zone: number;
  region: number;
  da_bot_user: number | null;
  da_status: VerificationStatus | null;
}

/** The supervisor who tapped must cover the request's kebele now, and not be its DA. */
async function checkSupervisor(q: Queryable, telegramId: number, request: Request): Promise<number> {
  const actor = await loadActor(q, telegramId);
  const bot = actor.kind === 'user' ? actor.botUser : undefined;
  const grants = (bot?.grants ?? []).filter((g) => g.role === 'supervisor');
  if (!bot || bot.status === 'REJECTED' || grants.length === 0) throw detailError(403, 'not_supervisor');
  if (!grants.some((g) => grantCovers(g, request))) throw detailError(403, 'out_of_area');
  if (bot.id === request.da_bot_user || (actor.kind === 'user' && actor.da?.id === request.da_profile_id))
    throw detailError(403, 'enrolment_own');
  return bot.id;
}

/**
 * Decides a request, once: a second decision (another tap, another supervisor) answers
 * `already_decided` and changes nothing, except that an operator may overturn a decision. The
 * request row is locked first, so two supervisors tapping at once are served one after the
 * other. The DA's status follows the rule (enrol), and their message is queued with it.
 */
export async function decide(q: Queryable, id: number, body: EnrolmentDecision): Promise<EnrolmentDecided> {
  const r = await q.query<Request>(
    `select e.id, e.status, e.da_profile_id, k.id as kebele, k.woreda_id as woreda, w.zone_id as zone,
       z.region_id as region, b.id as da_bot_user, b.verification_status as da_status
     from da_enrolments e join kebeles k on k.id = e.kebele_id
       join woredas w on w.id = k.woreda_id join zones z on z.id = w.zone_id
       left join bot_users b on b.da_profile_id = e.da_profile_id
     where e.id = $1 for update of e`,
    [id],
  );
  const request = r.rows[0];
  if (!request) throw notFound();
  const supervisor =
    body.telegram_id === undefined ? null : await checkSupervisor(q, body.telegram_id, request);
  if (request.status !== 'pending' && (supervisor !== null || request.status === body.decision))
    return { outcome: 'already_decided', enrolment: await loadEnrolment(q, id) };
  await q.query(
    `update da_enrolments set status = $2, decided_by = $3, decided_by_bot_user_id = $4, decided_at = now(),
       updated_at = now() where id = $1`,
    [id, body.decision, supervisor === null ? 'operator' : 'supervisor', supervisor],
  );
  await q.query(
    `update da_enrolment_messages set status = 'failed', last_error = 'cancelled: decided', updated_at = now()
     where enrolment_id = $1 and kind = 'ask' and status = 'queued' and sending_at is null`,
    [id],
  );
  if (request.da_bot_user !== null) {
    // An operator's rejection is final and moves with the profile; their approval lifts their own
    // PENDING or REJECTED (docs/authorization.md).
    if (supervisor === null)
      await q.query(
        `update bot_users set status_by_operator = $2, updated_at = now(),
           verification_status = case when $2 then 'REJECTED' else verification_status end
         where id = $1`,
        [request.da_bot_user, body.decision === 'rejected'],
      );
    const now = await enrol(q, request.da_bot_user);
    const told = body.decision === 'approved' ? 'VERIFIED' : 'REJECTED';
    if (now?.status === told && request.da_status !== told)
      await queueOutcome(q, id, request.da_bot_user, body.decision);
  }
  return { outcome: 'decided', enrolment: await loadEnrolment(q, id) };
}

/** The DA's message about a decision (each kind once per request). */
async function queueOutcome(
  q: Queryable,
  enrolmentId: number,
  botUserId: number,
  kind: EnrolmentDecision['decision'],
): Promise<void> {
  await q.query(
    `insert into da_enrolment_messages (enrolment_id, bot_user_id, kind) values ($1, $2, $3)
     on conflict (enrolment_id, bot_user_id, kind) do nothing`,
    [enrolmentId, botUserId, kind],
  );
}

/**
 * An operator's VERIFIED or REJECTED through the bot user's status (`gebere status`): the same
 * decision on the request for the DA's kebele as `gebere approve|reject`, made if none is open.
 */
export async function decideForKebele(
  q: Queryable,
  botUserId: number,
  decision: EnrolmentDecision['decision'],
): Promise<void> {
  const s = await standing(q, botUserId);
  if (!s) return;
  const r = await q.query<{ id: number }>(
    `insert into da_enrolments (da_profile_id, kebele_id) values ($1, $2)
     on conflict (da_profile_id, kebele_id) do update set updated_at = now() returning id`,
    [s.da_profile_id, s.kebele_id],
  );
  await decide(q, r.rows[0]?.id as number, { decision });
}

/**
 * After a roster import: each DA waiting for a kebele the roster now lists their verified phone
 * for is the organisation's by its own list, so their request is decided as an operator's approval
 * (the import is the operator's act), their supervisors' questions withdrawn and the DA told.
 * Returns how many were settled.
 */
export async function settleByRoster(q: Queryable): Promise<number> {
  const r = await q.query<{ id: number }>(
    `select e.id from da_enrolments e join da_profiles d on d.id = e.da_profile_id and d.kebele_id = e.kebele_id
       join bot_users b on b.da_profile_id = d.id
       join da_roster x on x.phone_number = b.phone_number and x.kebele_id = e.kebele_id
     where e.status = 'pending' and not b.status_by_operator order by e.id`,
  );
  for (const row of r.rows) await decide(q, Number(row.id), { decision: 'approved' });
  return r.rows.length;
}
