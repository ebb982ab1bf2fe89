import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { describeOnBothDatabases } from '../../test/backend/test-kit/databases';
import { markSending } from './delivery-outcomes';
import { claim, deliveryCounts } from './queue';
import {
  countersAndRows,
  type Harness,
  harness,
  insertNotification,
  openSharedDb,
  type SharedDb,
  type TestDa,
} from './test-kit';
import { systemClock } from './types';

describeOnBothDatabases('several engines on one database (%s)', (kind) => {
  let shared: SharedDb;
  let h: Harness;
  beforeAll(async () => {
    shared = await openSharedDb(kind);
  });
  afterAll(() => shared.close());
  afterEach(() => h.close());

  async function das(n: number): Promise<TestDa[]> {
    const out: TestDa[] = [];
    for (let i = 0; i < n; i++) out.push(await h.da(i % 2 ? h.tree.kebele : h.tree.sameZone));
    return out;
  }
  const perChat = (list: TestDa[]) => list.map((da) => h.inbox(da).length);
  /** A notification to send at once, created a second before `now`. */
  const sendNow = (now: number, fields: Partial<Parameters<typeof insertNotification>[1]> = {}) =>
    insertNotification(h.db, {
      send_now: true,
      created_at: now - 1000,
      created_by: h.creator.botUserId,
      ...fields,
    });
  /** What a worker that is about to die has done: claimed rows under a 30 s lease. */
  const crashedClaim = (batchSize: number) =>
    claim(h.db, {
      now: h.clock.now(),
      worker: 'crashed',
      batchSize,
      leaseMs: 30_000,
      horizonMs: 3_000,
      ratePerSecond: 1000,
    });

  it('two engines running at once over the same rows send each delivery exactly once', async () => {
    h = await harness(shared, { start: Date.now() });
    const list = await das(40);
    // Two notifications, so chats get two messages each and the per-chat rule is exercised too.
    for (const name of ['First', 'Second']) await sendNow(Date.now(), { name });
    const options = { ratePerSecond: 200, batchSize: 8 };
    const a = h.engine(options, { clock: systemClock });
    const b = h.engine(options, { clock: systemClock });
    const [ra, rb] = await Promise.all([a.runOnce(), b.runOnce()]);
    expect(perChat(list)).toEqual(list.map(() => 2));
    for (const da of list)
      expect(
        h
          .inbox(da)
          .map((m) => m.text?.split('\n')[0])
          .sort(),
      ).toEqual(['📢 First', '📢 Second']);
    expect(ra.sent + rb.sent).toBe(80);
    // Both did part of the work (they share the queue rather than one waiting for the other).
    expect(Math.min(ra.sent, rb.sent)).toBeGreaterThan(0);
    expect(await deliveryCounts(h.db)).toEqual({ queued: 0, sent: 80, failed: 0 });
    // Both planned and both recorded outcomes: the counters still match the rows exactly.
    const { counters, rows } = await countersAndRows(h.db);
    expect(counters).toEqual(rows);
  });

  it('the started engines (planner and sender loops) deliver once each, then stop cleanly', async () => {
    h = await harness(shared, { start: Date.now() });
    const list = await das(12);
    await sendNow(Date.now());
    const options = { ratePerSecond: 100, tickMs: 100, planTickMs: 100 };
    const engines = [h.engine(options, { clock: systemClock }), h.engine(options, { clock: systemClock })];
    for (const e of engines) e.start();
    await vi.waitFor(async () => expect((await deliveryCounts(h.db)).sent).toBeGreaterThanOrEqual(12), {
      timeout: 20_000,
      interval: 50,
    });
    await Promise.all(engines.map((e) => e.stop()));
    expect(perChat(list)).toEqual(list.map(() => 1));
  });

  it('a crash mid-run: the claimed rows wait for their lease, then another engine sends them once', async () => {
    const start = Date.parse('2025-03-03T10:00:00Z');
    h = await harness(shared, { start });
    const list = await das(10);
    await sendNow(start);
    const survivor = h.engine({ leaseMs: 30_000 });
    // The planner runs and a worker claims 4 rows, then dies before sending anything.
    await h.plan();
    const dead = await crashedClaim(4);
    expect(dead.ids).toHaveLength(4);
    // Before the lease runs out, the others go; the crashed worker's 4 wait.
    await survivor.runOnce();
    expect(perChat(list).filter((n) => n === 1)).toHaveLength(6);
    expect(await deliveryCounts(h.db)).toMatchObject({ queued: 4, sent: 6 });
    // Lease over: resumed, nothing twice.
    h.clock.advance(31_000);
    await survivor.runOnce();
    expect(perChat(list)).toEqual(list.map(() => 1));
    const attempts = await h.db.query<{ attempts: number }>(
      'select attempts from notification_deliveries where id = any($1::bigint[])',
      [dead.ids],
    );
    expect(attempts.rows.map((r) => r.attempts)).toEqual([2, 2, 2, 2]);
  });

  it('a crash while Telegram was answering: that row is in doubt, recorded as sent, never sent twice', async () => {
    const start = Date.parse('2025-03-03T10:00:00Z');
    h = await harness(shared, { start });
    const list = await das(3);
    await sendNow(start);
    await h.plan();
    const dead = await crashedClaim(1);
    const inDoubt = dead.ids[0] as number;
    // It had marked the row and sent the request (Telegram delivered it), then died.
    expect(await markSending(h.db, inDoubt, 'crashed', h.clock.now())).toBe(true);
    const row = await h.db.query<{ telegram_id: number }>(
      'select u.telegram_id from notification_deliveries d join bot_users u on u.id = d.bot_user_id where d.id = $1',
      [inDoubt],
    );
    await h.tg.emulator.call('sendMessage', { chat_id: row.rows[0]?.telegram_id, text: '📢 Field day' });
    const survivor = h.engine();
    await survivor.runOnce();
    h.clock.advance(31_000);
    const after = await survivor.runOnce();
    expect(after.unconfirmed).toBe(1);
    expect(perChat(list)).toEqual(list.map(() => 1));
    const settled = await h.db.query<{ status: string; last_error: string }>(
      'select status, last_error from notification_deliveries where id = $1',
      [inDoubt],
    );
    expect(settled.rows[0]).toEqual({ status: 'sent', last_error: expect.stringMatching(/^unconfirmed: /) });
  });

  it('stopping hands claimed but unsent rows back at once, for another copy to take', async () => {
    h = await harness(shared, { start: Date.now() });
    const list = await das(20);
    await sendNow(Date.now());
    // Slow on purpose (5/s), so a stop lands mid-batch.
    const first = h.engine({ ratePerSecond: 5, tickMs: 50, planTickMs: 50 }, { clock: systemClock });
    first.start();
    await vi.waitFor(async () => expect((await deliveryCounts(h.db)).sent).toBeGreaterThanOrEqual(2), {
      timeout: 20_000,
      interval: 20,
    });
    await first.stop();
    const leased = await h.db.query<{ n: number }>(
      `select count(*)::int as n from notification_deliveries where status = 'queued' and claimed_until is not null`,
    );
    expect(leased.rows[0]?.n).toBe(0);
    await h.engine({ ratePerSecond: 1000 }, { clock: systemClock }).runOnce();
    expect(perChat(list)).toEqual(list.map(() => 1));
  });
});
