import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/backend/test-kit/databases';
import { plan } from './planner';
import { claim, deliveryCounts, nextEligible } from './queue';
import { DELIVERY_RETENTION_MS } from './retention';
import {
  editNotification,
  type Harness,
  harness,
  insertNotification,
  openSharedDb,
  type SharedDb,
  type TestDa,
} from './test-kit';
import { emptyCounts } from './types';

// The queue's per-tick work is bounded by what changed (README "Cost per tick"): the claim walks
// the queue in queue order (priority, due, id) checking each row's notification, the sweep visits marked notifications.
// These pin the semantics that design must keep.
describeOnDatabases('the queue at scale keeps its rules (%s)', (kind) => {
  let shared: SharedDb;
  let h: Harness;
  beforeAll(async () => {
    shared = await openSharedDb(kind);
  });
  afterAll(() => shared.close());
  afterEach(() => h.close());

  const start = Date.parse('2025-03-03T10:00:00Z');
  async function das(n: number): Promise<TestDa[]> {
    const out: TestDa[] = [];
    for (let i = 0; i < n; i++) out.push(await h.da(h.tree.kebele));
    return out;
  }
  const sendNow = (fields: Partial<Parameters<typeof insertNotification>[1]> = {}) =>
    insertNotification(h.db, {
      send_now: true,
      created_at: h.clock.now() - 1000,
      created_by: h.creator.botUserId,
      ...fields,
    });
  const claimAs = (worker: string, batchSize: number) =>
    claim(h.db, {
      now: h.clock.now(),
      worker,
      batchSize,
      leaseMs: 30_000,
      horizonMs: 3_000,
      ratePerSecond: 1000,
    });
  const idsOf = async (notificationId: number) =>
    (
      await h.db.query<{ id: number }>(
        `select id from notification_deliveries where notification_id = $1 order by id`,
        [notificationId],
      )
    ).rows.map((r) => Number(r.id));

  it('a claim takes live rows in queue order and skips, unswept, the rows of a removed notification ahead of them', async () => {
    h = await harness(shared, { start });
    await das(3);
    const removed = await sendNow();
    const live = await sendNow();
    await h.plan();
    // Removed after planning: its rows sit first in the queue until the next planner pass.
    await editNotification(h.db, removed, { active: false }, h.clock.now());
    const liveIds = await idsOf(live);
    expect(liveIds).toHaveLength(3);
    expect((await claimAs('a', 2)).ids).toEqual(liveIds.slice(0, 2));
    expect((await claimAs('b', 2)).ids).toEqual(liveIds.slice(2));
    // Nothing else may go out: the removed rows are not live, the live ones are leased for 30 s.
    expect((await claimAs('c', 10)).ids).toEqual([]);
    expect(await nextEligible(h.db, h.clock.now())).toBe(h.clock.now() + 30_000);
    expect(await deliveryCounts(h.db, removed)).toEqual({ queued: 3, sent: 0, failed: 0 });
  });

  it('a removed notification whose rows were leased is swept once the lease runs out', async () => {
    h = await harness(shared, { start });
    await das(2);
    const id = await sendNow();
    await h.plan();
    // A worker leases both rows and dies; the creator removes the notification.
    expect((await claimAs('crashed', 10)).ids).toHaveLength(2);
    await editNotification(h.db, id, { active: false }, h.clock.now());
    await h.plan();
    expect(await deliveryCounts(h.db, id)).toEqual({ queued: 2, sent: 0, failed: 0 });
    // Nothing else changes; the mark outlives the lease, and the next pass cancels them.
    h.clock.advance(31_000);
    await h.plan();
    expect(await deliveryCounts(h.db, id)).toEqual({ queued: 0, sent: 0, failed: 2 });
    const errors = await h.db.query<{ last_error: string }>(
      `select distinct last_error from notification_deliveries where notification_id = $1`,
      [id],
    );
    expect(errors.rows).toEqual([{ last_error: 'cancelled: notification removed' }]);
  });

  it('a retargeted notification has its queued rows cancelled at the next pass, the others keep theirs', async () => {
    h = await harness(shared, { start });
    await das(2);
    const id = await sendNow();
    const other = await sendNow();
    await h.plan();
    h.clock.advance(1_000);
    await editNotification(
      h.db,
      id,
      { location_type: 'kebele', location_id: h.tree.elsewhere },
      h.clock.now(),
    );
    await h.plan();
    expect(await deliveryCounts(h.db, id)).toEqual({ queued: 0, sent: 0, failed: 2 });
    expect(await deliveryCounts(h.db, other)).toEqual({ queued: 2, sent: 0, failed: 0 });
  });

  it('an occurrence is queued in batches; a pass cut short goes on later, each DA once', async () => {
    h = await harness(shared, { start });
    const list = await das(5);
    const id = await sendNow();
    // One batch of 2 per pass, as if the planner died after each commit.
    const pass = async () => {
      const c = emptyCounts();
      await plan(h.db, h.clock.now(), 86_400_000, c, { batchSize: 2, maxBatches: 1 });
      return c;
    };
    expect(await pass()).toMatchObject({ planned: 1, queued: 2 });
    // The first batch is live at once: it can go out while the rest is being queued.
    expect((await claimAs('a', 10)).ids).toEqual(await idsOf(id));
    expect(await pass()).toMatchObject({ planned: 0, queued: 2 });
    expect(await pass()).toMatchObject({ planned: 0, queued: 1 });
    expect(await pass()).toMatchObject({ planned: 0, queued: 0 });
    const users = await h.db.query<{ bot_user_id: number }>(
      'select bot_user_id from notification_deliveries where notification_id = $1 order by bot_user_id',
      [id],
    );
    expect(users.rows.map((r) => Number(r.bot_user_id))).toEqual(list.map((da) => da.botUserId));
    const left = await h.db.query('select 1 from notification_plans where planning_occurrence is not null');
    expect(left.rows).toEqual([]);
  });

  it('finished deliveries are rolled up and deleted after the retention period; the counts stay', async () => {
    h = await harness(shared, { start });
    await das(3);
    const sent = await sendNow();
    const removed = await sendNow();
    await h.plan();
    await editNotification(h.db, removed, { active: false }, h.clock.now());
    await h.engine().runOnce();
    const kept = async () =>
      Number(
        (
          await h.db.query<{ n: number }>(
            'select count(*)::int as n from notification_deliveries where notification_id = any($1::bigint[])',
            [[sent, removed]],
          )
        ).rows[0]?.n,
      );
    expect(await deliveryCounts(h.db, sent)).toEqual({ queued: 0, sent: 3, failed: 0 });
    expect(await deliveryCounts(h.db, removed)).toEqual({ queued: 0, sent: 0, failed: 3 });
    h.clock.advance(DELIVERY_RETENTION_MS - 60_000);
    await h.plan();
    expect(await kept()).toBe(6);
    h.clock.advance(120_000);
    await h.plan();
    expect(await kept()).toBe(0);
    expect(await deliveryCounts(h.db, sent)).toEqual({ queued: 0, sent: 3, failed: 0 });
    expect(await deliveryCounts(h.db, removed)).toEqual({ queued: 0, sent: 0, failed: 3 });
  });

  it('the planner reads only woken plan rows: new or edited at once, then at the next occurrence', async () => {
    h = await harness(shared, { start });
    await das(1);
    const wake = async (id: number) =>
      (
        await h.db.query<{ wake: string | null }>(
          'select wake_at::text as wake from notification_plans where notification_id = $1',
          [id],
        )
      ).rows[0]?.wake;
    const weekly = await insertNotification(h.db, {
      frequency: 'weekly',
      interval: 1,
      created_at: start,
      created_by: h.creator.botUserId,
    });
    expect(await wake(weekly)).toBe('-infinity');
    await h.plan();
    // Created at 10:00 Addis Ababa time on a Monday: next Monday 08:00 (05:00 UTC).
    expect(await wake(weekly)).toBe('2025-03-10 05:00:00+00');
    // A pass with nothing due changes nothing.
    const before = await h.db.query('select * from notification_plans');
    await h.plan();
    expect((await h.db.query('select * from notification_plans')).rows).toEqual(before.rows);
    // Only a change of schedule, target or active wakes it; a new text does not.
    await editNotification(h.db, weekly, { message: 'New text' }, h.clock.now());
    expect(await wake(weekly)).toBe('2025-03-10 05:00:00+00');
    await editNotification(h.db, weekly, { interval: 2 }, h.clock.now());
    expect(await wake(weekly)).toBe('-infinity');
    await h.plan();
    expect(await wake(weekly)).toBe('2025-03-17 05:00:00+00');
    await editNotification(h.db, weekly, { active: false }, h.clock.now());
    expect(await wake(weekly)).toBeNull();
    // A send-now sleeps for good once queued.
    const now = await sendNow();
    await h.plan();
    expect(await wake(now)).toBeNull();
    expect(await deliveryCounts(h.db, now)).toEqual({ queued: 1, sent: 0, failed: 0 });
  });
});
