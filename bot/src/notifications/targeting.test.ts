import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/backend/test-kit/databases';
import { deliveryCounts } from './queue';
import {
  type Harness,
  harness,
  insertDa,
  insertNotification,
  openSharedDb,
  type SharedDb,
  type TestDa,
} from './test-kit';

const START = Date.parse('2025-03-03T10:00:00Z');

describeOnDatabases('who receives a notification (%s)', (kind) => {
  let shared: SharedDb;
  let h: Harness;
  let das: Record<'kebele' | 'sameWoreda' | 'sameZone' | 'sameRegion' | 'elsewhere', TestDa>;
  const got = () =>
    Object.entries(das)
      .filter(([, da]) => h.inbox(da).length > 0)
      .map(([name]) => name)
      .sort();

  beforeAll(async () => {
    shared = await openSharedDb(kind);
  });
  afterAll(() => shared.close());
  beforeEach(async () => {
    h = await harness(shared, { start: START });
    const t = h.tree;
    das = {
      kebele: await h.da(t.kebele),
      sameWoreda: await h.da(t.sameWoreda),
      sameZone: await h.da(t.sameZone),
      sameRegion: await h.da(t.sameRegion),
      elsewhere: await h.da(t.elsewhere),
    };
  });
  afterEach(() => h.close());

  const sendNow = (
    location_type: 'all' | 'region' | 'zone' | 'woreda' | 'kebele',
    location_id: number | null,
  ) =>
    insertNotification(h.db, {
      send_now: true,
      location_type,
      location_id,
      created_at: START - 1000,
      created_by: h.creator.botUserId,
    });

  it('all: every verified DA', async () => {
    const id = await sendNow('all', null);
    const run = await h.engine().runOnce();
    expect(got()).toEqual(['elsewhere', 'kebele', 'sameRegion', 'sameWoreda', 'sameZone']);
    expect(run).toMatchObject({ planned: 1, queued: 5, sent: 5, failed: 0 });
    expect(await deliveryCounts(h.db, id)).toEqual({ queued: 0, sent: 5, failed: 0 });
  });

  it('region, zone, woreda, kebele: the area and everything below it, nobody else', async () => {
    const t = h.tree;
    await sendNow('region', t.region);
    await h.engine().runOnce();
    expect(got()).toEqual(['kebele', 'sameRegion', 'sameWoreda', 'sameZone']);

    const before = Object.fromEntries(Object.entries(das).map(([k, da]) => [k, h.inbox(da).length]));
    const newly = () =>
      Object.entries(das)
        .filter(([k, da]) => h.inbox(da).length > (before[k] ?? 0))
        .map(([k]) => k)
        .sort();
    await sendNow('zone', t.zone);
    await h.engine().runOnce();
    expect(newly()).toEqual(['kebele', 'sameWoreda', 'sameZone']);

    for (const [k, da] of Object.entries(das)) before[k] = h.inbox(da).length;
    await sendNow('woreda', t.woreda);
    await h.engine().runOnce();
    expect(newly()).toEqual(['kebele', 'sameWoreda']);

    for (const [k, da] of Object.entries(das)) before[k] = h.inbox(da).length;
    await sendNow('kebele', t.kebele);
    await h.engine().runOnce();
    expect(newly()).toEqual(['kebele']);
  });

  it('only verified users with a DA profile who have not blocked the bot', async () => {
    const pending = await h.da(h.tree.kebele, { status: 'PENDING' });
    const noProfile = await insertDa(h.db, h.tree.kebele);
    await h.db.query('update bot_users set da_profile_id = null where id = $1', [noProfile.botUserId]);
    const blocked = await h.da(h.tree.kebele);
    await h.db.query(`update bot_users set blocked_at = now() + interval '1 second' where id = $1`, [
      blocked.botUserId,
    ]);
    await sendNow('kebele', h.tree.kebele);
    const run = await h.engine().runOnce();
    expect(run.queued).toBe(1);
    expect(h.inbox(das.kebele)).toHaveLength(1);
    expect(h.inbox(pending)).toHaveLength(0);
    expect(h.inbox(blocked)).toHaveLength(0);

    // The bot hears from the blocked user again (the upsert bumps updated_at): reachable again.
    await h.db.query(`update bot_users set updated_at = now() + interval '1 minute' where id = $1`, [
      blocked.botUserId,
    ]);
    await sendNow('kebele', h.tree.kebele);
    await h.engine().runOnce();
    expect(h.inbox(blocked)).toHaveLength(1);
  });

  it('send_now goes out once: later runs send nothing more', async () => {
    await sendNow('all', null);
    const engine = h.engine();
    await engine.runOnce();
    h.clock.advance(7 * 86_400_000);
    const again = await engine.runOnce();
    expect(again).toMatchObject({ planned: 0, queued: 0, sent: 0 });
    for (const da of Object.values(das)) expect(h.inbox(da)).toHaveLength(1);
  });
});
