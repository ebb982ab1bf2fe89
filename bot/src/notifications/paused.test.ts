import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/backend/test-kit/databases';
import { pauseUncovered } from '../backend/routes/notification-pauses';
import { markSending } from './delivery-outcomes';
import { claim, deliveryCounts } from './queue';
import {
  type Harness,
  harness,
  insertNotification,
  openSharedDb,
  type SharedDb,
  type TestDa,
} from './test-kit';

const utc = (s: string) => Date.parse(`${s}Z`);

/**
 * A paused notification (its creator's grant revoked, or stopped by an operator) sends nothing:
 * not the deliveries already queued, not those already leased to a sender, not its later
 * occurrences, until it is resumed (docs/authorization.md, "Revocation").
 */
describeOnDatabases('paused notifications (%s)', (kind) => {
  let shared: SharedDb;
  let h: Harness;
  let das: TestDa[];
  const PHONE = '911000018';
  beforeAll(async () => {
    shared = await openSharedDb(kind);
  });
  afterAll(() => shared.close());
  afterEach(() => h.close());
  beforeEach(async () => {
    h = await harness(shared, { start: utc('2025-03-03T09:00') });
    das = [await h.da(h.tree.kebele), await h.da(h.tree.kebele), await h.da(h.tree.sameRegion)];
    // The creator holds a national grant on their verified phone, as the create needed.
    await h.db.query('update bot_users set phone_number = $1 where id = $2', [PHONE, h.creator.botUserId]);
    await h.db.query('delete from role_grants where phone_number = $1', [PHONE]);
    await h.db.query(
      `insert into role_grants (phone_number, role, location_type) values ($1, 'notification_manager', 'all')`,
      [PHONE],
    );
  });

  /** What `gebere revoke` does: the grant goes, and what no remaining grant covers pauses. */
  const revoke = async () => {
    await h.db.query('delete from role_grants where phone_number = $1', [PHONE]);
    return pauseUncovered(h.db, PHONE);
  };
  /** What `gebere notifications resume` does to the row once a grant covers it again. */
  const resume = (id: number) =>
    h.db.query('update location_notifications set paused_at = null, paused_reason = null where id = $1', [
      id,
    ]);
  const weekly = () =>
    insertNotification(h.db, {
      frequency: 'weekly',
      interval: 1,
      created_at: utc('2025-03-03T09:00'),
      created_by: h.creator.botUserId,
    });
  const inboxes = () => das.map((da) => h.inbox(da).length);

  it('queued deliveries of a notification paused by a revocation are not sent, nor later occurrences', async () => {
    const id = await weekly();
    h.clock.set(utc('2025-03-10T05:00'));
    await h.plan();
    expect((await deliveryCounts(h.db, id)).queued).toBe(3);

    expect(await revoke()).toBe(1);
    const run = await h.engine().runOnce();
    expect(run).toMatchObject({ sent: 0, cancelled: 3 });
    expect(inboxes()).toEqual([0, 0, 0]);
    const failed = await h.db.query<{ last_error: string }>(
      `select distinct last_error from notification_deliveries where notification_id = $1`,
      [id],
    );
    expect(failed.rows).toEqual([{ last_error: 'cancelled: notification paused' }]);
    // Kept, still active, and nothing planned for the weeks it stays paused.
    for (const week of ['2025-03-17T05:00', '2025-03-24T05:00']) {
      h.clock.set(utc(week));
      expect(await h.engine().runOnce()).toMatchObject({ planned: 0, queued: 0, sent: 0 });
    }
    const row = await h.db.query<{ active: boolean; paused_reason: string }>(
      'select active, paused_reason from location_notifications where id = $1',
      [id],
    );
    expect(row.rows).toEqual([{ active: true, paused_reason: 'grant' }]);
    expect(inboxes()).toEqual([0, 0, 0]);

    // Resumed (after a new grant): from its next occurrence on; the cancelled ones stay cancelled.
    await resume(id);
    h.clock.set(utc('2025-03-31T05:00'));
    expect(await h.engine().runOnce()).toMatchObject({ planned: 1, sent: 3 });
    expect(inboxes()).toEqual([1, 1, 1]);
    expect(await deliveryCounts(h.db, id)).toEqual({ queued: 0, sent: 3, failed: 3 });
  });

  it('a delivery already leased to a sender is not sent once its notification is paused', async () => {
    const id = await insertNotification(h.db, {
      send_now: true,
      created_at: h.clock.now() - 1000,
      created_by: h.creator.botUserId,
    });
    await h.plan();
    const leased = await claim(h.db, {
      now: h.clock.now(),
      worker: 'w1',
      batchSize: 10,
      leaseMs: 30_000,
      horizonMs: 3_000,
      ratePerSecond: 1000,
    });
    expect(leased.ids).toHaveLength(3);
    expect(await revoke()).toBe(1);
    // The sender's last step before each request refuses: nothing goes out.
    for (const delivery of leased.ids)
      expect(await markSending(h.db, delivery, 'w1', h.clock.now())).toBe(false);
    // Once the lease runs out the sweep cancels them; no engine sends them.
    h.clock.advance(31_000);
    expect(await h.engine().runOnce()).toMatchObject({ sent: 0, cancelled: 3 });
    expect(inboxes()).toEqual([0, 0, 0]);
    expect(await deliveryCounts(h.db, id)).toEqual({ queued: 0, sent: 0, failed: 3 });
  });

  it('a grant that still covers the target pauses nothing: each notification is decided on its own', async () => {
    await h.db.query(
      `insert into role_grants (phone_number, role, location_type, location_id)
       values ($1, 'notification_manager', 'region', $2)`,
      [PHONE, h.tree.region],
    );
    const inRegion = await insertNotification(h.db, {
      send_now: true,
      location_type: 'woreda',
      location_id: h.tree.woreda,
      created_at: h.clock.now() - 1000,
      created_by: h.creator.botUserId,
    });
    await h.db.query(
      `update location_notifications n set region_id = z.region_id, zone_id = w.zone_id, woreda_id = w.id
       from woredas w join zones z on z.id = w.zone_id where w.id = $2 and n.id = $1`,
      [inRegion, h.tree.woreda],
    );
    const national = await insertNotification(h.db, {
      send_now: true,
      created_at: h.clock.now() - 1000,
      created_by: h.creator.botUserId,
    });
    // The national grant goes, the region one stays: the woreda's notification goes on.
    await h.db.query(`delete from role_grants where phone_number = $1 and location_type = 'all'`, [PHONE]);
    expect(await pauseUncovered(h.db, PHONE)).toBe(1);
    await h.engine().runOnce();
    expect(await deliveryCounts(h.db, inRegion)).toMatchObject({ sent: 2, queued: 0 });
    expect(await deliveryCounts(h.db, national)).toMatchObject({ sent: 0, queued: 0 });
    expect(inboxes()).toEqual([1, 1, 0]);
  });

  describe('stopped by an operator', () => {
    it('sends nothing until resumed, like a revocation', async () => {
      const id = await weekly();
      await h.db.query(
        `update location_notifications set paused_at = now(), paused_reason = 'operator' where id = $1`,
        [id],
      );
      h.clock.set(utc('2025-03-10T05:00'));
      expect(await h.engine().runOnce()).toMatchObject({ planned: 0, sent: 0 });
      await resume(id);
      h.clock.set(utc('2025-03-17T05:00'));
      expect(await h.engine().runOnce()).toMatchObject({ planned: 1, sent: 3 });
    });
  });
});
