import type { Db, Queryable } from '../backend/db/types';
import { foldCounts } from './counts';
import { RECIPIENTS_WHERE, TARGET_COLUMN } from './recipients';
import { prune } from './retention';
import { firstOccurrence, latestDue, occurrenceAfter, scheduleOf } from './schedule';
import { DEFAULT_ENGINE_OPTIONS, PRIORITY, type RunCounts } from './types';

/**
 * The planner turns due occurrences into delivery rows: one per (notification, occurrence,
 * recipient), inserted with ON CONFLICT DO NOTHING. Occurrences are deterministic (schedule.ts),
 * so two copies planning at once can only insert the same rows; the plan row lock (SKIP LOCKED)
 * just saves the second one the work.
 */

/**
 * What makes two versions of a notification "the same schedule": timing and target. An edit that
 * changes it restarts planning from the edit; an edit of the name or message does not (queued
 * deliveries are worded at send time, so they go out with the new text).
 */
export const FINGERPRINT = `format('%s|%s|%s|%s|%s', n.send_now, n.frequency, n."interval", n.location_type, n.location_id)`;

/**
 * A recipient's place in a spread window, in ms from the occurrence: the window times a fraction
 * in [0, 1) hashed from the bot user's id. The same DA gets the same fraction every week, so with
 * a steady morning they hear from the bot at about the same time each time.
 */
export const SPREAD_OFFSET = (botUser: string, windowMs: string) =>
  `floor(${windowMs} * ((hashint8(${botUser}::bigint)::bigint + 2147483648)::float8 / 4294967296))`;

/**
 * Queues the next `limit` recipients (in DA profile id order, after `after`) of notification
 * `n`'s occurrence. `seen` < `limit` means the recipients are exhausted; `last` is where to go on from.
 * A send-now row is due at the occurrence, ahead of every recurring one (PRIORITY; a paid one in
 * the paid lane, priced when the manager opted in, so decided when queued); a recurring
 * row is due at its recipient's slot in the occurrence's spread window (`spreadMs`, 0: none).
 */
export async function insertDeliveries(
  q: Queryable,
  n: {
    id: number;
    location_type: string;
    location_id: number | null;
    send_now: boolean;
    paid: boolean;
    spreadMs: number;
  },
  occurrence: number,
  chunk: { after: number; limit: number },
): Promise<{ seen: number; inserted: number; last: number }> {
  const column = TARGET_COLUMN[n.location_type];
  if (n.location_type !== 'all' && (!column || n.location_id === null))
    return { seen: 0, inserted: 0, last: chunk.after };
  const r = await q.query<{ seen: number; inserted: number; last: number | null }>(
    `with chunk as materialized (
       select p.id as profile, u.id as bot_user from da_profiles p join bot_users u on u.da_profile_id = p.id
       where ${RECIPIENTS_WHERE} ${column ? `and ${column} = $3` : 'and $3::bigint is null'} and p.id > $4
       order by p.id limit $5
     ), ins as (
       insert into notification_deliveries (notification_id, occurrence, bot_user_id, priority, due_at)
       select $1, $2::timestamptz, bot_user, $6,
         $2::timestamptz + make_interval(secs => ${SPREAD_OFFSET('bot_user', '$7::bigint')} / 1000.0)
       from chunk
       on conflict (notification_id, occurrence, bot_user_id) do nothing returning 1
     )
     select (select count(*)::int from chunk) as seen, (select count(*)::int from ins) as inserted,
       (select max(profile) from chunk) as last`,
    [
      n.id,
      new Date(occurrence).toISOString(),
      column ? n.location_id : null,
      chunk.after,
      chunk.limit,
      n.send_now ? (n.paid ? PRIORITY.paid : PRIORITY.sendNow) : PRIORITY.recurring,
      n.send_now ? 0 : Math.max(0, Math.round(n.spreadMs)),
    ],
  );
  const row = r.rows[0];
  return {
    seen: Number(row?.seen ?? 0),
    inserted: Number(row?.inserted ?? 0),
    last: row?.last === null || row?.last === undefined ? chunk.after : Number(row.last),
  };
}

interface PlanRow {
  fingerprint: string;
  current_fp: string;
  since: Date | null;
  last_occurrence: Date | null;
  next_occurrence: Date | null;
  planning_occurrence: Date | null;
  active: boolean;
  paused: boolean;
  created_at: Date;
  updated_at: Date;
  send_now: boolean;
  frequency: string | null;
  interval: number | null;
  location_type: string;
  location_id: number | null;
}

const ms = (d: Date | null) => (d === null ? null : d.getTime());
const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());

/**
 * The plan row's `wake_at` once planned: the occurrence still being queued (so a pass cut short
 * goes on at the next tick), else the next occurrence; null when nothing more is to come.
 */
const wakeAt = (planning: number | null, next: number | null) => iso(planning ?? next);

/** Plans one notification; false when another copy holds it right now, or already planned it. */
async function planOne(
  db: Db,
  id: number,
  now: number,
  maxLatenessMs: number,
  spreadMs: number,
  counts: RunCounts,
) {
  return db.transaction(async (tx) => {
    // The plan row first, on its own: once it is locked, an edit's trigger (which wakes this row)
    // either committed before, and the notification read below sees the edit, or waits for this
    // transaction and wakes the row again after it. Still due: another copy may have just planned it.
    const locked = await tx.query(
      `select 1 from notification_plans where notification_id = $1 and wake_at <= $2::timestamptz
       for update skip locked`,
      [id, iso(now)],
    );
    if (locked.rows.length === 0) return false;
    const r = await tx.query<PlanRow>(
      `select p.fingerprint, ${FINGERPRINT} as current_fp, p.since, p.last_occurrence, p.next_occurrence,
         p.planning_occurrence,
         n.active, n.paused_at is not null as paused, n.created_at, n.updated_at, n.send_now, n.frequency, n."interval", n.location_type, n.location_id
       from notification_plans p join location_notifications n on n.id = p.notification_id
       where p.notification_id = $1`,
      [id],
    );
    const row = r.rows[0];
    if (!row?.active || row.paused) {
      // Removed or paused: nothing more to plan until it is active again or resumed (its trigger
      // wakes it then).
      await tx.query('update notification_plans set wake_at = null where notification_id = $1', [id]);
      return false;
    }
    const created = row.created_at.getTime();
    const schedule = scheduleOf(row);
    let since = ms(row.since);
    let last = ms(row.last_occurrence);
    let next = ms(row.next_occurrence);
    let planning = ms(row.planning_occurrence);
    if (row.fingerprint !== row.current_fp) {
      // New, or edited to another schedule or target: occurrences of the current schedule from
      // the moment it took effect. The old schedule's queued rows are swept as "schedule changed".
      since = row.since === null ? created : row.updated_at.getTime();
      last = null;
      planning = null;
      next = firstOccurrence(created, schedule, since);
    }
    if (next !== null && next <= now) {
      const due = latestDue(created, schedule, next, now);
      if (now - due <= maxLatenessMs) {
        counts.planned++;
        // Its recipients are queued batch by batch after this commits (fill()).
        planning = due;
      } else counts.missed++;
      // Only the latest occurrence's rows may be sent; older queued ones are superseded.
      last = due;
      next = occurrenceAfter(created, schedule, due);
      if (planning !== due) planning = null;
    }
    if (row.fingerprint !== row.current_fp || last !== ms(row.last_occurrence)) await markForSweep(tx, id);
    await tx.query(
      `update notification_plans set fingerprint = $2, since = $3, last_occurrence = $4, next_occurrence = $5,
         planning_after = case when planning_occurrence is not distinct from $6::timestamptz
                               then planning_after else 0 end,
         spread_ms = case when planning_occurrence is not distinct from $6::timestamptz
                          then spread_ms else $7 end,
         planning_occurrence = $6, wake_at = $8, updated_at = now() where notification_id = $1`,
      [
        id,
        row.current_fp,
        iso(since),
        iso(last),
        iso(next),
        iso(planning),
        row.send_now ? 0 : spreadMs,
        wakeAt(planning, next),
      ],
    );
    return true;
  });
}

/**
 * Queues one batch of the occurrence being planned (`planning_occurrence`), from where the last
 * batch stopped (`planning_after`, a DA profile id), in its own short transaction; true while
 * recipients remain. A crash between batches loses nothing: the next pass goes on from there, and
 * ON CONFLICT makes a repeated batch harmless. Rows of the first batch may be sent while later
 * ones are still being queued (the occurrence is already the live one).
 */
async function fill(db: Db, id: number, batchSize: number, counts: RunCounts): Promise<boolean> {
  return db.transaction(async (tx) => {
    const r = await tx.query<{
      planning_occurrence: Date;
      planning_after: number;
      spread_ms: number;
      send_now: boolean;
      paid_broadcast: boolean;
      location_type: string;
      location_id: number | null;
    }>(
      `select p.planning_occurrence, p.planning_after, p.spread_ms, n.send_now, n.paid_broadcast,
         n.location_type, n.location_id
       from notification_plans p join location_notifications n on n.id = p.notification_id
       where p.notification_id = $1 and p.planning_occurrence is not null and n.active
         and n.paused_at is null and p.fingerprint = ${FINGERPRINT}
       for update of p skip locked`,
      [id],
    );
    const row = r.rows[0];
    if (!row) return false;
    const after = Number(row.planning_after);
    const batch = await insertDeliveries(
      tx,
      {
        id,
        location_type: row.location_type,
        location_id: row.location_id === null ? null : Number(row.location_id),
        send_now: row.send_now,
        paid: row.paid_broadcast,
        spreadMs: Number(row.spread_ms),
      },
      row.planning_occurrence.getTime(),
      { after, limit: batchSize },
    );
    counts.queued += batch.inserted;
    const done = batch.seen < batchSize;
    await tx.query(
      // Done: wake at the next occurrence, unless an edit woke the row meanwhile ('-infinity':
      // this batch may have been read with the notification as it was before that edit).
      `update notification_plans set planning_after = $2,
         planning_occurrence = case when $3 then null else planning_occurrence end,
         wake_at = case when not $3 or wake_at = '-infinity' then wake_at else next_occurrence end
       where notification_id = $1`,
      [id, batch.last, done],
    );
    return !done;
  });
}

/**
 * A worker that died between telling the database it was sending and recording Telegram's answer
 * leaves its row "in doubt" once the lease has run out. Telegram most likely has it (the window is
 * one request), so it is recorded as sent and not sent again: a crash may lose a message whose
 * request had not reached Telegram, but never sends one twice.
 */
async function settleInDoubt(db: Db, now: number): Promise<number> {
  const r = await db.query(
    `update notification_deliveries set status = 'sent', sent_at = sending_at, sending_at = null,
       claimed_until = null, updated_at = now(),
       last_error = 'unconfirmed: the worker stopped while Telegram was answering; not sent again'
     where status = 'queued' and sending_at is not null and claimed_until < $1::timestamptz`,
    [new Date(now).toISOString()],
  );
  return r.rowCount;
}

/** Why a queued row of notification `n` (plan `p`) must not go out any more; null when it may. */
const STALE_REASON = `case when not n.active then 'cancelled: notification removed'
    when n.paused_at is not null then 'cancelled: notification paused'
    when p.fingerprint is distinct from ${FINGERPRINT} or d.occurrence < p.since
      then 'cancelled: schedule changed'
    when d.occurrence is distinct from p.last_occurrence
      then 'cancelled: superseded by a later occurrence' end`;

/** Notifications swept per transaction (the sweep drains the marks in such batches). */
const SWEEP_BATCH = 50;

/**
 * Marks notification `id` for the sweep: its planned occurrence or schedule moved on. Removal and
 * edits by any writer are marked by a trigger (migration 008).
 */
async function markForSweep(q: Queryable, id: number): Promise<void> {
  await q.query(
    `insert into notification_sweeps (notification_id) values ($1)
     on conflict (notification_id) do update set marked_at = now()`,
    [id],
  );
}

/**
 * Queued deliveries that must not go out any more (not leased, so none is on its way):
 * notification removed, schedule changed, or a later occurrence planned. Only notifications
 * marked in `notification_sweeps` are looked at, so a tick in which nothing changed costs one
 * index probe, whatever the backlog. A mark is taken (deleted) in the transaction that sweeps;
 * a notification whose stale rows are leased right now stays marked for the next tick.
 */
export async function sweep(db: Db, now: number): Promise<number> {
  let cancelled = 0;
  // Taken in this pass: one whose rows are leased is marked again, and waits for the next tick.
  const taken: number[] = [];
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const marks = await tx.query<{ notification_id: number }>(
        `delete from notification_sweeps where notification_id in (
           select notification_id from notification_sweeps where notification_id <> all($2::bigint[])
           order by notification_id limit $1 for update skip locked)
         returning notification_id`,
        [SWEEP_BATCH, taken],
      );
      const ids = marks.rows.map((r) => Number(r.notification_id));
      if (ids.length === 0) return null;
      taken.push(...ids);
      const r = await tx.query(
        `update notification_deliveries d set status = 'failed', claimed_until = null, updated_at = now(),
           last_error = ${STALE_REASON}
         from location_notifications n left join notification_plans p on p.notification_id = n.id
         where d.notification_id = any($1::bigint[]) and n.id = d.notification_id and d.status = 'queued'
           and d.sending_at is null and (d.claimed_until is null or d.claimed_until < $2::timestamptz)
           and ${STALE_REASON} is not null`,
        [ids, new Date(now).toISOString()],
      );
      // Stale rows held by a lease (or on their way) are looked at again next tick.
      await tx.query(
        `insert into notification_sweeps (notification_id)
         select distinct d.notification_id from notification_deliveries d
         join location_notifications n on n.id = d.notification_id
         left join notification_plans p on p.notification_id = n.id
         where d.notification_id = any($1::bigint[]) and d.status = 'queued'
           and (d.sending_at is not null or d.claimed_until >= $2::timestamptz)
           and ${STALE_REASON} is not null
         on conflict (notification_id) do update set marked_at = now()`,
        [ids, new Date(now).toISOString()],
      );
      return { swept: r.rowCount, full: ids.length === SWEEP_BATCH };
    });
    if (!done) break;
    cancelled += done.swept;
    if (!done.full) break;
  }
  return cancelled;
}

/** Past this many new rows, statistics are refreshed (PGlite has no autovacuum to do it). */
const ANALYZE_AFTER = 500;

export interface PlanOptions {
  /** Recipients queued per transaction. */
  batchSize?: number;
  /** Stop queueing a notification after this many batches in one pass (tests: a crash between). */
  maxBatches?: number;
  /** The engine's send rate: sizes the spread window of recurring occurrences. */
  ratePerSecond?: number;
  /** The longest spread window. */
  maxSpreadMs?: number;
  /** Called after each batch that queued rows: the sender need not wait for the rest of the pass. */
  onQueued?: () => void;
}

/**
 * The spread window for the recurring occurrences due in this pass: as long as sending all of
 * their deliveries takes at `ratePerSecond` (the expected count: each due notification's
 * recipients, from DA counts per area), at most `maxSpreadMs`. The morning's reminders then
 * become due at the rate they can go out, each DA at a fixed slot (SPREAD_OFFSET), instead of all
 * at 08:00 in notification order. One read of the per-area recipient counts (a row per kebele
 * with DAs, migration 012), once per pass that has any due.
 */
export async function spreadWindow(
  q: Queryable,
  now: number,
  ratePerSecond: number,
  maxSpreadMs: number,
): Promise<{ expected: number; windowMs: number }> {
  const r = await q.query<{ expected: string | number | null }>(
    `with due as (
       select n.location_type as type, n.location_id as id, count(*) as k
       from location_notifications n join notification_plans p on p.notification_id = n.id
       where n.active and n.paused_at is null and not n.send_now and p.next_occurrence <= $1::timestamptz
         and p.fingerprint = ${FINGERPRINT}
       group by 1, 2
     ), das as materialized (
       select region_id, zone_id, woreda_id, kebele_id, recipients from da_recipient_counts
       where exists (select 1 from due)
     ), per_area as (
       select 'all' as type, null::bigint as id, sum(recipients) as k from das
       union all select 'region', region_id, sum(recipients) from das group by region_id
       union all select 'zone', zone_id, sum(recipients) from das group by zone_id
       union all select 'woreda', woreda_id, sum(recipients) from das group by woreda_id
       union all select 'kebele', kebele_id, sum(recipients) from das group by kebele_id
     )
     select sum(due.k * a.k) as expected from due
     join per_area a on a.type = due.type and a.id is not distinct from due.id`,
    [new Date(now).toISOString()],
  );
  const expected = Number(r.rows[0]?.expected ?? 0);
  return { expected, windowMs: Math.min(maxSpreadMs, Math.ceil((expected / ratePerSecond) * 1000)) };
}

/**
 * One planner pass: new or edited notifications, due occurrences, in-doubt rows, the sweep,
 * retention, and the delivery counters' pending changes.
 */
export async function plan(
  db: Db,
  now: number,
  maxLatenessMs: number,
  counts: RunCounts,
  o: PlanOptions = {},
): Promise<void> {
  const batchSize = o.batchSize ?? DEFAULT_ENGINE_OPTIONS.planBatchSize;
  // Only plan rows whose wake_at has come (an index range): new, edited, due, or still being
  // queued. A tick with nothing due reads no notification.
  const due = await db.query<{ id: number; occurs: boolean }>(
    `select p.notification_id as id, (not n.send_now and p.next_occurrence <= $1::timestamptz) as occurs
     from notification_plans p join location_notifications n on n.id = p.notification_id
     where p.wake_at <= $1::timestamptz
     order by p.notification_id`,
    [new Date(now).toISOString()],
  );
  const before = counts.queued;
  const spread = due.rows.some((r) => r.occurs)
    ? await spreadWindow(
        db,
        now,
        o.ratePerSecond ?? DEFAULT_ENGINE_OPTIONS.ratePerSecond,
        o.maxSpreadMs ?? DEFAULT_ENGINE_OPTIONS.maxSpreadMs,
      )
    : { windowMs: 0 };
  for (const { id } of due.rows) {
    await planOne(db, Number(id), now, maxLatenessMs, spread.windowMs, counts);
    for (let b = 0; b < (o.maxBatches ?? Number.POSITIVE_INFINITY); b++) {
      const queued = counts.queued;
      const more = await fill(db, Number(id), batchSize, counts);
      if (counts.queued > queued) o.onQueued?.();
      if (!more) break;
    }
  }
  if (counts.queued - before >= ANALYZE_AFTER) await db.exec('analyze notification_deliveries');
  counts.unconfirmed += await settleInDoubt(db, now);
  counts.cancelled += await sweep(db, now);
  await prune(db, now);
  await foldCounts(db);
}
