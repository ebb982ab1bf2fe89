import { type BotUser, type Me, routes } from '@gebere/contract';
import { normalizePhone, prefillPhone } from '@gebere/phone';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/types';
import { isVerifiedDa, reportPlace } from '../serving/authorize';
import { detailError, FieldErrorSet, forbidden, notFound } from '../serving/http-error';
import { listOrPage } from '../serving/paginate';
import { type BackendEnv, serve } from '../serving/serve';
import { knownOutbound } from './das';
import { decideForKebele, enrol, ruleStatus } from './enrolment';

export const BOT_USER_COLUMNS = `b.id, b.telegram_id, b.chat_id, b.first_name, b.language, b.phone_number,
  b.verification_status, b.da_profile_id as da_profile,
  (select r.id from report_users r where r.created_by = b.telegram_id) as report_user,
  (select coalesce(json_agg(json_build_object('role', g.role, 'location_type', g.location_type,
     'location_id', g.location_id) order by g.id), '[]'::json)
   from role_grants g where g.phone_number = b.phone_number) as grants,
  (select json_build_object('kebele', e.kebele_id, 'waiting_for', case when exists (
       select 1 from da_enrolment_messages m where m.enrolment_id = e.id and m.kind = 'ask')
     then 'supervisor' else 'operator' end)
   from da_enrolments e join da_profiles d on d.id = e.da_profile_id
   where d.id = b.da_profile_id and e.kebele_id = d.kebele_id and e.status = 'pending'
     and b.verification_status = 'PENDING') as pending_enrolment,
  exists (select 1 from location_notifications n where n.created_by = b.id and n.active) as has_notifications`;

/** Telegram shares `+251911…`; stored as the 9-digit national number when it is Ethiopian. */
const storedPhone = (p: string | null | undefined) => (p == null ? p : (normalizePhone(p) ?? p));

/**
 * The linking rule (docs/authorization.md): a bot user is a DA only while the phone Telegram
 * verified for it equals that DA's telegram_phone_number (unique). Run whenever the verified phone
 * is set. A phone belongs to one Telegram account at a time, so another account that had it loses
 * it (and with it the DA and any grant). A profile held by another account (the DA's new Telegram
 * account) moves to this one, and an operator's PENDING or REJECTED moves with it, so a new
 * account does not wash a decision away; otherwise the organisation's word on the profile's kebele
 * decides the status (enrolment.ts: the roster or a decided request, else PENDING and a request).
 */
async function applyPhoneLink(q: Queryable, botUserId: number, phone: string | null): Promise<void> {
  const da = phone
    ? (await q.query<{ id: number }>('select id from da_profiles where telegram_phone_number = $1', [phone]))
        .rows[0]
    : undefined;
  const unlink = `da_profile_id = null, updated_at = now(),
    verification_status = case when verification_status = 'VERIFIED' then 'PENDING' else verification_status end`;
  // No longer that DA's phone: unlinked (a VERIFIED DA becomes PENDING again).
  await q.query(
    `update bot_users set ${unlink}
     where id = $1 and da_profile_id is not null and da_profile_id is distinct from $2::bigint`,
    [botUserId, da?.id ?? null],
  );
  const previous = await q.query<{ verification_status: string; status_by_operator: boolean }>(
    `update bot_users set ${unlink}, phone_number = case when phone_number = $3 then null else phone_number end
     where id <> $2 and (da_profile_id = $1 or phone_number = $3)
     returning verification_status, status_by_operator`,
    [da?.id ?? null, botUserId, phone],
  );
  if (!da) return;
  const decided = previous.rows.find((r) => r.status_by_operator);
  await q.query(
    `update bot_users set da_profile_id = $2, updated_at = now(),
       verification_status = case when status_by_operator then verification_status
                                  when $3::text is not null then $3 else verification_status end,
       status_by_operator = status_by_operator or $3::text is not null
     where id = $1`,
    [botUserId, da.id, decided?.verification_status ?? null],
  );
  await enrol(q, botUserId);
}

async function loadBotUser(q: Queryable, id: number): Promise<BotUser> {
  const r = await q.query<BotUser>(`select ${BOT_USER_COLUMNS} from bot_users b where b.id = $1`, [id]);
  return r.rows[0] as BotUser;
}

export function registerBotUserRoutes(app: FastifyInstance, env: BackendEnv): void {
  const { db } = env;

  /**
   * Bot only: create or refresh; language and phone are kept when not sent. A phone comes only
   * from a contact Telegram verified, and setting it applies the linking rule.
   */
  serve(app, env, routes.upsertBotUser, async ({ body, db }) => {
    const phone = storedPhone(body.phone_number);
    const user = await db.transaction(async (tx) => {
      const r = await tx.query<{ id: number }>(
        `insert into bot_users (telegram_id, chat_id, first_name, language, phone_number)
         values ($1, $2, $3, coalesce($4, 'en'), $5)
         on conflict (telegram_id) do update set chat_id = excluded.chat_id, first_name = excluded.first_name,
           language = coalesce($4, bot_users.language),
           phone_number = case when $6 then excluded.phone_number else bot_users.phone_number end,
           updated_at = now()
         returning id`,
        [
          body.telegram_id,
          body.chat_id,
          body.first_name,
          body.language ?? null,
          phone ?? null,
          phone !== undefined,
        ],
      );
      const id = Number(r.rows[0]?.id);
      if (phone !== undefined) await applyPhoneLink(tx, id, phone);
      return loadBotUser(tx, id);
    });
    env.actors.invalidate();
    return user;
  });

  serve(app, env, routes.findBotUsers, ({ query, request }) =>
    listOrPage<BotUser>(db, request, query, {
      sql: `select ${BOT_USER_COLUMNS} from bot_users b where b.telegram_id = $1`,
      params: [query.telegram_id],
      orderBy: 'id',
    }),
  );

  /**
   * A user changes their own language, and may ask for VERIFIED (spec §4, after DA registration)
   * only while the server's rules hold: linked to the DA whose telegram_phone_number is the phone
   * Telegram verified for them, not REJECTED, and enrolled by the organisation (the roster lists
   * them for their kebele, or the request for it was approved: enrolment.ts). Any other status and
   * `da_profile` are the operator's; `phone_number` is nobody's to set here. An operator's
   * VERIFIED or REJECTED decides the DA's request for their kebele, as `gebere approve|reject` do.
   */
  serve(app, env, routes.patchBotUser, async ({ params, body, actor, db }) => {
    const found = await db.query<{
      da_profile_id: number | null;
      phone_number: string | null;
      da_phone: string | null;
      status_by_operator: boolean;
    }>(
      `select b.da_profile_id, b.phone_number, b.status_by_operator, d.telegram_phone_number as da_phone
       from bot_users b left join da_profiles d on d.id = b.da_profile_id where b.id = $1`,
      [params.id],
    );
    const current = found.rows[0];
    if (!current) throw notFound();
    if (body.phone_number !== undefined) throw detailError(403, 'phone_from_contact_only');
    if (actor.kind === 'user') {
      if (body.da_profile !== undefined) throw forbidden();
      // Anything but VERIFIED, and undoing an operator's PENDING or REJECTED, is the operator's.
      if (
        body.verification_status !== undefined &&
        (body.verification_status !== 'VERIFIED' || current.status_by_operator)
      )
        throw detailError(403, 'status_operator_only');
      if (
        body.verification_status === 'VERIFIED' &&
        (current.da_profile_id === null ||
          current.phone_number === null ||
          current.da_phone !== current.phone_number)
      )
        throw detailError(403, 'verify_rule');
      if (body.verification_status === 'VERIFIED' && (await ruleStatus(db, params.id)) !== 'VERIFIED')
        throw detailError(403, 'enrolment_pending');
    }
    const errors = new FieldErrorSet();
    if (body.id !== undefined && body.id !== params.id) errors.add('id', 'path_mismatch');
    const daProfile = body.da_profile === undefined ? current.da_profile_id : body.da_profile;
    if (body.verification_status === 'VERIFIED' && daProfile === null)
      errors.add('verification_status', 'verified_needs_da');
    if (typeof body.da_profile === 'number') {
      const da = await db.query('select 1 from da_profiles where id = $1', [body.da_profile]);
      if (da.rows.length === 0) errors.invalidPk('da_profile', body.da_profile);
    }
    errors.throwIfAny();
    const user = await db.transaction(async (tx) => {
      // An operator moving a DA profile to this account takes it from any other.
      if (typeof body.da_profile === 'number')
        await tx.query('update bot_users set da_profile_id = null where da_profile_id = $1 and id <> $2', [
          body.da_profile,
          params.id,
        ]);
      const operator = actor.kind === 'service';
      const decision = { VERIFIED: 'approved', REJECTED: 'rejected' } as const;
      const decided = body.verification_status && decision[body.verification_status as 'VERIFIED'];
      if (operator && decided && body.da_profile === undefined) await decideForKebele(tx, params.id, decided);
      await tx.query(
        `update bot_users set
           verification_status = coalesce($2, verification_status),
           status_by_operator = case when $6 and $2::text is not null then $2 <> 'VERIFIED'
                                     else status_by_operator end,
           language = coalesce($3, language),
           da_profile_id = case when $5 then $4::bigint else da_profile_id end,
           updated_at = now()
         where id = $1`,
        [
          params.id,
          body.verification_status ?? null,
          body.language ?? null,
          body.da_profile ?? null,
          body.da_profile !== undefined,
          operator,
        ],
      );
      // An operator's link without a status: the rule decides it, as for a shared contact.
      if (operator && body.da_profile != null && body.verification_status === undefined)
        await enrol(tx, params.id);
      return loadBotUser(tx, params.id);
    });
    env.actors.invalidate();
    return user;
  });

  /**
   * The caller's own state, for the home hub (the menu button's launch: initData, no link
   * parameters) and the notification form (its grants). Everything comes from the proof's
   * Telegram user: who they are to the server is the actor authorization uses (its DA rule, its
   * grants), and the rest is their bot user's row. Their report-user profile is found by their
   * Telegram id, as the reports find it, even before the bot has seen them. No phone number but
   * their own verified one.
   */
  serve(app, env, routes.getMe, async ({ actor }) => {
    if (actor.kind !== 'user') throw forbidden(); // the service token is nobody's "me"
    const found = await db.query<BotUser & { da_name: string | null }>(
      `select ${BOT_USER_COLUMNS}, d.first_name as da_name
       from bot_users b left join da_profiles d on d.id = b.da_profile_id where b.telegram_id = $1`,
      [actor.telegramUserId],
    );
    const row = found.rows[0];
    const bot = actor.botUser;
    const reportUser =
      row?.report_user ??
      (
        await db.query<{ id: number }>('select id from report_users where created_by = $1', [
          actor.telegramUserId,
        ])
      ).rows[0]?.id ??
      null;
    const phone = bot?.phone_number ?? null;
    // The notification screens' links grant this call for the caller's grants only: such a link
    // passed on must not tell its holder the owner's phone. The hub (initData, or its own link)
    // prefills the DA registration with it.
    const ownPhone = actor.link && actor.link.path !== '/' ? null : phone && prefillPhone(phone);
    const grants = await Promise.all(
      (bot?.grants ?? []).map(async (g) => ({
        role: g.role,
        location_type: g.location_type,
        location_id: g.location_id,
        place: (g.location_type === 'all' || g.location_id === null
          ? null
          : await reportPlace(db, g.location_type, g.location_id)) ?? {
          region: null,
          zone: null,
          woreda: null,
          kebele: null,
        },
      })),
    );
    const me: Me = {
      telegram_id: actor.telegramUserId,
      // A private chat's id is its user's id: where the bot writes to this user.
      chat_id: actor.telegramUserId,
      bot_user:
        row && bot
          ? {
              id: bot.id,
              verification_status: bot.status,
              language: row.language,
              phone_verified: phone !== null,
              phone_number: ownPhone,
              outbound_da: phone !== null && (await knownOutbound(db, phone)),
              has_notifications: Boolean(row.has_notifications),
            }
          : null,
      da: isVerifiedDa(actor)
        ? {
            id: actor.da.id,
            kebele: actor.da.kebele,
            name: row?.da_name ?? '',
            phone_number: ownPhone,
          }
        : null,
      report_user: reportUser === null ? null : Number(reportUser),
      pending_enrolment: row?.pending_enrolment ?? null,
      grants,
    };
    return me;
  });
}
