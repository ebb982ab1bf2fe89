// The notification engine's per-tick queries at national scale (issue 21): the claim, the
// sender's "when next", and the planner's sweep, each timed the old way (kept here verbatim)
// and the current way, on one throwaway PostgreSQL database holding a generated backlog.
//
//   node scripts/system-deps.mjs --postgres-env > /tmp/pgenv.sh; source /tmp/pgenv.sh
//   nice -n 10 node --import tsx scripts/bench/engine-queue.ts [--queued 1000000] [--notifications 45000]
//
// Generation is plain SQL (generate_series); 1 M queued rows take about a minute on 2 cores.
import { parseArgs } from 'node:util';
import type { Db } from '../../bot/src/backend/db/types';
import { FINGERPRINT, plan, RECIPIENTS_WHERE, sweep } from '../../bot/src/notifications/planner';
import { claim, deliveryCounts, nextEligible } from '../../bot/src/notifications/queue';
import { DELIVERY_RETENTION_MS, prune } from '../../bot/src/notifications/retention';
import { emptyCounts } from '../../bot/src/notifications/types';
import { withThrowawayDb } from './throwaway-postgres';

const { values } = parseArgs({
  options: {
    queued: { type: 'string', default: '1000000' },
    notifications: { type: 'string', default: '45000' },
    users: { type: 'string', default: '60000' },
    runs: { type: 'string', default: '20' },
  },
});
const QUEUED = Number(values.queued);
const NOTIFICATIONS = Number(values.notifications);
const USERS = Number(values.users);
const RUNS = Number(values.runs);
const NOW = Date.parse('2026-03-02T05:00:00Z'); // 08:00 Addis Ababa, the recurring occurrence
const iso = (t: number) => new Date(t).toISOString();

// --- the queries as they were before migration 008 (bot/src/notifications, git history) ---
const OLD_LIVE = `live as materialized (
  select p.notification_id, p.last_occurrence from notification_plans p
  join location_notifications n on n.id = p.notification_id
  where n.active and p.fingerprint = ${FINGERPRINT} and p.last_occurrence is not null)`;
const OLD_CANDIDATES = `with ${OLD_LIVE}
  select d.id, d.bot_user_id from notification_deliveries d
  join live l on l.notification_id = d.notification_id and l.last_occurrence = d.occurrence
  where d.status = 'queued' and d.sending_at is null
    and (d.claimed_until is null or d.claimed_until < $1::timestamptz)
    and (d.not_before is null or d.not_before <= $1::timestamptz)
  order by d.id limit $2 * 4`;
const OLD_NEXT = `with ${OLD_LIVE}
  select min(greatest(d.not_before, d.claimed_until, $1::timestamptz)) as at
  from notification_deliveries d
  join live l on l.notification_id = d.notification_id and l.last_occurrence = d.occurrence
  where d.status = 'queued' and d.sending_at is null`;
const OLD_SWEEP = `update notification_deliveries d set status = 'failed', claimed_until = null, updated_at = now(),
    last_error = case when not n.active then 'cancelled: notification removed'
      when p.fingerprint is distinct from ${FINGERPRINT} or d.occurrence < p.since
        then 'cancelled: schedule changed'
      else 'cancelled: superseded by a later occurrence' end
  from location_notifications n left join notification_plans p on p.notification_id = n.id
  where n.id = d.notification_id and d.status = 'queued' and d.sending_at is null
    and (d.claimed_until is null or d.claimed_until < $1::timestamptz)
    and (not n.active or p.fingerprint is distinct from ${FINGERPRINT}
         or d.occurrence is distinct from p.last_occurrence)`;

const OLD_PLAN_ALL = `insert into notification_deliveries (notification_id, occurrence, bot_user_id)
  select $1, $2::timestamptz, u.id from bot_users u join da_profiles p on p.id = u.da_profile_id
  where ${RECIPIENTS_WHERE} and $3::bigint is null
  on conflict (notification_id, occurrence, bot_user_id) do nothing`;

async function generate(db: Db): Promise<void> {
  // Bulk load without the foreign-key triggers (the rows are consistent by construction).
  await db.exec(`set session_replication_role = replica`);
  await db.query(
    `insert into bot_users (id, telegram_id, chat_id, first_name, language, verification_status)
     overriding system value
     select g, 9000000000 + g, 9000000000 + g, 'DA ' || g, case when g % 3 = 0 then 'am' else 'en' end, 'VERIFIED'
     from generate_series(1, $1::int) g`,
    [USERS],
  );
  // Every one a DA (the areas are not read by an "all" target).
  await db.query(
    `insert into da_profiles (id, first_name, father_name, grand_father_name, phone_number, telegram_phone_number,
       sex, region_id, zone_id, woreda_id, kebele_id, role_id, created_by)
     overriding system value
     select g, 'Almaz', 'Bekele', 'Desta', '9' || lpad(g::text, 8, '0'), '9' || lpad(g::text, 8, '0'), 'female',
       1, 1, 1, 1, 1, g from generate_series(1, $1::int) g`,
    [USERS],
  );
  await db.exec('update bot_users set da_profile_id = id');
  // Recurring weekly reminders created a Monday morning long ago; 1 in 20 removed.
  await db.query(
    `insert into location_notifications (id, name, message, content_type, location_type, frequency, "interval",
       active, created_by, created_at, updated_at)
     overriding system value
     select g, 'Reminder ' || g, 'Record this week''s reach.', 'reach', 'all', 'weekly', 1, g % 20 <> 0,
       1 + g % $2::int, '2025-01-06T04:00:00Z', '2025-01-06T04:00:00Z'
     from generate_series(1, $1::int) g`,
    [NOTIFICATIONS, USERS],
  );
  await db.query(
    `insert into notification_plans (notification_id, fingerprint, since, last_occurrence, next_occurrence)
     select n.id, ${FINGERPRINT}, n.created_at, $1::timestamptz, $1::timestamptz + interval '7 days'
     from location_notifications n`,
    [iso(NOW)],
  );
  // The morning's occurrence of the live ones, queued, spread over the DAs (unique per notification),
  // all due at once (the worst case: no spread window).
  await db.query(
    `with live as (select id, row_number() over (order by id) - 1 as k from location_notifications where active),
     c as (select count(*) as n from live)
     insert into notification_deliveries (notification_id, occurrence, bot_user_id, priority, due_at)
     select l.id, $2::timestamptz, 1 + ((g / c.n) * 2609 + g % c.n) % $3::int, 1, $2::timestamptz
     from generate_series(0, $1::int - 1) g cross join c join live l on l.k = g % c.n`,
    [QUEUED, iso(NOW), USERS],
  );
  for (const table of ['bot_users', 'da_profiles', 'location_notifications'])
    await db.query(`select setval(pg_get_serial_sequence($1, 'id'), (select max(id) from ${table}))`, [
      table,
    ]);
  await db.exec(`set session_replication_role = origin; analyze`);
}

async function timeIt(runs: number, fn: () => Promise<unknown>): Promise<{ p50: number; max: number }> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length / 2)] as number, max: times.at(-1) as number };
}

/** Runs `sql` in a transaction that is rolled back (the old sweep must not change the data). */
const rolledBack = (db: Db, sql: string, params: unknown[]) =>
  db
    .transaction(async (tx) => {
      await tx.query(sql, params);
      throw new Error('rollback');
    })
    .catch((err: Error) => {
      if (err.message !== 'rollback') throw err;
    });

async function main() {
  await withThrowawayDb('gebere_engine_bench', async (db) => {
    await db.exec('delete from notification_sweeps');
    const t0 = performance.now();
    await generate(db);
    const size = await db.query<{ s: string }>(
      `select pg_size_pretty(pg_total_relation_size('notification_deliveries')) as s`,
    );
    console.log(
      `generated ${QUEUED.toLocaleString('en')} queued deliveries of ${NOTIFICATIONS.toLocaleString('en')} notifications ` +
        `to ${USERS.toLocaleString('en')} DAs in ${((performance.now() - t0) / 1000).toFixed(1)} s ` +
        `(notification_deliveries ${size.rows[0]?.s})`,
    );
    const rows: Array<[string, { p50: number; max: number }, { p50: number; max: number }]> = [];
    const now = iso(NOW);
    const oldClaim = await timeIt(RUNS, () => db.query(OLD_CANDIDATES, [now, 30]));
    rows.push([
      'sender: next eligible',
      await timeIt(RUNS, () => db.query(OLD_NEXT, [now])),
      await timeIt(RUNS, () => nextEligible(db, NOW)),
    ]);
    rows.push([
      'sweep, nothing changed',
      await timeIt(Math.min(RUNS, 5), () => rolledBack(db, OLD_SWEEP, [now])),
      await timeIt(RUNS, () => sweep(db, NOW)),
    ]);
    // Whole claims (lease + rate row): each takes 30 rows, so the walk moves on like a drain.
    let t = NOW;
    const claims = await timeIt(RUNS, async () => {
      t += 1_000;
      await claim(db, {
        now: t,
        worker: 'bench',
        batchSize: 30,
        leaseMs: 30_000,
        horizonMs: 3_600_000,
        ratePerSecond: 1e6,
      });
    });
    rows.unshift(['claim of 30 (before: candidate step alone)', oldClaim, claims]);
    // One notification removed: its queued rows cancelled by the sweep (the old one rescans all).
    const removed = await db.query<{ id: number; n: number }>(
      `select notification_id as id, count(*)::int as n from notification_deliveries where status = 'queued'
       group by notification_id order by notification_id desc limit 1`,
    );
    const victim = removed.rows[0];
    if (victim) {
      const oldOne = await db
        .transaction(async (tx) => {
          await tx.query('update location_notifications set active = false where id = $1', [victim.id]);
          const t1 = performance.now();
          await tx.query(OLD_SWEEP, [iso(t)]);
          const ms = performance.now() - t1;
          throw Object.assign(new Error('rollback'), { ms });
        })
        .catch((err: Error & { ms?: number }) => {
          if (err.message !== 'rollback') throw err;
          return err.ms as number;
        });
      await db.query('update location_notifications set active = false where id = $1', [victim.id]);
      const t1 = performance.now();
      const cancelled = await sweep(db, t);
      const newOne = performance.now() - t1;
      rows.push([
        `sweep, 1 notification removed (${cancelled} rows)`,
        { p50: oldOne, max: oldOne },
        { p50: newOne, max: newOne },
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
    let inserted = 0;
    const t2 = performance.now();
    await db
      .transaction(async (tx) => {
        inserted = (await tx.query(OLD_PLAN_ALL, [allId, iso(t - 1_000), null])).rowCount;
        throw new Error('rollback');
      })
      .catch((err: Error) => {
        if (err.message !== 'rollback') throw err;
      });
    const oldPlan = performance.now() - t2;
    const counts = emptyCounts();
    const t3 = performance.now();
    await plan(db, t, 86_400_000, counts, { maxBatches: 1 });
    const firstBatch = performance.now() - t3;
    await plan(db, t, 86_400_000, counts);
    const whole = performance.now() - t3;
    rows.push([
      `send-now to ${USERS.toLocaleString('en')} DAs: first rows queued`,
      { p50: oldPlan, max: oldPlan },
      { p50: firstBatch, max: firstBatch },
    ]);
    rows.push([
      `  … all ${counts.queued.toLocaleString('en')} queued (one transaction before)`,
      { p50: oldPlan, max: oldPlan },
      { p50: whole, max: whole },
    ]);
    if (inserted !== counts.queued) console.log(`(old plan queued ${inserted}, new ${counts.queued})`);
    // A year of a weekly "all" under retention: two weeks of sent rows kept, 50 weeks rolled up;
    // plus one more week just past the retention period, which the next passes prune.
    const weekly = allId + 1;
    await db.query(
      `insert into location_notifications (id, name, message, content_type, location_type, frequency, "interval",
         created_by, created_at, updated_at)
       overriding system value values ($1, 'Weekly to all', 'Reach this week.', 'reach', 'all', 'weekly', 1, 1,
         $2::timestamptz, $2::timestamptz)`,
      [weekly, iso(t - 365 * 86_400_000)],
    );
    const week = 7 * 86_400_000;
    const t4 = performance.now();
    for (const age of [0, week, DELIVERY_RETENTION_MS + 86_400_000])
      await db.query(
        `insert into notification_deliveries (notification_id, occurrence, bot_user_id, status, sent_at)
         select $1, $2::timestamptz, g, 'sent', $2::timestamptz from generate_series(1, $3::int) g`,
        [weekly, iso(t - age), USERS],
      );
    await db.query(
      `insert into notification_occurrence_counts (notification_id, occurrence, sent)
       select $1, $2::timestamptz - g * interval '7 days', $3 from generate_series(3, 52) g`,
      [weekly, iso(t), USERS],
    );
    await db.exec('analyze notification_deliveries');
    console.log(`(history: ${((performance.now() - t4) / 1000).toFixed(1)} s)`);
    let pruned = 0;
    const pruneTimes = await timeIt(Math.ceil(USERS / 10_000) + 1, async () => {
      pruned += await prune(db, t);
    });
    rows.push([
      `prune a pass (10,000 rows; ${pruned.toLocaleString('en')} in all)`,
      { p50: Number.NaN, max: Number.NaN },
      pruneTimes,
    ]);
    const details = await timeIt(RUNS, () => deliveryCounts(db, weekly));
    const c = await deliveryCounts(db, weekly);
    rows.push([
      `details of a year of weekly "all" (${c.sent.toLocaleString('en')} sent)`,
      { p50: Number.NaN, max: Number.NaN },
      details,
    ]);
    const f = (x: { p50: number; max: number }) =>
      Number.isNaN(x.p50) ? '—' : `${x.p50.toFixed(1)} / ${x.max.toFixed(1)}`;
    console.log('\n| query (p50 / max ms)                         | before          | now             |');
    console.log('| -------------------------------------------- | --------------- | --------------- |');
    for (const [label, before, after] of rows)
      console.log(`| ${label.padEnd(44)} | ${f(before).padEnd(15)} | ${f(after).padEnd(15)} |`);
  });
}

await main();
