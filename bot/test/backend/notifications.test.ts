import { afterAll, beforeAll, expect, it } from 'vitest';
import { PRIORITY } from '../../src/notifications/types';
import { proof } from './test-kit/auth-headers';
import { startBackend, type TestBackend } from './test-kit/backend';
import { describeOnDatabases } from './test-kit/databases';
import type { User } from './test-kit/fixtures';

describeOnDatabases('location notifications (%s)', (kind) => {
  let t: TestBackend;
  let creator: User;
  let other: User;
  beforeAll(async () => {
    t = await startBackend(kind);
    creator = await t.fx.manager();
    other = await t.fx.manager();
  });
  afterAll(() => t?.close());

  const base = () => ({
    name: 'Rain is coming',
    message: 'Plant teff in rows this week.',
    content_type: 'advisory',
    created_by: creator.botUserId,
  });
  const create = (body: object, headers = creator.headers) =>
    t.call('POST', '/api/location-notifications/', { headers, body });
  /** Bot users 8700000001 … 8700000000 + n, to queue deliveries for (made once). */
  const queueUsers = (n: number) =>
    t.db.query(
      `insert into bot_users (telegram_id, chat_id, first_name, language)
       select 8700000000 + g, 8700000000 + g, 'Queued', 'en' from generate_series(1, $1::int) g
       on conflict (telegram_id) do nothing`,
      [n],
    );

  it('creates active notifications; send_now needs no schedule; the target ids are derived', async () => {
    const now = await create({ ...base(), send_now: true });
    expect(now).toMatchObject({
      status: 201,
      body: {
        send_now: true,
        active: true,
        location_type: 'all',
        location_id: null,
        frequency: null,
        interval: null,
      },
    });
    const { woreda, zone, region } = t.fx.area;
    const weekly = await create({
      ...base(),
      frequency: 'weekly',
      interval: '2',
      location_type: 'woreda',
      location_id: woreda,
    });
    expect(weekly.body).toMatchObject({
      frequency: 'weekly',
      interval: 2,
      location_type: 'woreda',
      location_id: woreda,
      region_id: region,
      zone_id: zone,
      woreda_id: woreda,
      kebele_id: null,
      created_by: creator.botUserId,
    });
  });

  it('schedule and location rules', async () => {
    expect((await create({ ...base(), send_now: false })).body).toEqual({
      frequency: ['Required'],
      interval: ['Required'],
    });
    expect((await create({ ...base(), frequency: 'weekly', interval: 'often' })).body).toEqual({
      interval: ['Enter a whole number.'],
    });
    expect((await create({ ...base(), send_now: true, frequency: 'weekly' })).body).toEqual({
      frequency: ['Must be empty when send_now is true.'],
    });
    expect(
      (
        await create({
          name: '',
          message: '',
          content_type: 'sms',
          created_by: creator.botUserId,
          send_now: true,
        })
      ).body,
    ).toEqual({
      name: ['Required'],
      message: ['Required'],
      content_type: ['Select a valid choice. "sms" is not one of the available choices.'],
    });
    expect((await create({ ...base(), send_now: true, location_type: 'zone' })).body).toEqual({
      location_id: ['Required'],
    });
    expect(
      (await create({ ...base(), send_now: true, location_type: 'zone', location_id: 99_999_999 })).body,
    ).toEqual({
      location_id: ['Invalid pk "99999999" - object does not exist.'],
    });
    expect(
      (
        await create({
          ...base(),
          send_now: true,
          location_type: 'zone',
          location_id: t.fx.area.zone,
          region_id: t.fx.otherArea.region,
        })
      ).body,
    ).toEqual({ region_id: ['Does not match location_id.'] });
    expect((await create({ ...base(), send_now: true, region_id: t.fx.area.region })).body).toEqual({
      region_id: ['Must be empty when location_type is all.'],
    });
    expect((await create({ ...base(), name: 'x'.repeat(101), send_now: true })).body).toEqual({
      name: ['Ensure this field has no more than 100 characters.'],
    });
    expect((await create({ ...base(), send_now: true }, other.headers)).status).toBe(403);
    expect((await create({ ...base(), send_now: true }, {})).status).toBe(401);
  });

  it('lists active ones by creator (newest first), shows details with delivery counts', async () => {
    const a = await create({ ...base(), name: 'First', send_now: true });
    const b = await create({ ...base(), name: 'Second', send_now: true });
    const list = await t.call('GET', `/api/location-notifications/by-creator/${creator.botUserId}`, {
      headers: creator.headers,
      query: { paginate: 'false' },
    });
    expect(list.status).toBe(200);
    const ids = list.body.map((n: { id: number }) => n.id);
    expect(ids.indexOf(b.body.id)).toBeLessThan(ids.indexOf(a.body.id));
    expect(
      (
        await t.call('GET', `/api/location-notifications/by-creator/${creator.botUserId}/`, {
          headers: other.headers,
        })
      ).status,
    ).toBe(403);

    await t.db.query(
      `insert into notification_deliveries (notification_id, occurrence, bot_user_id, status)
       select $1, now(), id, s from (values ($2::bigint, 'sent'), ($3::bigint, 'failed')) v(id, s)`,
      [a.body.id, creator.botUserId, other.botUserId],
    );
    const details = await t.call('GET', `/api/location-notifications/${a.body.id}/details`, {
      headers: creator.headers,
    });
    expect(details).toMatchObject({
      status: 200,
      body: { id: a.body.id, name: 'First', deliveries: { queued: 0, sent: 1, failed: 1 } },
    });
    expect(
      (await t.call('GET', `/api/location-notifications/${a.body.id}/details/`, { headers: other.headers }))
        .status,
    ).toBe(403);
    expect(
      (await t.call('GET', '/api/location-notifications/99999999/details', { headers: creator.headers }))
        .status,
    ).toBe(404);
    expect(
      (await t.call('GET', `/api/location-notifications/${a.body.id}/details`, { headers: proof.service() }))
        .status,
    ).toBe(200);
  });

  it('details state when the queued deliveries should be out: send-now first, at the engine rate', async () => {
    const broadcast = await create({ ...base(), name: 'Now', send_now: true });
    const weekly = await create({ ...base(), name: 'Weekly', frequency: 'weekly', interval: 1 });
    await queueUsers(600);
    // 300 reminders due (queued first), then 600 send-now rows; the engine sends 30 a second.
    await t.db.query(
      `insert into notification_deliveries (notification_id, occurrence, bot_user_id, priority, due_at)
       select $1, now(), id, $2, now() from bot_users where telegram_id between 8700000001 and 8700000000 + $3`,
      [weekly.body.id, PRIORITY.recurring, 300],
    );
    await t.db.query(
      `insert into notification_deliveries (notification_id, occurrence, bot_user_id, priority, due_at)
       select $1, now(), id, $2, now() from bot_users where telegram_id between 8700000001 and 8700000000 + $3`,
      [broadcast.body.id, PRIORITY.sendNow, 600],
    );
    await t.db.query(`update notification_send_rate set rate_per_second = 30, next_slot = 'epoch'`);
    const finish = async (id: number) => {
      const r = await t.call('GET', `/api/location-notifications/${id}/details`, {
        headers: creator.headers,
      });
      expect(r.status).toBe(200);
      expect(r.body.deliveries.rate_per_second).toBe(30);
      return (Date.parse(r.body.deliveries.expected_finish) - Date.now()) / 1000;
    };
    // The broadcast: its 600 rows at 30/s, 20 s, though 300 reminders were queued before it.
    expect(await finish(broadcast.body.id)).toBeGreaterThan(17);
    expect(await finish(broadcast.body.id)).toBeLessThan(21);
    // The reminders wait for it: (600 + 300) / 30 = 30 s.
    expect(await finish(weekly.body.id)).toBeGreaterThan(27);
    expect(await finish(weekly.body.id)).toBeLessThan(31);
    // Nothing queued: no finishing time.
    await t.db.query(`update notification_deliveries set status = 'sent' where notification_id = $1`, [
      broadcast.body.id,
    ]);
    const done = await t.call('GET', `/api/location-notifications/${broadcast.body.id}/details`, {
      headers: creator.headers,
    });
    expect(done.body.deliveries).toMatchObject({ queued: 0, sent: 600, expected_finish: null });
    await t.db.query(`delete from notification_deliveries where notification_id = any($1::bigint[])`, [
      [broadcast.body.id, weekly.body.id],
    ]);
  });

  it('update-settings: fields by the creator, active:false removes it from the list', async () => {
    const n = await create({ ...base(), send_now: true });
    const path = `/api/location-notifications/${n.body.id}/update-settings/`;
    const updated = await t.call('PUT', path, {
      headers: creator.headers,
      body: {
        ...base(),
        name: 'Renamed',
        frequency: 'monthly',
        interval: 1,
        location_type: 'kebele',
        location_id: t.fx.area.kebele,
      },
    });
    expect(updated).toMatchObject({
      status: 200,
      body: {
        name: 'Renamed',
        send_now: false,
        frequency: 'monthly',
        interval: 1,
        kebele_id: t.fx.area.kebele,
        active: true,
      },
    });
    expect((await t.call('PUT', path, { headers: other.headers, body: { active: false } })).status).toBe(403);
    expect(
      (
        await t.call('PUT', path, {
          headers: creator.headers,
          body: { ...base(), created_by: other.botUserId, send_now: true },
        })
      ).status,
    ).toBe(403);
    expect(
      (await t.call('PUT', path, { headers: creator.headers, body: { active: true } })).body,
    ).toMatchObject({
      name: ['Required'],
      message: ['Required'],
    });
    expect(
      (
        await t.call('PUT', '/api/location-notifications/99999999/update-settings/', {
          headers: creator.headers,
          body: { active: false },
        })
      ).status,
    ).toBe(404);
    const removed = await t.call('PUT', path, { headers: creator.headers, body: { active: false } });
    expect(removed).toMatchObject({ status: 200, body: { active: false, name: 'Renamed' } });
    const list = await t.call('GET', `/api/location-notifications/by-creator/${creator.botUserId}`, {
      headers: creator.headers,
      query: { paginate: 'false' },
    });
    expect(list.body.map((x: { id: number }) => x.id)).not.toContain(n.body.id);
  });

  it("counts the DAs a target would reach now, with each lane's rate and queued send-now rows", async () => {
    const recipients = (query: Record<string, string | number>) =>
      t.call('GET', '/api/location-notifications/recipients/', { headers: creator.headers, query });
    const { kebele, woreda, region } = t.fx.area;
    const before = (await recipients({ location_type: 'kebele', location_id: kebele })).body.recipients;
    const das = [await t.fx.da(), await t.fx.da()];
    const now = await recipients({ location_type: 'kebele', location_id: kebele });
    expect(now).toMatchObject({ status: 200, body: { recipients: before + 2 } });
    expect(now.body.rate_per_second).toBeGreaterThan(0);
    expect(now.body.paid_rate_per_second).toBeGreaterThan(0);
    // Send-now rows already queued in each lane: what a new send-now would wait behind.
    const ahead = await create({ ...base(), name: 'Ahead', send_now: true });
    await queueUsers(30);
    await t.db.query(
      `insert into notification_deliveries (notification_id, occurrence, bot_user_id, priority, due_at)
       select $1, now(), id, case when id % 3 = 0 then $2::smallint else $3::smallint end, now() from bot_users
       where telegram_id between 8700000001 and 8700000030`,
      [ahead.body.id, PRIORITY.paid, PRIORITY.sendNow],
    );
    const lanes = (await recipients({ location_type: 'kebele', location_id: kebele })).body;
    expect(lanes.send_now_queued + lanes.paid_queued).toBe(
      now.body.send_now_queued + now.body.paid_queued + 30,
    );
    expect(lanes.paid_queued).toBeGreaterThan(now.body.paid_queued);
    await t.db.query('delete from notification_deliveries where notification_id = $1', [ahead.body.id]);
    // A DA who blocked the bot is not counted (until the bot hears from them again).
    await t.db.query(`update bot_users set blocked_at = now() + interval '1 minute' where id = $1`, [
      das[0]?.botUserId,
    ]);
    expect((await recipients({ location_type: 'kebele', location_id: kebele })).body.recipients).toBe(
      before + 1,
    );
    // The levels above count them too; the country at least as many.
    const woredaCount = (await recipients({ location_type: 'woreda', location_id: woreda })).body.recipients;
    const regionCount = (await recipients({ location_type: 'region', location_id: region })).body.recipients;
    const all = (await recipients({})).body.recipients;
    expect(woredaCount).toBeGreaterThanOrEqual(before + 1);
    expect(regionCount).toBeGreaterThanOrEqual(woredaCount);
    expect(all).toBeGreaterThanOrEqual(regionCount);
    expect((await recipients({ location_type: 'all' })).body.recipients).toBe(all);
    // The target's rules, as for a notification's body.
    expect((await recipients({ location_type: 'kebele' })).body).toEqual({ location_id: ['Required'] });
    expect((await recipients({ location_id: kebele })).body).toEqual({
      location_id: ['Must be empty when location_type is all.'],
    });
    expect((await recipients({ location_type: 'kebele', location_id: 99_999_999 })).body).toEqual({
      location_id: ['Invalid pk "99999999" - object does not exist.'],
    });
    expect((await recipients({ location_type: 'town', location_id: kebele })).status).toBe(400);
  });
});
