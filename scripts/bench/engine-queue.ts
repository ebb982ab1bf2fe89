// The notification engine's queries at national scale (issue 21): the claim, the sender's "when
// next", the sweep, the planner's idle tick, planning a send-now to everyone, retention, the
// details call, the queue depth and the recipients count; each timed the old way (kept in
// engine-queue-before.ts) and the current way, and the cost of the delivery counters' triggers on
// the write path (triggers off vs on), on one throwaway PostgreSQL database.
//
//   node scripts/system-deps.mjs --postgres-env > /tmp/pgenv.sh; source /tmp/pgenv.sh
//   nice -n 10 node --import tsx scripts/bench/engine-queue.ts [--queued 1000000] [--notifications 45000]
//     [--users 60000] [--runs 20]
//
// Generation is plain SQL (generate_series); 1 M queued rows take about a minute on 2 cores.
import { parseArgs } from 'node:util';
import type { Db, Queryable } from '../../bot/src/backend/db/types';
import { deliveryProgress } from '../../bot/src/backend/routes/notifications';
import { foldCounts, queuedTotal } from '../../bot/src/notifications/counts';
import { markSending, markSent } from '../../bot/src/notifications/delivery-outcomes';
import { insertDeliveries, plan, sweep } from '../../bot/src/notifications/planner';
import { claim, deliveryCounts, nextEligible } from '../../bot/src/notifications/queue';
import { countRecipients } from '../../bot/src/notifications/recipients';
import { prune } from '../../bot/src/notifications/retention';
import { emptyCounts } from '../../bot/src/notifications/types';
import {
  OLD_CANDIDATES,
  OLD_DETAILS,
  OLD_DUE,
  OLD_NEXT,
  OLD_PLAN_ALL,
  OLD_QUEUE_DEPTH,
  OLD_SWEEP,
} from './engine-queue-before';
import { areaOf, generate, yearOfWeeklyAll } from './engine-queue-data';
import { withThrowawayDb } from './throwaway-postgres';

const { values } = parseArgs({
  options: {
    queued: { type: 'string', default: '1000000' },
    notifications: { type: 'string', default: '45000' },
    users: { type: 'string', default: '60000' },
    runs: { type: 'string', default: '20' },
  },
});
const SIZES = {
  queued: Number(values.queued),
  notifications: Number(values.notifications),
  users: Number(values.users),
};
const RUNS = Number(values.runs);
const NOW = Date.parse('2026-03-02T05:00:00Z'); // 08:00 Addis Ababa, the recurring occurrence
const iso = (t: number) => new Date(t).toISOString();
/** Connections writing outcomes at once in the throughput figure (the paid lane has many in flight). */
const WRITERS = 8;

type Timing = { p50: number; max: number };
const NONE: Timing = { p50: Number.NaN, max: Number.NaN };
const once = (ms: number): Timing => ({ p50: ms, max: ms });
/** A rate, printed as one figure. */
const rate = (perSecond: number): Timing => ({ p50: perSecond, max: Number.NaN });

async function timeIt(runs: number, fn: () => Promise<unknown>): Promise<Timing> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length / 2)] as number, max: times.at(-1) as number };
}

/** Runs `fn` in a transaction that is rolled back (a "before" that must not change the data); its ms. */
async function rolledBack(db: Db, fn: (tx: Queryable) => Promise<unknown>): Promise<number> {
  let ms = 0;
  await db
    .transaction(async (tx) => {
      const t0 = performance.now();
      await fn(tx);
      ms = performance.now() - t0;
      throw new Error('rollback');
    })
    .catch((err: Error) => {
      if (err.message !== 'rollback') throw err;
    });
  return ms;
}

const COUNT_TRIGGERS = ['insert', 'update', 'delete'].map((op) => `notification_deliveries_count_${op}`);
async function countTriggers(db: Db, on: boolean): Promise<void> {
  for (const t of COUNT_TRIGGERS)
    await db.exec(`alter table notification_deliveries ${on ? 'enable' : 'disable'} trigger ${t}`);
  if (!on) return;
  // What changed while they were off, counted again (migration 012's backfill).
  await foldCounts(db);
  await db.exec(`update notification_occurrence_counts set queued = 0, sent = 0, failed = 0;
    insert into notification_occurrence_counts as c (notification_id, occurrence, queued, sent, failed)
    select notification_id, occurrence, count(*) filter (where status = 'queued'),
      count(*) filter (where status = 'sent'), count(*) filter (where status = 'failed')
    from notification_deliveries group by 1, 2
    on conflict (notification_id, occurrence)
      do update set queued = excluded.queued, sent = excluded.sent, failed = excluded.failed`);
}

/** The write path of one message: claim `n` rows, then mark each sending and sent, `writers` at once. */
async function outcomes(
  db: Db,
  now: number,
  n: number,
  writers: number,
): Promise<{ perRow: Timing; perSecond: number }> {
  const c = await claim(db, {
    now,
    worker: 'bench',
    batchSize: n,
    leaseMs: 600_000,
    horizonMs: 1e9,
    ratePerSecond: 1e9,
  });
  const times: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async () => {
      for (let i = next++; i < c.ids.length; i = next++) {
        const id = c.ids[i] as number;
        const t1 = performance.now();
        await markSending(db, id, 'bench', now);
        await markSent(db, id, 'bench', 1, now);
        times.push(performance.now() - t1);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  times.sort((a, b) => a - b);
  return {
    perRow: { p50: times[Math.floor(times.length / 2)] as number, max: times.at(-1) as number },
    perSecond: c.ids.length / seconds,
  };
}

/** A claim as the free lane makes one (30 rows), with the rate out of the way. */
const claimThirty = (db: Db, now: number) =>
  claim(db, {
    now,
    worker: 'bench',
    batchSize: 30,
    leaseMs: 30_000,
    horizonMs: 3_600_000,
    ratePerSecond: 1e6,
  });

/** The engine's writes, timed: claims, single outcomes, outcomes from many connections, a planning batch. */
async function writePath(db: Db, start: number) {
  let t = start;
  const claimed = await timeIt(RUNS, () => {
    t += 1_000;
    return claimThirty(db, t);
  });
  t += 1_000;
  const one = await outcomes(db, t, 300, 1);
  t += 1_000;
  const many = await outcomes(db, t, 3_000, WRITERS);
  const batch = await timeIt(Math.min(RUNS, 5), () =>
    rolledBack(db, (tx) =>
      insertDeliveries(
        tx,
        { id: 1, location_type: 'all', location_id: null, send_now: true, paid: false, spreadMs: 0 },
        t,
        { after: 0, limit: 5_000 },
      ),
    ),
  );
  return { t, claim: claimed, one, many, batch };
}

/** `tx` as a Db whose transactions are `tx` itself (the engine's functions inside a measured one). */
const asDb = (tx: Queryable): Db => ({
  kind: 'postgres',
  query: (sql, params) => tx.query(sql, params),
  exec: (sql) => tx.exec(sql),
  transaction: (fn) => fn(tx),
  close: async () => undefined,
});

/**
 * The counting triggers' own time (PostgreSQL's per-function statistics of this transaction)
 * against the whole statements', for claims, outcomes and a planning batch: what they add to the
 * write path, free of the machine's noise. Rolled back.
 */
async function triggerShare(db: Db, now: number): Promise<string[]> {
  const lines: string[] = [];
  const measure = (label: string, statements: number, work: (tx: Db) => Promise<unknown>) =>
    rolledBack(db, async (tx) => {
      await tx.exec("set local track_functions = 'pl'");
      const t0 = performance.now();
      await work(asDb(tx));
      const ms = performance.now() - t0;
      const r = await tx.query<{ calls: number; self: number }>(
        `select coalesce(sum(calls), 0)::int as calls, coalesce(sum(self_time), 0)::float8 as self
         from pg_stat_xact_user_functions where funcname like 'notification_count_%'`,
      );
      const self = Number(r.rows[0]?.self ?? 0);
      const per = (x: number) => `${((x * 1000) / statements).toFixed(0)} µs`;
      lines.push(
        `${label}: triggers ${per(self)} of ${per(ms)} per statement (${((100 * self) / ms).toFixed(1)} %)`,
      );
    });
  const claimOf = (tx: Db, n: number) =>
    claim(tx, { now, worker: 'bench', batchSize: n, leaseMs: 30_000, horizonMs: 1e9, ratePerSecond: 1e9 });
  await measure('claim of 30, 10 times', 10, async (tx) => {
    for (let i = 0; i < 10; i++) await claimOf(tx, 30);
  });
  await measure('outcome of 200 messages (mark sending, mark sent)', 400, async (tx) => {
    for (const id of (await claimOf(tx, 200)).ids) {
      await markSending(tx, id, 'bench', now);
      await markSent(tx, id, 'bench', 1, now);
    }
  });
  await measure('cancelling 5,000 queued rows in one statement (a sweep)', 1, (tx) =>
    tx.query(
      `update notification_deliveries set status = 'failed', last_error = 'cancelled: bench'
       where id in (select id from notification_deliveries where status = 'queued' limit 5000)`,
    ),
  );
  await measure('a planning batch of 5,000 rows', 1, (tx) =>
    insertDeliveries(
      tx,
      { id: 1, location_type: 'all', location_id: null, send_now: true, paid: false, spreadMs: 0 },
      now,
      { after: 0, limit: 5_000 },
    ),
  );
  return lines;
}

async function main() {
  await withThrowawayDb(
    'gebere_engine_bench',
    async (db) => {
      const t0 = performance.now();
      await generate(db, SIZES, NOW);
      const size = await db.query<{ s: string }>(
        `select pg_size_pretty(pg_total_relation_size('notification_deliveries')) as s`,
      );
      console.log(
        `generated ${SIZES.queued.toLocaleString('en')} queued deliveries of ${SIZES.notifications.toLocaleString('en')} ` +
          `notifications to ${SIZES.users.toLocaleString('en')} DAs in ${((performance.now() - t0) / 1000).toFixed(1)} s ` +
          `(notification_deliveries ${size.rows[0]?.s})`,
      );
      const rows: Array<[string, Timing, Timing]> = [];
      const now = iso(NOW);
      let t = NOW + 1_000;

      // The planner with nothing due: before, its due query read every notification.
      rows.push([
        `planner pass, nothing due (before: its due query alone)`,
        await timeIt(RUNS, () => db.query(OLD_DUE, [iso(t)])),
        await timeIt(RUNS, () => plan(db, t, 86_400_000, emptyCounts())),
      ]);
      rows.push([
        'queue depth (metrics, log line)',
        await timeIt(Math.min(RUNS, 5), () => db.query(OLD_QUEUE_DEPTH)),
        await timeIt(RUNS, () => queuedTotal(db)),
      ]);
      const oldClaim = await timeIt(RUNS, () => db.query(OLD_CANDIDATES, [now, 30]));
      rows.push([
        'sender: next eligible',
        await timeIt(RUNS, () => db.query(OLD_NEXT, [now])),
        await timeIt(RUNS, () => nextEligible(db, NOW)),
      ]);
      rows.push([
        'sweep, nothing changed',
        await timeIt(Math.min(RUNS, 5), () => rolledBack(db, (tx) => tx.query(OLD_SWEEP, [now]))),
        await timeIt(RUNS, () => sweep(db, NOW)),
      ]);
      // Whole claims (lease + rate row): each takes 30 rows, so the walk moves on like a drain.
      const claims = await timeIt(RUNS, () => {
        t += 1_000;
        return claimThirty(db, t);
      });
      rows.unshift(['claim of 30 (before: its candidate step alone)', oldClaim, claims]);

      // The counters' triggers on the write path: the same work with them off (before) and on.
      await countTriggers(db, false);
      const off = await writePath(db, t);
      await countTriggers(db, true);
      const on = await writePath(db, off.t);
      t = on.t + 1_000;
      const shares = await triggerShare(db, t);
      rows.push(['counters: claim of 30 (triggers off / on)', off.claim, on.claim]);
      rows.push(['counters: one outcome, sending + sent (off / on)', off.one.perRow, on.one.perRow]);
      rows.push([
        `counters: outcomes/s at ${WRITERS} connections (off / on)`,
        rate(off.many.perSecond),
        rate(on.many.perSecond),
      ]);
      rows.push(['counters: queue a batch of 5,000 (off / on)', off.batch, on.batch]);

      // One notification removed: its queued rows cancelled by the sweep (the old one rescans all).
      const removed = await db.query<{ id: number; n: number }>(
        `select notification_id as id, count(*)::int as n from notification_deliveries where status = 'queued'
         group by notification_id order by notification_id desc limit 1`,
      );
      const victim = removed.rows[0];
      if (victim) {
        const oldOne = await rolledBack(db, async (tx) => {
          await tx.query('update location_notifications set active = false where id = $1', [victim.id]);
          await tx.query(OLD_SWEEP, [iso(t)]);
        });
        await db.query('update location_notifications set active = false where id = $1', [victim.id]);
        const t1 = performance.now();
        const cancelled = await sweep(db, t);
        rows.push([
          `sweep, 1 notification removed (${cancelled} rows)`,
          once(oldOne),
          once(performance.now() - t1),
        ]);
      }

      // Send-now to every DA: one INSERT ... SELECT before, batches of 5,000 now.
      const all = await db.query<{ id: number }>(
        `insert into location_notifications (name, message, content_type, send_now, location_type, created_by,
           created_at, updated_at)
         values ('To everyone', 'Field day tomorrow.', 'reach', true, 'all', 1, $1::timestamptz, $1::timestamptz)
         returning id`,
        [iso(t - 1_000)],
      );
      const allId = Number(all.rows[0]?.id);
      const oldPlan = await rolledBack(db, (tx) => tx.query(OLD_PLAN_ALL, [allId, iso(t - 1_000), null]));
      const counts = emptyCounts();
      const t3 = performance.now();
      await plan(db, t, 86_400_000, counts, { maxBatches: 1 });
      const firstBatch = performance.now() - t3;
      await plan(db, t, 86_400_000, counts);
      const whole = performance.now() - t3;
      rows.push([
        `send-now to ${SIZES.users.toLocaleString('en')} DAs: first rows queued`,
        once(oldPlan),
        once(firstBatch),
      ]);
      rows.push([
        `  … all ${counts.queued.toLocaleString('en')} queued (before: one transaction)`,
        once(oldPlan),
        once(whole),
      ]);

      // Recipients counted before sending (the notification form), per target level.
      const area = areaOf(2); // the first DA's kebele
      for (const [type, id] of [
        ['all', null],
        ['region', area.region],
        ['zone', area.zone],
        ['woreda', area.woreda],
        ['kebele', area.kebele],
      ] as const) {
        let n = 0;
        const timing = await timeIt(RUNS, async () => {
          n = await countRecipients(db, { location_type: type, location_id: id });
        });
        rows.push([
          `recipients of ${type === 'all' ? 'all' : `a ${type}`} (${n.toLocaleString('en')} DAs)`,
          NONE,
          timing,
        ]);
      }

      // A year of a weekly "all" under retention, then the prune and the details call.
      const weekly = allId + 1;
      const t4 = performance.now();
      await yearOfWeeklyAll(db, weekly, SIZES.users, t);
      console.log(`(history: ${((performance.now() - t4) / 1000).toFixed(1)} s)`);
      let pruned = 0;
      const pruneTimes = await timeIt(Math.ceil(SIZES.users / 10_000) + 1, async () => {
        pruned += await prune(db, t);
      });
      rows.push([`prune a pass (10,000 rows; ${pruned.toLocaleString('en')} in all)`, NONE, pruneTimes]);
      await foldCounts(db);
      const c = await deliveryCounts(db, weekly);
      rows.push([
        `details counts, a year of weekly "all" (${c.sent.toLocaleString('en')} sent)`,
        await timeIt(RUNS, () => db.query(OLD_DETAILS, [weekly])),
        await timeIt(RUNS, () => deliveryCounts(db, weekly)),
      ]);
      rows.push([
        '  … the whole details read (+ notification, expected finish)',
        NONE,
        await timeIt(RUNS, async () => {
          await db.query('select * from location_notifications where id = $1', [weekly]);
          const counted = await deliveryCounts(db, weekly);
          await deliveryProgress(db, weekly, counted.queued);
        }),
      ]);

      const f = (x: Timing) =>
        Number.isNaN(x.p50)
          ? '—'
          : Number.isNaN(x.max)
            ? x.p50.toFixed(0)
            : `${x.p50.toFixed(1)} / ${x.max.toFixed(1)}`;
      console.log(
        '\n| query (p50 / max ms; outcomes/s as is)                  | before          | now             |',
      );
      console.log(
        '| ------------------------------------------------------- | --------------- | --------------- |',
      );
      for (const [label, before, after] of rows)
        console.log(`| ${label.padEnd(55)} | ${f(before).padEnd(15)} | ${f(after).padEnd(15)} |`);
      console.log("\nThe counting triggers' own time (pg_stat_xact_user_functions, one transaction each):");
      for (const line of shares) console.log(`  ${line}`);
    },
    { max: WRITERS + 1 },
  );
}

await main();
