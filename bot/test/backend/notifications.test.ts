import { afterAll, beforeAll, expect, it } from 'vitest';
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
});
