import {
  type DaPayload,
  type DaProfile,
  type DaRole,
  type DaSaved,
  type OutboundDa,
  routes,
} from '@gebere/contract';
import { normalizePhone } from '@gebere/phone';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/types';
import { FieldErrorSet, fieldError, notFound } from '../serving/http-error';
import { listOrPage } from '../serving/paginate';
import { type BackendEnv, type RouteContext, serve } from '../serving/serve';
import { checkAreas } from './areas';
import { decideForKebele, enrol } from './enrolment';

export const DA_COLUMNS = `d.id, d.first_name, d.father_name, d.grand_father_name, d.phone_number, d.telegram_phone_number,
  d.sex, d.region_id as region, d.zone_id as zone, d.woreda_id as woreda, d.kebele_id as kebele,
  d.role_id as role, d.created_by, (select name from da_roles where id = d.role_id) as specialization`;

/** `/development-agents/`'s rows for phone $1: its DA profiles, else its roster entry. */
const OUTBOUND_SQL = `select ${DA_COLUMNS} from da_profiles d where d.phone_number = $1 or d.telegram_phone_number = $1
  union all
  select r.id, r.first_name, r.father_name, r.grand_father_name, r.phone_number, r.phone_number,
    r.sex, z.region_id, w.zone_id, k.woreda_id, r.kebele_id, r.role_id, null::bigint,
    (select name from da_roles where id = r.role_id)
  from da_roster r join kebeles k on k.id = r.kebele_id join woredas w on w.id = k.woreda_id
    join zones z on z.id = w.zone_id
  where r.phone_number = $1 and not exists (
    select 1 from da_profiles d where d.phone_number = $1 or d.telegram_phone_number = $1)`;

/**
 * Whether `/development-agents/` finds this national phone (what makes the bot's DA registration
 * button open in update_outbound mode): the hub's entry follows the same answer.
 */
export async function knownOutbound(q: Queryable, phone: string): Promise<boolean> {
  const r = await q.query(`select 1 from (${OUTBOUND_SQL}) o limit 1`, [phone]);
  return r.rows.length > 0;
}

async function checkDaPayload(q: Queryable, body: DaPayload): Promise<void> {
  const errors = new FieldErrorSet();
  await checkAreas(
    q,
    {
      region: { field: 'region', id: body.region },
      zone: { field: 'zone', id: body.zone },
      woreda: { field: 'woreda', id: body.woreda },
      kebele: { field: 'kebele', id: body.kebele },
    },
    errors,
  );
  const role = await q.query('select 1 from da_roles where id = $1', [body.role]);
  if (role.rows.length === 0) errors.invalidPk('role', body.role);
  errors.throwIfAny();
}

const values = (b: DaPayload) => [
  b.first_name,
  b.father_name,
  b.grand_father_name,
  normalizePhone(b.phone_number) ?? b.phone_number,
  normalizePhone(b.telegram_phone_number) ?? b.telegram_phone_number,
  b.sex,
  b.region,
  b.zone,
  b.woreda,
  b.kebele,
  b.role,
  b.created_by,
];

export function registerDaRoutes(app: FastifyInstance, env: BackendEnv): void {
  const { db } = env;

  /**
   * Registers a DA and links the acting bot user to it (the policy has made sure
   * telegram_phone_number is the phone Telegram verified for the caller). The organisation
   * decides whether they are a DA (enrolment.ts): VERIFIED at once when the roster lists that
   * phone for this kebele (or an operator registers them), else PENDING with a request whose
   * supervisors' messages are queued in this same transaction. The spec's PATCH to VERIFIED then
   * succeeds only in the first case.
   */
  serve(app, env, routes.createDa, async ({ body, actor, db }) => {
    await checkDaPayload(db, body);
    const da = await db.transaction(async (tx): Promise<DaSaved> => {
      const r = await tx.query<DaProfile>(
        `insert into da_profiles as d (first_name, father_name, grand_father_name, phone_number, telegram_phone_number,
           sex, region_id, zone_id, woreda_id, kebele_id, role_id, created_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning ${DA_COLUMNS}`,
        values(body),
      );
      const created = r.rows[0] as DaProfile;
      // A profile an operator registers (the service token) is the organisation's own.
      if (actor.kind === 'service')
        await tx.query(
          `insert into da_enrolments (da_profile_id, kebele_id, status, decided_by, decided_at)
           values ($1, $2, 'approved', 'operator', now())`,
          [created.id, body.kebele],
        );
      const linked = await tx.query(
        'update bot_users set da_profile_id = $1, updated_at = now() where id = $2 and da_profile_id is null',
        [created.id, body.created_by],
      );
      const enrolment = linked.rowCount === 1 ? await enrol(tx, body.created_by) : null;
      return enrolment ? { ...created, enrolment } : created;
    });
    env.actors.invalidate();
    return da;
  });

  /**
   * The DA itself, or (update_outbound) the owner of the phone a roster profile carries, which the
   * update then links (authorize.ts `own_da`); the update_outbound flow relies on 404 for an
   * unknown id. telegram_phone_number stays the caller's verified phone (the policy). A move to a
   * kebele that neither the roster nor an approval covers makes the DA PENDING for it at once, so
   * the old kebele's data closes with the same commit (enrolment.ts); an operator's move (the
   * service token) is the organisation's own decision, approved for the new kebele.
   */
  serve(app, env, routes.updateDa, async ({ params, body, actor, db }) => {
    const existing = await db.query<{ kebele_id: number }>(
      'select kebele_id from da_profiles where id = $1',
      [params.id],
    );
    const before = existing.rows[0];
    if (!before) throw notFound();
    await checkDaPayload(db, body);
    const saved = await db.transaction(async (tx): Promise<DaSaved> => {
      const r = await tx.query<DaProfile>(
        `update da_profiles as d set first_name = $1, father_name = $2, grand_father_name = $3, phone_number = $4,
           telegram_phone_number = $5, sex = $6, region_id = $7, zone_id = $8, woreda_id = $9, kebele_id = $10,
           role_id = $11, created_by = $12, updated_at = now()
         where d.id = $13 returning ${DA_COLUMNS}`,
        [...values(body), params.id],
      );
      const profile = r.rows[0] as DaProfile;
      if (actor.kind === 'user' && actor.botUser && !actor.da)
        await tx.query(
          'update bot_users set da_profile_id = $1, updated_at = now() where id = $2 and da_profile_id is null',
          [params.id, actor.botUser.id],
        );
      const holder = await tx.query<{ id: number }>('select id from bot_users where da_profile_id = $1', [
        params.id,
      ]);
      const botUserId = holder.rows[0]?.id;
      if (botUserId === undefined) return profile;
      if (actor.kind === 'service' && Number(before.kebele_id) !== body.kebele)
        await decideForKebele(tx, botUserId, 'approved');
      const enrolment = await enrol(tx, botUserId);
      return enrolment ? { ...profile, enrolment } : profile;
    });
    env.actors.invalidate();
    return saved;
  });

  type PhoneContext = Pick<RouteContext<typeof routes.findDaProfiles>, 'query' | 'request'>;
  const findByPhone = ({ query, request }: PhoneContext) => {
    const phone = normalizePhone(query.phone_number);
    if (!phone) throw fieldError('phone_number', 'phone_number_validation');
    return listOrPage<DaProfile>(db, request, query, {
      sql: `select ${DA_COLUMNS} from da_profiles d where d.phone_number = $1 or d.telegram_phone_number = $1`,
      params: [phone],
      orderBy: 'id',
    });
  };
  serve(app, env, routes.findDaProfiles, findByPhone);

  /**
   * The spec's second lookup: DA profiles with this phone, else the organisation's roster entry
   * for it (`gebere import roster`), in the profile's shape, so the bot offers update_outbound.
   */
  serve(app, env, routes.findDevelopmentAgents, ({ query, request }) => {
    const phone = normalizePhone(query.phone_number);
    if (!phone) throw fieldError('phone_number', 'phone_number_validation');
    return listOrPage<OutboundDa>(db, request, query, { sql: OUTBOUND_SQL, params: [phone], orderBy: 'id' });
  });

  serve(app, env, routes.listDaRoles, ({ query, request }) =>
    listOrPage<DaRole>(db, request, query, {
      sql: 'select id, name, name_am, name_om from da_roles',
      params: [],
      orderBy: 'id',
    }),
  );
}
