import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/backend/test-kit/databases';
import { plan, spreadWindow } from './planner';
import { claim, nextEligible } from './queue';
import {
  type Harness,
  harness,
  insertNotification,
  openSharedDb,
  type SharedDb,
  type TestDa,
} from './test-kit';
import { emptyCounts, PRIORITY } from './types';

const utc = (s: string) => Date.parse(`${s}Z`);
/** Monday 10 March 2025, 08:00 Addis Ababa: a weekly notification created the Monday before fires. */
const MORNING = utc('2025-03-10T05:00');

// README "Order: priority and the morning spread": send-now ahead of recurring reminders, and a
// morning's reminders due over a window sized by their count and the rate.
describeOnDatabases('fair delivery (%s)', (kind) => {
  let shared: SharedDb;
  let h: Harness;
  beforeAll(async () => {
    shared = await openSharedDb(kind);
  });
  afterAll(() => shared.close());
  afterEach(() => h.close());

  async function das(n: number): Promise<TestDa[]> {
    const out: TestDa[] = [];
    for (let i = 0; i < n; i++) out.push(await h.da(h.tree.kebele));
    return out;
  }
  const weekly = () =>
    insertNotification(h.db, {
      name: 'Weekly',
      frequency: 'weekly',
      interval: 1,
      created_at: utc('2025-03-03T04:00'),
      created_by: h.creator.botUserId,
    });
  const claimAt = (now: number, batchSize: number, ratePerSecond = 1000) =>
    claim(h.db, { now, worker: 'w', batchSize, leaseMs: 30_000, horizonMs: 3_000, ratePerSecond });
  const notificationOf = async (ids: number[]) =>
    (
      await h.db.query<{ notification_id: number }>(
        'select notification_id from notification_deliveries where id = any($1::bigint[])',
        [ids],
      )
    ).rows.map((r) => Number(r.notification_id));
  const dueOffsets = async (id: number) =>
    (
      await h.db.query<{ bot_user_id: number; offset_ms: number }>(
        `select bot_user_id, round(extract(epoch from due_at - occurrence) * 1000)::float8 as offset_ms
         from notification_deliveries where notification_id = $1 order by bot_user_id`,
        [id],
      )
    ).rows.map((r) => ({ user: Number(r.bot_user_id), offset: Number(r.offset_ms) }));

  it('a send-now planned after 10,000 queued recurring deliveries goes out first', async () => {
    h = await harness(shared, { start: MORNING });
    const list = await das(3);
    const recurring = await weekly();
    await h.plan();
    // 10,000 more of this morning's reminders, already due, queued before the send-now.
    await h.db.query(
      `with users as (
         insert into bot_users (telegram_id, chat_id, first_name, language)
         select 8800000000 + g, 8800000000 + g, 'Backlog', 'en'
         from generate_series(1, 10000) g
         on conflict (telegram_id) do update set first_name = excluded.first_name returning id)
       insert into notification_deliveries (notification_id, occurrence, bot_user_id, priority, due_at)
       select $1, $2::timestamptz, id, $3, $2::timestamptz from users`,
      [recurring, new Date(MORNING).toISOString(), PRIORITY.recurring],
    );
    h.clock.advance(60_000);
    const now = await insertNotification(h.db, {
      name: 'Now',
      send_now: true,
      created_at: h.clock.now() - 1000,
      created_by: h.creator.botUserId,
    });
    await h.plan();
    const first = await claimAt(h.clock.now(), 3);
    expect(await notificationOf(first.ids)).toEqual([now, now, now]);
    // The send-now rows hold the first send slots; the reminders come after them.
    const next = await claimAt(h.clock.now(), 5);
    expect(await notificationOf(next.ids)).toEqual([recurring, recurring, recurring, recurring, recurring]);
    expect(Math.min(...next.slots)).toBeGreaterThan(Math.max(...first.slots));
    // Through the engine too: each DA's first message is the send-now.
    await h.db.query(
      `delete from notification_deliveries where bot_user_id not in (
      select bot_user_id from notification_deliveries where notification_id = $1)`,
      [now],
    );
    await h.db.query('update notification_deliveries set claimed_until = null');
    await h.engine({ ratePerSecond: 1000 }).runOnce();
    for (const da of list)
      expect(h.inbox(da).map((m) => m.text?.split('\n')[0])).toEqual(['📢 Now', '📢 Weekly']);
  });

  it('a morning of reminders is spread over count / rate, each DA at a fixed slot, none early', async () => {
    h = await harness(shared, { start: MORNING - 60_000 });
    const list = await das(12);
    const a = await weekly();
    const b = await weekly();
    const options = { ratePerSecond: 1, maxSpreadMs: 3_600_000 };
    await plan(h.db, h.clock.now(), 86_400_000, emptyCounts(), options);
    // Nothing due before 08:00; at 08:00, 2 notifications × 12 DAs at 1 message a second: 24 s.
    expect(await spreadWindow(h.db, h.clock.now(), 1, 3_600_000)).toEqual({ expected: 0, windowMs: 0 });
    h.clock.set(MORNING);
    expect(await spreadWindow(h.db, MORNING, 1, 3_600_000)).toEqual({ expected: 24, windowMs: 24_000 });
    await plan(h.db, MORNING, 86_400_000, emptyCounts(), options);
    const offsets = await dueOffsets(a);
    expect(offsets).toHaveLength(12);
    for (const o of offsets) {
      expect(o.offset).toBeGreaterThanOrEqual(0);
      expect(o.offset).toBeLessThan(24_000);
    }
    // Spread, not bunched at 08:00: the slots cover most of the window.
    const spread = offsets.map((o) => o.offset);
    expect(Math.max(...spread) - Math.min(...spread)).toBeGreaterThan(12_000);
    // A DA's slot is the same in every notification of the morning (and every week alike).
    expect(await dueOffsets(b)).toEqual(offsets);
    // The sender waits for the first slot rather than finding nothing to do.
    if (Math.min(...spread) > 0)
      expect(await nextEligible(h.db, MORNING)).toBe(MORNING + Math.ceil(Math.min(...spread)));
    // Half-way, only the DAs whose slot has come can be claimed (one row per chat).
    const claimed = await claimAt(MORNING + 12_000, 100);
    expect(claimed.ids).toHaveLength(offsets.filter((o) => o.offset <= 12_000).length);
    await h.db.query('update notification_deliveries set claimed_until = null');
    // The engine delivers all of them, none before its slot.
    await h.engine({ ...options, tickMs: 60_000 }).runOnce();
    for (const da of list) expect(h.inbox(da)).toHaveLength(2);
    const early = await h.db.query(
      "select id from notification_deliveries where status = 'sent' and sent_at < due_at",
    );
    expect(early.rows).toEqual([]);
  });

  it('a paid broadcast goes out in its own lane at the paid rate, with allow_paid_broadcast, billed', async () => {
    // Telegram shrunk: 2 free messages a second, 100 a second paid.
    h = await harness(shared, {
      start: MORNING,
      rate: { globalPerSecond: 2, globalBurst: 2, perChatPerSecond: 1, perChatBurst: 1, paidPerSecond: 100 },
    });
    const list = await das(20);
    await insertNotification(h.db, {
      name: 'Paid',
      send_now: true,
      created_at: MORNING - 1000,
      created_by: h.creator.botUserId,
    });
    await h.db.query("update location_notifications set paid_broadcast = true where name = 'Paid'");
    const counts = await h.engine({ ratePerSecond: 2, paidRatePerSecond: 100 }).runOnce();
    for (const da of list) expect(h.inbox(da).map((m) => m.text?.split('\n')[0])).toEqual(['📢 Paid']);
    expect(counts).toMatchObject({ sent: 20, retried: 0 });
    // 20 messages at 100 a second, not 10 s at the free 2 a second; all but the free ones billed.
    expect(h.clock.now() - MORNING).toBeLessThan(1_000);
    expect(h.tg.emulator.rate.billed).toBeGreaterThanOrEqual(17);
    // The details call's rate for it follows the lane.
    const rate = await h.db.query<{ rate_per_second: number }>(
      'select rate_per_second from notification_send_rate where id = 2',
    );
    expect(Number(rate.rows[0]?.rate_per_second)).toBe(100);
  });
});
