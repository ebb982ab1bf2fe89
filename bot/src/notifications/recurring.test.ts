import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/backend/test-kit/databases';
import { deliveryCounts } from './queue';
import {
  editNotification,
  type Harness,
  harness,
  insertNotification,
  openSharedDb,
  type SharedDb,
  type TestDa,
} from './test-kit';

const utc = (s: string) => Date.parse(`${s}Z`);

describeOnDatabases('recurring notifications on a controllable clock (%s)', (kind) => {
  let shared: SharedDb;
  let h: Harness;
  let da: TestDa;
  beforeAll(async () => {
    shared = await openSharedDb(kind);
  });
  afterAll(() => shared.close());
  afterEach(() => h.close());

  async function setUp(start: number) {
    h = await harness(shared, { start });
    da = await h.da(h.tree.kebele);
  }
  /** Runs the engine at each instant; returns how many messages the DA had after each. */
  async function runAt(instants: number[]): Promise<number[]> {
    const engine = h.engine();
    const seen: number[] = [];
    for (const t of instants) {
      h.clock.set(t);
      await engine.runOnce();
      seen.push(h.inbox(da).length);
    }
    return seen;
  }

  describe('weekly', () => {
    beforeEach(() => setUp(utc('2025-03-03T09:00')));
    /** Every week from Monday 3 March 12:00 Addis Ababa, by the test's creator. */
    const insertWeekly = (fields: Partial<Parameters<typeof insertNotification>[1]> = {}) =>
      insertNotification(h.db, {
        frequency: 'weekly',
        interval: 1,
        created_at: utc('2025-03-03T09:00'),
        created_by: h.creator.botUserId,
        ...fields,
      });

    it('every week at 08:00 Addis Ababa from creation, once per occurrence however often it runs', async () => {
      // Created Monday 12:00 local: first Monday 10 March 05:00 UTC.
      await insertWeekly();
      const seen = await runAt([
        utc('2025-03-03T09:00'),
        utc('2025-03-10T04:59'),
        utc('2025-03-10T05:00'),
        utc('2025-03-10T05:05'),
        utc('2025-03-16T23:00'),
        utc('2025-03-17T05:00'),
        utc('2025-03-17T06:00'),
      ]);
      expect(seen).toEqual([0, 0, 1, 1, 1, 2, 2]);
      const rows = await h.db.query<{ occurrence: Date }>(
        'select occurrence from notification_deliveries order by occurrence',
      );
      expect(rows.rows.map((r) => r.occurrence.toISOString())).toEqual([
        '2025-03-10T05:00:00.000Z',
        '2025-03-17T05:00:00.000Z',
      ]);
    });

    it('after downtime, only the latest missed occurrence; beyond a day late, none', async () => {
      await insertWeekly();
      // Down from before the 10th until the 24th 09:00: one message (for the 24th).
      expect(await runAt([utc('2025-03-24T09:00')])).toEqual([1]);
      // Down again until the 1st of April 12:00 (the 31st's is over a day late): skipped.
      const engine = h.engine();
      h.clock.set(utc('2025-04-01T12:00'));
      expect(await engine.runOnce()).toMatchObject({ missed: 1, queued: 0 });
      expect(h.inbox(da)).toHaveLength(1);
    });

    it('removal stops future sends, and queued deliveries of a removed notification are not sent', async () => {
      const id = await insertWeekly();
      expect(await runAt([utc('2025-03-10T05:00')])).toEqual([1]);
      // The planner queues the 17th, then the creator removes the notification before it is sent.
      h.clock.set(utc('2025-03-17T05:00'));
      await h.plan();
      expect((await deliveryCounts(h.db, id)).queued).toBe(1);
      await editNotification(h.db, id, { active: false }, utc('2025-03-17T05:01'));
      const run = await h.engine().runOnce();
      expect(run).toMatchObject({ sent: 0, cancelled: 1 });
      expect(await runAt([utc('2025-03-24T05:00'), utc('2025-03-31T05:00')])).toEqual([1, 1]);
      const failed = await h.db.query<{ last_error: string }>(
        `select last_error from notification_deliveries where status = 'failed'`,
      );
      expect(failed.rows).toEqual([{ last_error: 'cancelled: notification removed' }]);
      expect(await deliveryCounts(h.db, id)).toEqual({ queued: 0, sent: 1, failed: 1 });
    });

    it('an edited schedule replaces the old one from the edit on', async () => {
      const id = await insertWeekly();
      expect(await runAt([utc('2025-03-10T05:00')])).toEqual([1]);
      // Queued for the 17th but not yet sent when the creator switches to every 2 months.
      h.clock.set(utc('2025-03-17T05:00'));
      await h.plan();
      await editNotification(h.db, id, { frequency: 'monthly', interval: 2 }, utc('2025-03-17T05:00:30'));
      const run = await h.engine().runOnce();
      expect(run).toMatchObject({ sent: 0, cancelled: 1 });
      // Read now: months later the row is rolled up into counts (retention).
      const failed = await h.db.query<{ last_error: string }>(
        `select last_error from notification_deliveries where status = 'failed'`,
      );
      expect(failed.rows).toEqual([{ last_error: 'cancelled: schedule changed' }]);
      // Monthly from the creation day (the 3rd), the first after the edit: 3 May, then 3 July.
      const seen = await runAt([
        utc('2025-03-24T05:00'),
        utc('2025-04-03T05:00'),
        utc('2025-05-03T05:00'),
        utc('2025-06-03T05:00'),
        utc('2025-07-03T05:00'),
      ]);
      expect(seen).toEqual([1, 1, 2, 2, 3]);
      expect(await deliveryCounts(h.db, id)).toEqual({ queued: 0, sent: 3, failed: 1 });
    });

    it('editing only the text keeps the schedule; queued deliveries go out with the new text', async () => {
      const id = await insertWeekly({ message: 'Old text' });
      h.clock.set(utc('2025-03-10T05:00'));
      await h.plan();
      await editNotification(h.db, id, { message: 'New text' }, utc('2025-03-10T05:00:10'));
      await h.engine().runOnce();
      expect(h.inbox(da).map((m) => m.text)).toEqual([expect.stringContaining('New text')]);
      expect(await runAt([utc('2025-03-17T05:00')])).toEqual([2]);
    });
  });

  describe('monthly', () => {
    beforeEach(() => setUp(utc('2025-01-31T03:00')));

    it('created on 31 January: the last day of shorter months, the 31st again in March', async () => {
      await insertNotification(h.db, {
        frequency: 'monthly',
        interval: 1,
        created_at: utc('2025-01-31T03:00'), // 06:00 local: the first is the same day
        created_by: h.creator.botUserId,
      });
      const seen = await runAt([
        utc('2025-01-31T05:00'),
        utc('2025-02-27T05:00'),
        utc('2025-02-28T05:00'),
        utc('2025-03-30T05:00'),
        utc('2025-03-31T05:00'),
        utc('2025-04-30T05:00'),
      ]);
      expect(seen).toEqual([1, 1, 2, 2, 3, 4]);
    });

    it('every 3 months', async () => {
      await insertNotification(h.db, {
        frequency: 'monthly',
        interval: 3,
        created_at: utc('2025-01-31T03:00'),
        created_by: h.creator.botUserId,
      });
      const months = Array.from({ length: 12 }, (_, i) => {
        const d = new Date(Date.UTC(2025, i + 1, 0, 6));
        return d.getTime();
      });
      const seen = await runAt(months);
      // Jan 31, Apr 30, Jul 31, Oct 31.
      expect(seen).toEqual([1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]);
    });
  });
});
