import { type DaEnrolment, type Person, routes } from '@gebere/contract';
import { normalizePhone } from '@gebere/phone';
import type { FastifyInstance } from 'fastify';
import { fieldError } from '../serving/http-error';
import { listOrPage } from '../serving/paginate';
import { type BackendEnv, serve } from '../serving/serve';
import { DA_COLUMNS } from './das';
import { AREA_JOINS, AREA_PATH, decide, ENROLMENT_SQL } from './enrolment';

const phoneOf = (raw: string) => {
  const phone = normalizePhone(raw);
  if (!phone) throw fieldError('phone_number', 'phone_number_validation');
  return phone;
};

/**
 * The operator's and the bot's enrolment calls (enrolment.ts has the rule), and what the backend
 * knows of a phone number (`gebere who`). Service token only (the contract's policy).
 */
export function registerEnrolmentRoutes(app: FastifyInstance, env: BackendEnv): void {
  const { db } = env;

  // Only requests for the kebele each DA is in now: a DA who moved withdrew the others.
  serve(app, env, routes.listDaEnrolments, ({ query, request }) =>
    listOrPage<DaEnrolment>(db, request, query, {
      sql: `${ENROLMENT_SQL}
        where e.kebele_id = d.kebele_id and ($1::text is null or e.status = $1)
          and ($2::text is null or d.telegram_phone_number = $2 or d.phone_number = $2)`,
      params: [query.status ?? null, query.phone_number === undefined ? null : phoneOf(query.phone_number)],
      orderBy: 'created_at, id',
    }),
  );

  serve(app, env, routes.decideDaEnrolment, async ({ params, body, db }) => {
    const decided = await db.transaction((tx) => decide(tx, params.id, body));
    env.actors.invalidate();
    return decided;
  });

  serve(app, env, routes.findPerson, async ({ query }) => {
    const phone = phoneOf(query.phone_number);
    const profiles = await db.query<Person['da_profiles'][number]>(
      `select ${DA_COLUMNS}, ${AREA_PATH} as area, ro.name as role_name
       from da_profiles d join kebeles k on k.id = d.kebele_id ${AREA_JOINS}
         left join da_roles ro on ro.id = d.role_id
       where d.phone_number = $1 or d.telegram_phone_number = $1 order by d.id`,
      [phone],
    );
    const bot = await db.query<NonNullable<Person['bot_user']>>(
      `select b.id, b.telegram_id, b.first_name, b.language, b.verification_status, b.status_by_operator,
         b.phone_number is not null as phone_verified, b.da_profile_id as da_profile
       from bot_users b where b.phone_number = $1`,
      [phone],
    );
    const roster = await db.query<NonNullable<Person['roster']>>(
      `select ${AREA_PATH} as kebele, ro.name as role
       from da_roster x join kebeles k on k.id = x.kebele_id ${AREA_JOINS}
         left join da_roles ro on ro.id = x.role_id
       where x.phone_number = $1`,
      [phone],
    );
    const grants = await db.query<Person['grants'][number]>(
      `select g.id, g.phone_number, g.role, g.location_type, g.location_id, iso(g.created_at) as created_at
       from role_grants g where g.phone_number = $1 order by g.id`,
      [phone],
    );
    const enrolments = await db.query<DaEnrolment>(
      `${ENROLMENT_SQL} where d.phone_number = $1 or d.telegram_phone_number = $1 order by e.id`,
      [phone],
    );
    const summary = async (where: string, params: unknown[]) => {
      const r = await db.query<{
        count: number;
        at: string | null;
        route: string | null;
        table_name: string;
        record_id: number | null;
      }>(
        `select (select count(*) from audit_log a where ${where})::int as count, l.*
         from (select 1) one left join lateral (
           select iso(a.at) as at, a.route, a.table_name, a.record_id from audit_log a
           where ${where} order by a.id desc limit 1) l on true`,
        params,
      );
      const row = r.rows[0];
      return {
        count: Number(row?.count ?? 0),
        last: row?.at
          ? { at: row.at, route: row.route, table_name: row.table_name, record_id: row.record_id }
          : null,
      };
    };
    const about = `(a.table_name = 'da_profiles' and a.record_id = any($1::bigint[]))
      or (a.table_name = 'bot_users' and a.record_id = any($2::bigint[]))
      or (a.table_name = 'role_grants' and a.record_id = any($3::bigint[]))
      or (a.table_name = 'da_enrolments' and a.record_id = any($4::bigint[]))`;
    const audit = {
      by: await summary('a.phone = $1', [phone]),
      about: await summary(about, [
        profiles.rows.map((d) => d.id),
        bot.rows.map((b) => b.id),
        grants.rows.map((g) => g.id),
        enrolments.rows.map((e) => e.id),
      ]),
    };
    return {
      phone_number: phone,
      da_profiles: profiles.rows,
      bot_user: bot.rows[0] ?? null,
      roster: roster.rows[0] ?? null,
      grants: grants.rows,
      enrolments: enrolments.rows,
      audit,
    };
  });
}
