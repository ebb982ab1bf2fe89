import type { Db, Queryable } from '../backend/db/types';
import { FINGERPRINT } from './planner';
import { LANES, type Lane } from './types';

/**
 * The delivery queue in SQL. A claim leases rows to one worker (FOR UPDATE SKIP LOCKED, then
 * `claimed_until`), and reserves send slots for them on the one shared rate row, so every server
 * copy together sends at most `rate` messages a second. Rows stay `queued` while leased: the
 * backend's details call counts them as queued, and a crashed worker's rows are claimable again
 * as soon as the lease runs out. What a claimed row needs to be worded is read in
 * delivery-contexts.ts, and what became of it is recorded in delivery-outcomes.ts.
 */

const iso = (t: number) => new Date(t).toISOString();

/** Telegram: about one message a second per chat. */
export const PER_CHAT_GAP_MS = 1_000;

/**
 * Whether queued row `d` may go out: its notification is active and not paused, planned under its current
 * schedule, and `d` belongs to the occurrence planned last. A lateral lookup by primary key (the
 * LIMIT keeps PostgreSQL from turning it into a join), so the claim walks the queue index in
 * queue order and checks each row it meets: its cost is the rows it looks at, not the number of live
 * notifications or the length of the backlog. Not-live rows are few in front of the queue: the
 * planner's sweep cancels them within a tick.
 */
const LIVE_ROW = `cross join lateral (
    select 1 from notification_plans p join location_notifications n on n.id = p.notification_id
    where p.notification_id = d.notification_id and p.last_occurrence = d.occurrence
      and n.active and n.paused_at is null and p.fingerprint = ${FINGERPRINT}
    limit 1) live`;

/**
 * The queued rows the claim of `lane` may take, in queue order: for each of its priorities, live
 * rows already due
 * (`due_at <= $1`) matching `where`, walked in (due_at, id) order on
 * `notification_deliveries_claim_idx` and stopped after `limit` rows. The index range per
 * priority ends at rows not yet due, so the rows of a spread morning still ahead are never read.
 */
const QUEUE_WALK = (lane: Lane, limit: string, where: string) => `(values ${LANES[lane].priorities
  .map((p) => `(${p}::smallint)`)
  .join(', ')}) pr(priority)
  cross join lateral (
    select d.id, d.bot_user_id, d.priority, d.due_at from notification_deliveries d ${LIVE_ROW}
    where d.status = 'queued' and d.priority = pr.priority and d.due_at <= $1::timestamptz and ${where}
    order by d.due_at, d.id limit ${limit}) c
  order by c.priority, c.due_at, c.id limit ${limit}`;

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
  /** Which rows, on which rate row: the free ~30 a second, or paid broadcasts. */
  lane?: Lane;
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
  const lane = LANES[o.lane ?? 'free'];
  return db.transaction(async (tx) => {
    // Row 1 serialises every claim (both lanes: one message per chat holds across them); the
    // lane's own row holds its send grid.
    const rate = await tx.query<{ id: number; next_slot: Date }>(
      'select id, next_slot from notification_send_rate where id in (1, $1) order by id for update',
      [lane.rateRow],
    );
    const nextSlot = rate.rows.find((row) => Number(row.id) === lane.rateRow)?.next_slot.getTime() ?? 0;
    if (nextSlot > o.now + o.horizonMs) return { ids: [], slots: [], waitMs: nextSlot - o.horizonMs - o.now };
    const now = iso(o.now);
    // Each step is materialised and small: the plan must not depend on statistics (PGlite has
    // no autovacuum) nor re-run a step per row.
    const r = await tx.query<{ id: number; rank: number }>(
      `with busy as materialized (
         select bot_user_id from notification_deliveries
           where status = 'queued' and claimed_until >= $1::timestamptz
         union
         select bot_user_id from notification_deliveries where status = 'sent' and sent_at > $5::timestamptz
       ), candidates as materialized (
         select c.id, c.bot_user_id, row_number() over (order by c.priority, c.due_at, c.id) as rank
         from ${QUEUE_WALK(
           o.lane ?? 'free',
           '$2 * 4',
           `d.sending_at is null
           and (d.claimed_until is null or d.claimed_until < $1::timestamptz)
           and (d.not_before is null or d.not_before <= $1::timestamptz)`,
         )}
       ), one_per_chat as materialized (
         select distinct on (c.bot_user_id) c.id, c.rank from candidates c
         where not exists (select 1 from busy b where b.bot_user_id = c.bot_user_id)
         order by c.bot_user_id, c.rank
       ), locked as (
         select d.id, o.rank from notification_deliveries d join one_per_chat o on o.id = d.id
         where d.status = 'queued' and d.sending_at is null
           and (d.claimed_until is null or d.claimed_until < $1::timestamptz)
         order by o.rank limit $2
         for update of d skip locked
       )
       update notification_deliveries d set claimed_until = $3::timestamptz, claimed_by = $4,
         attempts = d.attempts + 1, updated_at = now()
       from locked where d.id = locked.id
       returning d.id, locked.rank`,
      [now, o.batchSize, iso(o.now + o.leaseMs), o.worker, iso(o.now - PER_CHAT_GAP_MS)],
    );
    // In queue order (priority, due, id): the first rows get the first send slots.
    const ids = r.rows.sort((a, b) => Number(a.rank) - Number(b.rank)).map((row) => Number(row.id));
    const start = Math.max(o.now, nextSlot);
    const slots = ids.map((_, i) => start + i * gap);
    if (ids.length > 0)
      await tx.query('update notification_send_rate set next_slot = $1::timestamptz where id = $2', [
        iso(start + ids.length * gap),
        lane.rateRow,
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
export async function nextEligible(db: Queryable, now: number, lane: Lane = 'free'): Promise<number | null> {
  // Walks that each stop at their first live row of the lane: one due now (queue order), the
  // first retry_after/backoff to run out, the first lease to run out, the next slot of a spread
  // morning. (The other lane's rows are not this sender's to wait for.)
  const r = await db.query<{ due: boolean; at: Date | null }>(
    `select exists (
       select 1 from ${QUEUE_WALK(
         lane,
         '1',
         `d.sending_at is null and (d.claimed_until is null or d.claimed_until <= $1::timestamptz)
         and (d.not_before is null or d.not_before <= $1::timestamptz)`,
       )}
     ) as due, least(
       (select d.not_before from notification_deliveries d ${LIVE_ROW}
        where d.status = 'queued' and d.sending_at is null and d.not_before > $1::timestamptz
          and d.priority = any($2::smallint[])
        order by d.not_before limit 1),
       (select d.claimed_until from notification_deliveries d ${LIVE_ROW}
        where d.status = 'queued' and d.sending_at is null and d.claimed_until > $1::timestamptz
          and d.priority = any($2::smallint[])
        order by d.claimed_until limit 1),
       ${LANES[lane].priorities
         .map(
           (p) => `(select d.due_at from notification_deliveries d ${LIVE_ROW}
        where d.status = 'queued' and d.priority = ${p} and d.due_at > $1::timestamptz
        order by d.due_at limit 1)`,
         )
         .join(',\n       ')}
     ) as at`,
    [iso(now), LANES[lane].priorities],
  );
  const row = r.rows[0];
  if (row?.due) return now + PER_CHAT_GAP_MS;
  return row?.at?.getTime() ?? null;
}

/** Records the rates this engine sends at (free, paid), for the details call's expected finish. */
export async function recordRate(db: Queryable, rates: Record<Lane, number>): Promise<void> {
  await db.query(
    `update notification_send_rate set rate_per_second = case id when $1 then $2::real else $4::real end
     where id in ($1, $3)`,
    [LANES.free.rateRow, rates.free, LANES.paid.rateRow, rates.paid],
  );
}

/** Telegram said "too many requests": no copy sends before `until` (shared rate row). */
export async function pauseAll(db: Db, until: number): Promise<void> {
  await db.query(
    'update notification_send_rate set next_slot = greatest(next_slot, $1::timestamptz) where id = 1',
    [iso(until)],
  );
}

/** Deliveries by status (the backend's rule, which adds the counts of pruned occurrences). */
export { deliveryCounts } from '../backend/routes/notifications';
