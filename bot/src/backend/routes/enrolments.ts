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
    // The audit trail's summary for this phone belongs here (and in `gebere who`) once the
    // audit_log table exists; another branch adds it.
    return {
      phone_number: phone,
      da_profiles: profiles.rows,
      bot_user: bot.rows[0] ?? null,
      roster: roster.rows[0] ?? null,
      grants: grants.rows,
      enrolments: enrolments.rows,
    };
  });
}
