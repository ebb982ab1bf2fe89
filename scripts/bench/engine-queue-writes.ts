// Timing helpers of scripts/bench/engine-queue.ts, and what the delivery counters' triggers cost
// on the engine's writes, as EXPLAIN ANALYZE reports each trigger's own time (the machine's noise
// does not enter a figure measured inside the statement).
import type { Db, Queryable } from '@gebere/bot/backend';
import { claim } from '@gebere/bot/notifications';

export type Timing = { p50: number; max: number };
export const NONE: Timing = { p50: Number.NaN, max: Number.NaN };
export const once = (ms: number): Timing => ({ p50: ms, max: ms });

export async function timeIt(runs: number, fn: () => Promise<unknown>): Promise<Timing> {
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
export async function rolledBack(db: Db, fn: (tx: Queryable) => Promise<unknown>): Promise<number> {
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

/** A claim as the free lane makes one (30 rows), with the rate out of the way. */
export const claimThirty = (db: Db, now: number) =>
  claim(db, {
    now,
    worker: 'bench',
    batchSize: 30,
    leaseMs: 30_000,
    horizonMs: 3_600_000,
    ratePerSecond: 1e6,
  });

type Spent = { total: number; counting: number; fk: number };

/** Runs `sql` under EXPLAIN ANALYZE: the statement's time, the counting triggers' and the foreign keys'. */
async function explained(tx: Queryable, sql: string, params: unknown[]): Promise<Spent> {
  const r = await tx.query<{ 'QUERY PLAN': unknown }>(`explain (analyze, format json) ${sql}`, params);
  const raw = r.rows[0]?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{
    'Execution Time': number;
    Triggers?: Array<{ 'Trigger Name': string; 'Constraint Name'?: string; Time: number }>;
  }>;
  const triggers = plan[0]?.Triggers ?? [];
  const sum = (keep: (t: (typeof triggers)[number]) => boolean) =>
    triggers.filter(keep).reduce((s, t) => s + t.Time, 0);
  return {
    total: plan[0]?.['Execution Time'] ?? 0,
    counting: sum((t) => t['Trigger Name'].startsWith('notification_deliveries_count_')),
    fk: sum((t) => t['Constraint Name'] !== undefined),
  };
}

/**
 * The alternative weighed in bot/src/notifications/README.md ("Counters"): one statement-level
 * update trigger with transition tables, which fires for every update statement (PostgreSQL allows
 * no column list with transition tables) and groups the changed rows. Swapped in inside a
 * rolled-back transaction only.
 */
const STATEMENT_TRIGGER = `
  drop trigger notification_deliveries_count_update on notification_deliveries;
  create function bench_count_updated() returns trigger language plpgsql as $$
  begin
    insert into notification_count_changes (notification_id, occurrence, queued, sent, failed)
    select n.notification_id, n.occurrence,
      sum((n.status = 'queued')::int - (o.status = 'queued')::int),
      sum((n.status = 'sent')::int - (o.status = 'sent')::int),
      sum((n.status = 'failed')::int - (o.status = 'failed')::int)
    from old_rows o join new_rows n on n.id = o.id where o.status <> n.status group by 1, 2;
    return null;
  end $$;
  create trigger notification_deliveries_count_update after update on notification_deliveries
    referencing old table as old_rows new table as new_rows
    for each statement execute function bench_count_updated();`;

/**
 * The counting triggers' own time on the engine's writes (a claim's lease, a message's
 * "sending" and "sent", a sweep's bulk cancel, a planning batch), against the statements' and
 * the foreign-key checks'; then the updates again under the statement-level alternative. All
 * rolled back.
 */
export async function triggerCost(db: Db, now: number): Promise<string[]> {
  const lines: string[] = [];
  await rolledBack(db, (tx) => writes(tx, now, '', lines, true));
  await rolledBack(db, async (tx) => {
    await tx.exec(STATEMENT_TRIGGER);
    await writes(tx, now, 'with a statement-level update trigger instead: ', lines, false);
  });
  return lines;
}

async function writes(tx: Queryable, now: number, prefix: string, lines: string[], inserts: boolean) {
  const at = new Date(now).toISOString();
  const report = (label: string, n: number, s: Spent) => {
    const ms = (x: number) => (x / n < 1 ? `${((x * 1000) / n).toFixed(0)} µs` : `${(x / n).toFixed(1)} ms`);
    lines.push(
      `${prefix}${label}: counting triggers ${ms(s.counting)} of ${ms(s.total)} a statement ` +
        `(${((100 * s.counting) / s.total).toFixed(1)} %; foreign keys ${ms(s.fk)})`,
    );
  };
  const add = (a: Spent, b: Spent): Spent => ({
    total: a.total + b.total,
    counting: a.counting + b.counting,
    fk: a.fk + b.fk,
  });
  const zero: Spent = { total: 0, counting: 0, fk: 0 };
  const queued = async (n: number) =>
    (
      await tx.query<{ id: number }>(
        `select id from notification_deliveries where status = 'queued' and claimed_until is null limit $1`,
        [n],
      )
    ).rows.map((r) => Number(r.id));
  let lease = zero;
  for (let i = 0; i < 10; i++)
    lease = add(
      lease,
      await explained(
        tx,
        `update notification_deliveries set claimed_until = $2::timestamptz, claimed_by = 'bench',
           attempts = attempts + 1, updated_at = now() where id = any($1::bigint[])`,
        [await queued(30), at],
      ),
    );
  report('lease 30 rows (a claim)', 10, lease);
  let sending = zero;
  let sent = zero;
  for (const id of await queued(200)) {
    sending = add(
      sending,
      await explained(tx, 'update notification_deliveries set sending_at = $2::timestamptz where id = $1', [
        id,
        at,
      ]),
    );
    sent = add(
      sent,
      await explained(
        tx,
        `update notification_deliveries set status = 'sent', sent_at = $2::timestamptz, message_id = 1,
           claimed_until = null, sending_at = null, last_error = null, updated_at = now()
         where id = $1 and status = 'queued'`,
        [id, at],
      ),
    );
  }
  report('mark one row sending', 200, sending);
  report('mark one row sent (its outcome)', 200, sent);
  report(
    'cancel 5,000 queued rows in one statement (a sweep)',
    1,
    await explained(
      tx,
      `update notification_deliveries set status = 'failed', last_error = 'cancelled: bench'
       where id = any($1::bigint[])`,
      [await queued(5_000)],
    ),
  );
  if (!inserts) return;
  report(
    'queue 5,000 rows in one statement (a planning batch)',
    1,
    await explained(
      tx,
      `insert into notification_deliveries (notification_id, occurrence, bot_user_id, priority, due_at)
       select 1, $1::timestamptz, u.id, 1, $1::timestamptz from bot_users u order by u.id limit 5000
       on conflict (notification_id, occurrence, bot_user_id) do nothing`,
      [at],
    ),
  );
}
