import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/backend/test-kit/databases';
import { foldCounts, queuedTotal } from './counts';
import { markBlocked, markFailed, markSending, markSent, release } from './delivery-outcomes';
import { sweep } from './planner';
import { claim, deliveryCounts } from './queue';
import { DELIVERY_RETENTION_MS, prune } from './retention';
import {
  countersAndRows,
  editNotification,
  insertDa,
  insertNotification,
  openSharedDb,
  type SharedDb,
} from './test-kit';
import type { DeliveryContext } from './types';

const DAY = 86_400_000;
const START = Date.parse('2025-03-03T05:00:00Z');

/** What a step does to the deliveries: every writer the engine has, and a few a test or operator has. */
type Step =
  | { kind: 'queue'; n: number; occ: number; users: number[]; status: 'queued' | 'sent' | 'failed' }
  | { kind: 'claim'; size: number }
  | { kind: 'send' | 'fail' | 'release' | 'block' | 'delete'; pick: number }
  | { kind: 'set'; pick: number; status: 'queued' | 'sent' | 'failed' }
  | { kind: 'remove'; n: number }
  | { kind: 'prune'; days: number; limit: number }
  | { kind: 'fold'; limit: number }
  | { kind: 'truncate' };

const STATUS = fc.constantFrom('queued' as const, 'sent' as const, 'failed' as const);
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('queue' as const),
      n: fc.nat(2),
      occ: fc.nat(3),
      users: fc.uniqueArray(fc.nat(4), { minLength: 1, maxLength: 5 }),
      status: STATUS,
    }),
    weight: 100,
  },
  {
    arbitrary: fc.record({ kind: fc.constant('claim' as const), size: fc.integer({ min: 1, max: 6 }) }),
    weight: 5,
  },
  {
    arbitrary: fc.record({
      kind: fc.constantFrom('send' as const, 'fail' as const, 'release' as const, 'block' as const),
      pick: fc.nat(50),
    }),
    weight: 100,
  },
  { arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat(50) }), weight: 5 },
  {
    arbitrary: fc.record({ kind: fc.constant('set' as const), pick: fc.nat(50), status: STATUS }),
    weight: 5,
  },
  { arbitrary: fc.record({ kind: fc.constant('remove' as const), n: fc.nat(2) }), weight: 5 },
  {
    arbitrary: fc.record({
      kind: fc.constant('prune' as const),
      days: fc.nat(10),
      limit: fc.integer({ min: 1, max: 8 }),
    }),
    weight: 10,
  },
  {
    arbitrary: fc.record({ kind: fc.constant('fold' as const), limit: fc.integer({ min: 1, max: 4 }) }),
    weight: 10,
  },
  { arbitrary: fc.constant({ kind: 'truncate' as const }), weight: 1 },
);

// The per-occurrence counters (migration 012) against a count over the rows, after every step of
// random sequences of the engine's writes, retention and the fold; and the totals the details
// call shows (kept + rolled up) unmoved by a prune or a fold.
describeOnDatabases('delivery counters equal a count over the rows (%s)', (kind) => {
  let shared: SharedDb;
  let users: number[];
  beforeAll(async () => {
    shared = await openSharedDb(kind);
    users = [];
    for (let i = 0; i < 5; i++) users.push((await insertDa(shared.db, shared.tree.kebele)).botUserId);
  });
  afterAll(() => shared.close());

  async function reset(): Promise<number[]> {
    const { db } = shared;
    await db.exec(`delete from notification_deliveries; delete from notification_occurrence_counts;
      delete from notification_count_changes; delete from notification_sweeps; delete from notification_plans;
      delete from location_notifications;`);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(
        await insertNotification(db, {
          name: `N${i}`,
          send_now: i === 0,
          frequency: i === 0 ? null : 'weekly',
          interval: i === 0 ? null : 1,
          created_at: START - 60 * DAY,
          created_by: shared.creator.botUserId,
        }),
      );
    return ids;
  }

  /** The id of the `pick`-th row (in id order, wrapping), queued ones only if asked; null if none. */
  async function rowAt(pick: number, queuedOnly: boolean) {
    const r = await shared.db.query<{ id: number; bot_user_id: number; notification_id: number }>(
      `select id, bot_user_id, notification_id from notification_deliveries
       ${queuedOnly ? "where status = 'queued'" : ''} order by id`,
    );
    return r.rows.length === 0 ? null : r.rows[pick % r.rows.length];
  }

  async function totals(ids: number[]) {
    return Promise.all(ids.map((id) => deliveryCounts(shared.db, id)));
  }

  async function apply(s: Step, ids: number[], clock: { now: number }): Promise<void> {
    const { db } = shared;
    const now = clock.now;
    switch (s.kind) {
      case 'queue':
        await db.query(
          `insert into notification_deliveries (notification_id, occurrence, bot_user_id, status)
           select $1, $2::timestamptz, unnest($3::bigint[]), $4
           on conflict (notification_id, occurrence, bot_user_id) do nothing`,
          [ids[s.n], new Date(START - s.occ * 7 * DAY).toISOString(), s.users.map((u) => users[u]), s.status],
        );
        return;
      case 'claim':
        await claim(db, {
          now,
          worker: 'w',
          batchSize: s.size,
          leaseMs: 30_000,
          horizonMs: 1e9,
          ratePerSecond: 1e6,
        });
        return;
      case 'send': {
        const row = await rowAt(s.pick, true);
        if (!row) return;
        await db.query(
          `update notification_deliveries set claimed_by = 'w', claimed_until = $2::timestamptz
                        where id = $1`,
          [row.id, new Date(now + 30_000).toISOString()],
        );
        await markSending(db, row.id, 'w', now);
        await markSent(db, row.id, 'w', 1, now);
        return;
      }
      case 'fail': {
        const row = await rowAt(s.pick, true);
        if (row) await markFailed(db, row.id, '400 Bad Request');
        return;
      }
      case 'release': {
        const row = await rowAt(s.pick, true);
        if (row) await release(db, row.id, 'w', now + 1000, '429', true);
        return;
      }
      case 'block': {
        const row = await rowAt(s.pick, true);
        if (!row) return;
        const ctx = { id: row.id, botUserId: row.bot_user_id } as DeliveryContext;
        await markBlocked(db, ctx, '403 Forbidden', now);
        return;
      }
      case 'delete': {
        const row = await rowAt(s.pick, false);
        if (row) await db.query('delete from notification_deliveries where id = $1', [row.id]);
        return;
      }
      case 'set': {
        const row = await rowAt(s.pick, false);
        if (row)
          await db.query('update notification_deliveries set status = $2 where id = $1', [row.id, s.status]);
        return;
      }
      case 'remove':
        await editNotification(db, ids[s.n] as number, { active: false }, now);
        await sweep(db, now);
        return;
      case 'prune': {
        clock.now += s.days * DAY;
        const before = await totals(ids);
        const kept = await db.query<{ n: number }>(
          `select count(*)::int as n from notification_deliveries where status <> 'queued' and occurrence < $1::timestamptz`,
          [new Date(clock.now - DELIVERY_RETENTION_MS).toISOString()],
        );
        const pruned = await prune(db, clock.now, s.limit);
        expect(pruned).toBe(Math.min(s.limit, Number(kept.rows[0]?.n)));
        // Rolled up, not lost: what the details call shows does not move.
        expect(await totals(ids)).toEqual(before);
        return;
      }
      case 'fold': {
        const before = await totals(ids);
        await foldCounts(db, s.limit);
        expect(await totals(ids)).toEqual(before);
        return;
      }
      case 'truncate':
        await db.exec('truncate notification_deliveries');
        return;
    }
  }

  it('after every step of any sequence of writes, prunes and folds', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 30 }), async (steps) => {
        const ids = await reset();
        const clock = { now: START };
        for (const s of steps) {
          await apply(s, ids, clock);
          const { counters, rows } = await countersAndRows(shared.db);
          expect(counters, JSON.stringify(s)).toEqual(rows);
        }
        const { rows } = await countersAndRows(shared.db);
        const queued = Object.values(rows).reduce((sum, t) => sum + t.queued, 0);
        expect(await queuedTotal(shared.db)).toBe(queued);
        await foldCounts(shared.db);
        expect(await shared.db.query('select 1 from notification_count_changes')).toMatchObject({ rows: [] });
      }),
      { numRuns: kind === 'pglite' ? 25 : 15 },
    );
  });

  it('with several writers and folds at once (each its own connection on PostgreSQL)', async () => {
    const ids = await reset();
    const { db } = shared;
    // 3 occurrences × 3 notifications × 5 users queued, then worked on by 4 writers at once.
    for (const id of ids)
      await db.query(
        `insert into notification_deliveries (notification_id, occurrence, bot_user_id)
         select $1, $2::timestamptz - g * interval '7 days', u
         from generate_series(0, 2) g, unnest($3::bigint[]) u`,
        [id, new Date(START).toISOString(), users],
      );
    const before = await deliveryCounts(db);
    const worker = async (w: number) => {
      for (let i = 0; i < 12; i++) {
        const r = await db.query<{ id: number }>(
          `select id from notification_deliveries where status = 'queued' order by id offset $1 limit 1`,
          [(w * 7 + i) % 5],
        );
        const id = r.rows[0]?.id;
        if (id === undefined) break;
        if ((w + i) % 3 === 0) await markFailed(db, id, 'x');
        else
          await db.query(
            `update notification_deliveries set status = 'sent', sent_at = now() where id = $1 and status = 'queued'`,
            [id],
          );
        if (i % 4 === w % 4) await foldCounts(db, 3);
      }
    };
    const pruner = async () => {
      for (let i = 0; i < 6; i++) {
        await prune(db, START + 21 * DAY, 4);
        await foldCounts(db, 2);
      }
    };
    await Promise.all([worker(0), worker(1), worker(2), worker(3), pruner()]);
    const { counters, rows } = await countersAndRows(db);
    expect(counters).toEqual(rows);
    const after = await deliveryCounts(db);
    expect(after.queued + after.sent + after.failed).toBe(before.queued);
    expect(after.queued).toBeLessThan(before.queued);
  });
});
