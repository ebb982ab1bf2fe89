import type { Db, Queryable } from '../backend/db/types';
import type { DeliveryContext } from './types';

/**
 * What became of a claimed delivery, as the sender records it. Every update touches only rows
 * still `queued`, so an outcome already recorded (by this worker or one that took over the lease)
 * is never overwritten. The claim itself is in queue.ts.
 */

const iso = (t: number) => new Date(t).toISOString();

/**
 * Committed just before the request: from here on the row is "in doubt" should this worker die
 * (see the sweep). False when the row is no longer ours (lease lost), or its notification was
 * removed or paused since the claim (a revoked grant stops even rows already leased): do not
 * send; the sweep cancels it once the lease has run out.
 */
export async function markSending(db: Db, id: number, worker: string, now: number): Promise<boolean> {
  const r = await db.query(
    `update notification_deliveries d set sending_at = $3::timestamptz
     where d.id = $1 and d.claimed_by = $2 and d.status = 'queued' and d.claimed_until > $3::timestamptz
       and exists (select 1 from location_notifications n
                   where n.id = d.notification_id and n.active and n.paused_at is null)`,
    [id, worker, iso(now)],
  );
  return r.rowCount === 1;
}

/**
 * Telegram accepted the message. Recorded unconditionally (it *was* sent); returns whether the
 * row was still ours, since a lost lease means another worker may send it as well.
 */
export async function markSent(
  db: Db,
  id: number,
  worker: string,
  messageId: number,
  now: number,
): Promise<boolean> {
  const r = await db.query<{ claimed_by: string | null }>(
    `update notification_deliveries set status = 'sent', sent_at = $3::timestamptz, message_id = $2,
       claimed_until = null, sending_at = null, last_error = null, updated_at = now()
     where id = $1 and status = 'queued' returning claimed_by`,
    [id, messageId, iso(now)],
  );
  return r.rows[0]?.claimed_by === worker;
}

export async function markFailed(db: Queryable, id: number, reason: string): Promise<void> {
  await db.query(
    `update notification_deliveries set status = 'failed', claimed_until = null, sending_at = null,
       last_error = $2, updated_at = now() where id = $1 and status = 'queued'`,
    [id, reason.slice(0, 500)],
  );
}

/**
 * Gives a row back to the queue, to be tried from `notBefore`. `refund` takes back the attempt
 * the claim counted (a 429 or a graceful stop is not the message's fault).
 */
export async function release(
  db: Db,
  id: number,
  worker: string,
  notBefore: number | null,
  reason: string | null,
  refund: boolean,
): Promise<void> {
  await db.query(
    `update notification_deliveries set claimed_until = null, sending_at = null, not_before = $3::timestamptz,
       last_error = coalesce($4, last_error), attempts = attempts - $5, updated_at = now()
     where id = $1 and claimed_by = $2 and status = 'queued'`,
    [id, worker, notBefore === null ? null : iso(notBefore), reason, refund ? 1 : 0],
  );
}

/**
 * 403: the user blocked the bot (or never started it). Marks them, fails this delivery and their
 * other queued ones that are not on their way, so the engine moves on without trying each.
 */
export async function markBlocked(
  db: Db,
  ctx: DeliveryContext,
  reason: string,
  now: number,
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query('update bot_users set blocked_at = now() where id = $1', [ctx.botUserId]);
    await markFailed(tx, ctx.id, `blocked: ${reason}`);
    const others = await tx.query(
      `update notification_deliveries set status = 'failed', last_error = 'cancelled: recipient blocked the bot',
         updated_at = now()
       where bot_user_id = $1 and status = 'queued' and id <> $2
         and sending_at is null and (claimed_until is null or claimed_until < $3::timestamptz)`,
      [ctx.botUserId, ctx.id, iso(now)],
    );
    return others.rowCount;
  });
}
