import { type GrantPayload, type RoleGrant, routes } from '@gebere/contract';
import { normalizePhone } from '@gebere/phone';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/types';
import { FieldErrorSet, fieldError } from '../serving/http-error';
import { listOrPage } from '../serving/paginate';
import { type BackendEnv, serve, WithStatus } from '../serving/serve';
import { ancestorsOf } from './areas';
import { pauseUncovered } from './notification-pauses';

const COLUMNS =
  'g.id, g.phone_number, g.role, g.location_type, g.location_id, iso(g.created_at) as created_at';

const phoneOf = (raw: string) => {
  const phone = normalizePhone(raw);
  if (!phone) throw fieldError('phone_number', 'phone_number_validation');
  return phone;
};

async function checkArea(q: Queryable, body: GrantPayload): Promise<void> {
  if (body.location_type === 'all' || body.location_id == null) return;
  if (!(await ancestorsOf(q, body.location_type, body.location_id)))
    new FieldErrorSet().invalidPk('location_id', body.location_id).throwIfAny();
}

/**
 * Roles an operator grants (docs/authorization.md): to a phone number, over an area. The bot
 * user whose verified phone it is holds the role from its next request on (or within the actor
 * cache's few seconds on another copy of the server). Service token only (the policy).
 */
export function registerGrantRoutes(app: FastifyInstance, env: BackendEnv): void {
  const { db } = env;

  serve(app, env, routes.listRoleGrants, ({ query, request }) =>
    listOrPage<RoleGrant>(db, request, query, {
      sql: `select ${COLUMNS} from role_grants g where ($1::text is null or g.phone_number = $1)`,
      params: [query.phone_number === undefined ? null : phoneOf(query.phone_number)],
      orderBy: 'id',
    }),
  );

  serve(app, env, routes.createRoleGrant, async ({ body, db }) => {
    const phone = phoneOf(body.phone_number);
    await checkArea(db, body);
    const r = await db.query<RoleGrant & { created: boolean }>(
      `with ins as (
         insert into role_grants as g (phone_number, role, location_type, location_id) values ($1, $2, $3, $4)
         on conflict do nothing returning ${COLUMNS}, true as created)
       select * from ins
       union all
       select ${COLUMNS}, false from role_grants g
       where g.phone_number = $1 and g.role = $2 and g.location_type = $3
         and coalesce(g.location_id, 0) = coalesce($4::bigint, 0) and not exists (select 1 from ins)`,
      [phone, body.role, body.location_type, body.location_id ?? null],
    );
    env.actors.invalidate();
    const { created, ...grant } = r.rows[0] as RoleGrant & { created: boolean };
    return new WithStatus(created ? 201 : 200, grant);
  });

  // Revocation stops what the grant allowed: the holder's notifications that no remaining grant
  // covers pause in the same transaction (notification-pauses.ts).
  serve(app, env, routes.revokeRoleGrant, async ({ body, db }) => {
    const phone = phoneOf(body.phone_number);
    const result = await db.transaction(async (tx) => {
      const r = await tx.query(
        `delete from role_grants where phone_number = $1 and role = $2 and location_type = $3
           and coalesce(location_id, 0) = coalesce($4::bigint, 0)`,
        [phone, body.role, body.location_type, body.location_id ?? null],
      );
      return { revoked: r.rowCount, paused: r.rowCount > 0 ? await pauseUncovered(tx, phone) : 0 };
    });
    env.actors.invalidate();
    return result;
  });
}
