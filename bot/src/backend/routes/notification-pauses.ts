import { type LocationNotification, type OperatorNotification, routes } from '@gebere/contract';
import { normalizePhone } from '@gebere/phone';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/types';
import { detailError, fieldError } from '../serving/http-error';
import { listOrPage } from '../serving/paginate';
import { type BackendEnv, serve } from '../serving/serve';
import { COLUMNS, load } from './notifications';

/**
 * Revocation stops what the grant allowed (docs/authorization.md, "Revocation"). A notification
 * is sent on its creator's authority: when none of the creator's notification-manager grants
 * covers its target any more, it is paused (kept, still active, nothing of it planned or sent;
 * its queued deliveries are cancelled by the engine's sweep). An operator may stop one too. Only
 * an operator resumes, and only while a grant covers it again: a new grant does not resume
 * anything by itself, since a notification coming back to life unasked would surprise both.
 */

/**
 * Pauses the active notifications of the bot users with this phone that no grant of theirs covers
 * any more (after a revocation); how many. Each notification is decided on its own: a region
 * grant revoked while a national one remains pauses nothing. The rule is migration 018's
 * `notification_covered`; a trigger there applies it too when a creator's verified phone changes
 * or they are REJECTED, whoever writes it.
 */
export async function pauseUncovered(q: Queryable, phone: string): Promise<number> {
  const r = await q.query<{ paused: number }>(
    'select pause_uncovered_notifications(array(select id from bot_users where phone_number = $1)) as paused',
    [phone],
  );
  return Number(r.rows[0]?.paused ?? 0);
}

/** A removed notification has nothing to stop or resume. */
const checkActive = (n: LocationNotification) => {
  if (!n.active) throw detailError(409, 'notification_removed');
  return n;
};

export function registerNotificationPauseRoutes(app: FastifyInstance, env: BackendEnv): void {
  serve(app, env, routes.listNotifications, ({ query, request }) => {
    let phone: string | null = null;
    if (query.phone_number !== undefined) {
      phone = normalizePhone(query.phone_number);
      if (!phone) throw fieldError('phone_number', 'phone_number_validation');
    }
    return listOrPage<OperatorNotification>(env.db, request, query, {
      sql: `select ${COLUMNS}, b.phone_number as creator_phone
            from location_notifications n join bot_users b on b.id = n.created_by
            where n.active and ($1::text is null or b.phone_number = $1)
              and (not $2::boolean or n.paused_at is not null)`,
      params: [phone, query.paused === 'true'],
      orderBy: 'id desc',
    });
  });

  serve(app, env, routes.pauseNotification, async ({ params, db }) => {
    const r = await db.query<LocationNotification>(
      `update location_notifications as n set paused_at = now(), paused_reason = 'operator'
       where n.id = $1 and n.active and n.paused_at is null returning ${COLUMNS}`,
      [params.id],
    );
    // Already paused (by a revocation or an operator): it stays as it is.
    return r.rows[0] ?? checkActive(await load(db, params.id));
  });

  serve(app, env, routes.resumeNotification, async ({ params, db }) => {
    const r = await db.query<LocationNotification>(
      `update location_notifications as n set paused_at = null, paused_reason = null
       where n.id = $1 and n.active and n.paused_at is not null and notification_covered(n) returning ${COLUMNS}`,
      [params.id],
    );
    if (r.rows[0]) return r.rows[0];
    const n = checkActive(await load(db, params.id));
    if (n.paused) throw detailError(409, 'resume_needs_grant');
    return n; // not paused: nothing to resume
  });
}
