// The notification engine's queries at national scale: the claim, the sender's "when
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
import { deliveryProgress } from '@gebere/bot/backend';
import {
  countRecipients,
  deliveryCounts,
  emptyCounts,
  foldCounts,
  nextEligible,
  plan,
  prune,
  queuedTotal,
  sweep,
} from '@gebere/bot/notifications';
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
import { claimThirty, NONE, once, rolledBack, type Timing, timeIt, triggerCost } from './engine-queue-writes';
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

async function main() {
  await withThrowawayDb('gebere_engine_bench', async (db) => {
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

    // What the counting triggers cost the engine's writes (EXPLAIN ANALYZE's trigger times).
    t += 1_000;
    const costs = await triggerCost(db, t);

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
    // One planner pass: when its first batch is queued (the sender is woken then), its last,
    // and the whole pass (then statistics are refreshed, the sweep, retention and the fold run).
    const batches: number[] = [];
    const t3 = performance.now();
    await plan(db, t, 86_400_000, counts, { onQueued: () => batches.push(performance.now() - t3) });
    const whole = performance.now() - t3;
    rows.push([
      `send-now to ${SIZES.users.toLocaleString('en')} DAs: first rows queued`,
      once(oldPlan),
      once(batches[0] ?? Number.NaN),
    ]);
    rows.push([
      `  … the last of ${batches.length} batches queued`,
      once(oldPlan),
      once(batches.at(-1) ?? Number.NaN),
    ]);
    rows.push([
      `  … the whole pass, ${counts.queued.toLocaleString('en')} queued (before: one transaction)`,
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
    console.log("\nThe delivery counters' triggers on the engine's writes (EXPLAIN ANALYZE, rolled back):");
    for (const line of costs) console.log(`  ${line}`);
  });
}

await main();
