import { type BotUser, routes } from '@gebere/contract';
import { normalizePhone } from '@gebere/phone';
import type { FastifyInstance } from 'fastify';
import { assertActingTelegramUser } from '../http/access';
import { FieldErrorSet, forbidden, notFound } from '../http/http-error';
import { listOrPage } from '../http/paginate';
import { type BackendEnv, serve } from '../http/serve';

export const BOT_USER_COLUMNS = `b.id, b.telegram_id, b.chat_id, b.first_name, b.language, b.phone_number,
  b.verification_status, b.da_profile_id as da_profile,
  (select r.id from report_users r where r.created_by = b.telegram_id) as report_user`;

/** Telegram shares `+251911…`; stored as the 9-digit national number when it is Ethiopian. */
const storedPhone = (p: string | null | undefined) => (p == null ? p : (normalizePhone(p) ?? p));

export function registerBotUserRoutes(app: FastifyInstance, env: BackendEnv): void {
  const { db } = env;

  /** Bot only: create or refresh; language and phone are kept when not sent. */
  serve(app, env, routes.upsertBotUser, async ({ body, db }) => {
    const phone = storedPhone(body.phone_number);
    const r = await db.query<BotUser>(
      `with u as (
         insert into bot_users (telegram_id, chat_id, first_name, language, phone_number)
         values ($1, $2, $3, coalesce($4, 'en'), $5)
         on conflict (telegram_id) do update set chat_id = excluded.chat_id, first_name = excluded.first_name,
           language = coalesce($4, bot_users.language),
           phone_number = case when $6 then excluded.phone_number else bot_users.phone_number end,
           updated_at = now()
         returning *)
       select ${BOT_USER_COLUMNS} from u b`,
      [
        body.telegram_id,
        body.chat_id,
        body.first_name,
        body.language ?? null,
        phone ?? null,
        phone !== undefined,
      ],
    );
    env.actors.invalidate();
    return r.rows[0] as BotUser;
  });

  serve(app, env, routes.findBotUsers, ({ query, actor, request }) => {
    assertActingTelegramUser(actor, query.telegram_id);
    return listOrPage<BotUser>(db, request, query, {
      sql: `select ${BOT_USER_COLUMNS} from bot_users b where b.telegram_id = $1`,
      params: [query.telegram_id],
      orderBy: 'id',
    });
  });

  /**
   * A user changes only their own bot user. VERIFIED needs a linked DA profile (DA registration
   * links it); only the bot may link a DA profile directly.
   */
  serve(app, env, routes.patchBotUser, async ({ params, body, actor, db }) => {
    const found = await db.query<{ da_profile_id: number | null }>(
      'select da_profile_id from bot_users where id = $1',
      [params.id],
    );
    const current = found.rows[0];
    if (!current) throw notFound();
    if (actor.kind === 'user' && actor.botUser?.id !== params.id) throw forbidden();
    if (actor.kind === 'user' && body.da_profile !== undefined) throw forbidden();
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
    const phone = storedPhone(body.phone_number);
    const r = await db.query<BotUser>(
      `with u as (
         update bot_users set
           verification_status = coalesce($2, verification_status),
           language = coalesce($3, language),
           phone_number = case when $5 then $4 else phone_number end,
           da_profile_id = case when $7 then $6::bigint else da_profile_id end,
           updated_at = now()
         where id = $1 returning *)
       select ${BOT_USER_COLUMNS} from u b`,
      [
        params.id,
        body.verification_status ?? null,
        body.language ?? null,
        phone ?? null,
        phone !== undefined,
        body.da_profile ?? null,
        body.da_profile !== undefined,
      ],
    );
    env.actors.invalidate();
    return r.rows[0] as BotUser;
  });
}
