import { type AdminLevel, type NotificationRecipients, routes } from '@gebere/contract';
import type { FastifyInstance } from 'fastify';
import { countRecipients } from '../../notifications/recipients';
import { LANES, PRIORITY } from '../../notifications/types';
import type { Queryable } from '../db/types';
import { FieldErrorSet } from '../serving/http-error';
import { type BackendEnv, serve } from '../serving/serve';
import { ancestorsOf } from './areas';

/** Past this many send-now deliveries queued in a lane the count stops (the wait is long anyway). */
const AHEAD_COUNTED = 100_000;

/**
 * Each lane's send rate (as the engine recorded it) and the send-now deliveries queued in it,
 * which a new send-now waits behind (bot/src/notifications/README.md, "Expected finish"): an index
 * range of the queue's send-now priorities, never the morning's reminders.
 */
async function lanes(db: Queryable): Promise<Omit<NotificationRecipients, 'recipients'>> {
  const r = await db.query<{ free: number; paid: number; send_now: number; paid_queued: number }>(
    `select (select rate_per_second from notification_send_rate where id = $1) as free,
       (select rate_per_second from notification_send_rate where id = $2) as paid,
       (select count(*)::int from (select 1 from notification_deliveries
          where status = 'queued' and priority = $3 limit $5) s) as send_now,
       (select count(*)::int from (select 1 from notification_deliveries
          where status = 'queued' and priority = $4 limit $5) s) as paid_queued`,
    [LANES.free.rateRow, LANES.paid.rateRow, PRIORITY.sendNow, PRIORITY.paid, AHEAD_COUNTED],
  );
  const row = r.rows[0];
  return {
    rate_per_second: Number(row?.free ?? 30),
    paid_rate_per_second: Number(row?.paid ?? 1000),
    send_now_queued: Number(row?.send_now ?? 0),
    paid_queued: Number(row?.paid_queued ?? 0),
  };
}

/**
 * GET /api/location-notifications/recipients/: how many DAs a notification to a target would
 * reach, shown on the form before sending. The policy lets only a manager whose grant covers the
 * target ask (`target`, as for a create), so nobody learns the DA counts of other areas.
 */
export function registerNotificationRecipientsRoute(app: FastifyInstance, env: BackendEnv): void {
  serve(app, env, routes.countNotificationRecipients, async ({ query, db }) => {
    const type = query.location_type ?? 'all';
    const id = query.location_id ?? null;
    if (type !== 'all' && !(await ancestorsOf(db, type as AdminLevel, id as number)))
      new FieldErrorSet().invalidPk('location_id', id).throwIfAny();
    const recipients = await countRecipients(db, { location_type: type, location_id: id });
    return { recipients, ...(await lanes(db)) } satisfies NotificationRecipients;
  });
}
