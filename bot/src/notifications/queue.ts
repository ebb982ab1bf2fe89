import type { Db, Queryable } from '../backend/db/types';
import { APPLIES } from '../backend/routes/areas';
import { FINGERPRINT } from './planner';
import type { DeliveryContext } from './types';

/**
 * The delivery queue in SQL. A claim leases rows to one worker (FOR UPDATE SKIP LOCKED, then
 * `claimed_until`), and reserves send slots for them on the one shared rate row, so every server
 * copy together sends at most `rate` messages a second. Rows stay `queued` while leased: the
 * backend's details call counts them as queued, and a crashed worker's rows are claimable again
 * as soon as the lease runs out.
 */

const iso = (t: number) => new Date(t).toISOString();

/** Telegram: about one message a second per chat. */
export const PER_CHAT_GAP_MS = 1_000;

/**
 * The notifications whose queued rows may go out: active, planned under their current schedule,
 * and only the occurrence planned last. Materialised (a handful of rows) so the planner never
 * re-evaluates it per delivery, whatever its statistics say.
 */
const LIVE = `live as materialized (
  select p.notification_id, p.last_occurrence from notification_plans p
  join location_notifications n on n.id = p.notification_id
  where n.active and p.fingerprint = ${FINGERPRINT} and p.last_occurrence is not null)`;

export interface Claim {
  ids: number[];
  /** When each row may be sent (parallel to ids): spaced 1/rate apart on the shared grid. */
  slots: number[];
  /** When nothing was claimed because the shared grid is booked ahead: worth waiting this long. */
  waitMs: number;
}

export interface ClaimOptions {
  now: number;
  worker: string;
  batchSize: number;
  leaseMs: number;
  horizonMs: number;
  ratePerSecond: number;
}

/**
 * Claims up to `batchSize` deliveries: of active notifications, of the occurrence currently
 * planned under the current schedule, not waiting (not_before), at most one per chat, and none
 * for a chat that has one in flight or was written to less than a second ago (Telegram's per-chat
 * limit).
 * The rate row is locked first, so claims are serialised across copies (a few per second at most:
 * the whole bot may only send ~30 messages a second) and each sees the others' leases.
 */
export async function claim(db: Db, o: ClaimOptions): Promise<Claim> {
  const gap = 1000 / o.ratePerSecond;
  return db.transaction(async (tx) => {
    const rate = await tx.query<{ next_slot: Date }>(
      'select next_slot from notification_send_rate where id = 1 for update',
    );
    const nextSlot = rate.rows[0]?.next_slot.getTime() ?? 0;
    if (nextSlot > o.now + o.horizonMs) return { ids: [], slots: [], waitMs: nextSlot - o.horizonMs - o.now };
    const now = iso(o.now);
    // Each step is materialised and small: the plan must not depend on statistics (PGlite has
    // no autovacuum) nor re-run a step per row.
    const r = await tx.query<{ id: number }>(
      `with ${LIVE},
       busy as materialized (
         select bot_user_id from notification_deliveries
           where status = 'queued' and claimed_until >= $1::timestamptz
         union
         select bot_user_id from notification_deliveries where status = 'sent' and sent_at > $5::timestamptz
       ), candidates as materialized (
         select d.id, d.bot_user_id from notification_deliveries d
         join live l on l.notification_id = d.notification_id and l.last_occurrence = d.occurrence
         where d.status = 'queued' and d.sending_at is null
           and (d.claimed_until is null or d.claimed_until < $1::timestamptz)
           and (d.not_before is null or d.not_before <= $1::timestamptz)
         order by d.id limit $2 * 4
       ), one_per_chat as materialized (
         select distinct on (c.bot_user_id) c.id from candidates c
         where not exists (select 1 from busy b where b.bot_user_id = c.bot_user_id)
         order by c.bot_user_id, c.id
       ), locked as (
         select d.id from notification_deliveries d
         where d.id = any(array(select id from one_per_chat)) and d.status = 'queued'
           and d.sending_at is null and (d.claimed_until is null or d.claimed_until < $1::timestamptz)
         order by d.id limit $2
         for update of d skip locked
       )
       update notification_deliveries d set claimed_until = $3::timestamptz, claimed_by = $4,
         attempts = d.attempts + 1, updated_at = now()
       from locked where d.id = locked.id
       returning d.id`,
      [now, o.batchSize, iso(o.now + o.leaseMs), o.worker, iso(o.now - PER_CHAT_GAP_MS)],
    );
    const ids = r.rows.map((row) => Number(row.id)).sort((a, b) => a - b);
    const start = Math.max(o.now, nextSlot);
    const slots = ids.map((_, i) => start + i * gap);
    if (ids.length > 0)
      await tx.query('update notification_send_rate set next_slot = $1::timestamptz where id = 1', [
        iso(start + ids.length * gap),
      ]);
    return { ids, slots, waitMs: 0 };
  });
}

/**
 * When the earliest queued delivery that is waiting (retry_after, backoff, another worker's
 * lease) may be claimed; null when nothing is queued. A row that is due but was not claimed is
 * held by its chat's one-second gap: look again after that gap. Lets the sender wait exactly as
 * long as needed instead of a whole tick.
 */
export async function nextEligible(db: Queryable, now: number): Promise<number | null> {
  const r = await db.query<{ at: Date | null }>(
    `with ${LIVE}
     select min(greatest(d.not_before, d.claimed_until, $1::timestamptz)) as at
     from notification_deliveries d
     join live l on l.notification_id = d.notification_id and l.last_occurrence = d.occurrence
     where d.status = 'queued' and d.sending_at is null`,
    [iso(now)],
  );
  const at = r.rows[0]?.at?.getTime() ?? null;
  return at !== null && at <= now ? now + PER_CHAT_GAP_MS : at;
}

interface ContextRow {
  id: number;
  notification_id: number;
  attempts: number;
  claimed_until: Date;
  bot_user_id: number;
  telegram_id: number;
  chat_id: number;
  language: string;
  da_id: number | null;
  kebele_id: number | null;
  name: string;
  message: string;
  content_type: DeliveryContext['contentType'];
  advisory_id: number | null;
  advisory_label: string | null;
  template_content: string[] | null;
  template_content_am: string[] | null;
}

/**
 * Everything needed to word the claimed deliveries, read after the claim has committed. For an
 * advisory notification: the latest advisory for the DA's kebele or an area above it, the rule
 * of the backend's advisory lookup (`APPLIES` over the DA's own area columns).
 */
export async function loadContexts(q: Queryable, ids: number[]): Promise<Map<number, DeliveryContext>> {
  const r = await q.query<ContextRow>(
    `select d.id, d.notification_id, d.attempts, d.claimed_until, u.id as bot_user_id, u.telegram_id,
       u.chat_id, u.language, p.id as da_id, p.kebele_id, n.name, n.message, n.content_type,
       adv.id as advisory_id, adv.label as advisory_label, adv.template_content, adv.template_content_am
     from notification_deliveries d
     join bot_users u on u.id = d.bot_user_id
     join location_notifications n on n.id = d.notification_id
     left join da_profiles p on p.id = u.da_profile_id
     left join lateral (
       select a.id, a.label, a.template_content, a.template_content_am
       from (select p.kebele_id as k, p.woreda_id as w, p.zone_id as z, p.region_id as r) anc, advisories a
       where n.content_type = 'advisory' and ${APPLIES}
       order by a.created_at desc, a.id desc limit 1
     ) adv on true
     where d.id = any($1::bigint[])`,
    [ids],
  );
  const out = new Map<number, DeliveryContext>();
  for (const row of r.rows) {
    out.set(Number(row.id), {
      id: Number(row.id),
      notificationId: Number(row.notification_id),
      attempts: row.attempts,
      claimedUntil: row.claimed_until.getTime(),
      botUserId: Number(row.bot_user_id),
      telegramId: Number(row.telegram_id),
      chatId: Number(row.chat_id),
      language: row.language,
      daId: row.da_id === null ? null : Number(row.da_id),
      kebeleId: row.kebele_id === null ? null : Number(row.kebele_id),
      name: row.name,
      message: row.message,
      contentType: row.content_type,
      advisory:
        row.advisory_id === null
          ? null
          : {
              id: Number(row.advisory_id),
              label: row.advisory_label,
              content: row.template_content ?? [],
              contentAm: row.template_content_am,
            },
    });
  }
  return out;
}

/**
 * Committed just before the request: from here on the row is "in doubt" should this worker die
 * (see the sweep). False when the row is no longer ours (lease lost): do not send.
 */
export async function markSending(db: Db, id: number, worker: string, now: number): Promise<boolean> {
  const r = await db.query(
    `update notification_deliveries set sending_at = $3::timestamptz
     where id = $1 and claimed_by = $2 and status = 'queued' and claimed_until > $3::timestamptz`,
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

/** Telegram said "too many requests": no copy sends before `until` (shared rate row). */
export async function pauseAll(db: Db, until: number): Promise<void> {
  await db.query(
    'update notification_send_rate set next_slot = greatest(next_slot, $1::timestamptz) where id = 1',
    [iso(until)],
  );
}

/** Queue depth by status for one notification, or for all (logs, tests, the benchmark). */
export async function deliveryCounts(
  db: Queryable,
  notificationId?: number,
): Promise<{ queued: number; sent: number; failed: number }> {
  const r = await db.query<{ status: 'queued' | 'sent' | 'failed'; n: number }>(
    `select status, count(*)::int as n from notification_deliveries
     where ($1::bigint is null or notification_id = $1) group by status`,
    [notificationId ?? null],
  );
  const counts = { queued: 0, sent: 0, failed: 0 };
  for (const row of r.rows) counts[row.status] = Number(row.n);
  return counts;
}
