import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proof } from './test-kit/auth-headers';
import { startBackend, type TestBackend } from './test-kit/backend';
import { describeOnDatabases } from './test-kit/databases';
import { uniqueNumber, uniquePhone } from './test-kit/fixtures';

/** GET /api/me/: the home hub's "who am I", about the caller only (docs/authorization.md). */
describeOnDatabases('the caller’s own state, /api/me/ (%s)', (kind) => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await startBackend(kind);
  });
  afterAll(() => t?.close());

  const me = (headers: Record<string, string>) => t.call('GET', '/api/me/', { headers });

  it('a VERIFIED DA: their DA id, kebele and name, their chat, their language', async () => {
    const da = await t.fx.da();
    await t.call('PATCH', `/api/bot-users/${da.botUserId}/`, {
      headers: da.headers,
      body: { language: 'am' },
    });
    const r = await me(da.headers);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      telegram_id: da.telegramId,
      chat_id: da.telegramId,
      bot_user: {
        id: da.botUserId,
        verification_status: 'VERIFIED',
        language: 'am',
        phone_verified: true,
        phone_number: `0${da.phone}`,
        // Their own profile is the DA list's (the hub offers them no registration anyway).
        outbound_da: true,
        has_notifications: false,
      },
      da: { id: da.daId, kebele: da.area.kebele, name: 'Almaz', phone_number: `0${da.phone}` },
      report_user: null,
      grants: [],
      pending_enrolment: null,
    });
  });

  it('a DA whose registration waits for a decision: no DA, the request and who decides it', async () => {
    const phone = uniquePhone();
    const user = await t.fx.user(`+251${phone}`);
    const created = await t.call('POST', '/api/da-profiles/', {
      headers: user.headers,
      body: t.fx.daBody(user, phone),
    });
    expect(created.body.enrolment).toEqual({ status: 'PENDING', waiting_for: 'operator' });
    expect((await me(user.headers)).body).toMatchObject({
      bot_user: { verification_status: 'PENDING', phone_verified: true },
      da: null,
      pending_enrolment: { kebele: t.fx.area.kebele, waiting_for: 'operator' },
    });
  });

  it('an unknown Telegram user (never /start): nothing known, no error', async () => {
    const telegramId = uniqueNumber();
    const r = await me(proof.initData(telegramId));
    expect(r).toMatchObject({
      status: 200,
      body: {
        telegram_id: telegramId,
        chat_id: telegramId,
        bot_user: null,
        da: null,
        report_user: null,
        grants: [],
      },
    });
  });

  it('a bot user without a verified phone, and one with a phone but no DA profile', async () => {
    const plain = await t.fx.user();
    expect((await me(plain.headers)).body).toMatchObject({
      bot_user: { id: plain.botUserId, verification_status: 'PENDING', phone_verified: false },
      da: null,
    });
    const phone = uniquePhone();
    const withPhone = await t.fx.user(`+251${phone}`);
    const r = await me(withPhone.headers);
    // Their own verified phone, which the hub's DA registration is prefilled with (as the bot's
    // button is); nobody on the organisation's list has it.
    expect(r.body).toMatchObject({
      bot_user: { phone_verified: true, phone_number: `0${phone}`, outbound_da: false },
      da: null,
    });
  });

  it('a phone on the organisation’s roster: outbound_da, as the bot’s button opens update_outbound', async () => {
    const phone = uniquePhone();
    await t.fx.roster(phone);
    const user = await t.fx.user(`+251${phone}`);
    expect((await me(user.headers)).body).toMatchObject({
      bot_user: { phone_number: `0${phone}`, outbound_da: true },
      da: null,
    });
  });

  it('a report user the bot has never seen: their profile, found by their Telegram id', async () => {
    const telegramId = uniqueNumber();
    const created = await t.call('POST', '/api/report-users/', {
      headers: proof.service(),
      body: t.fx.reportUserBody(telegramId),
    });
    expect(created.status).toBe(201);
    expect((await me(proof.initData(telegramId))).body).toMatchObject({
      bot_user: null,
      report_user: created.body.id,
    });
  });

  it('a creator with active notifications, grant or not: has_notifications', async () => {
    const manager = await t.fx.manager('region', t.fx.area.region);
    expect((await me(manager.headers)).body.bot_user.has_notifications).toBe(false);
    const made = await t.call('POST', '/api/location-notifications/', {
      headers: manager.headers,
      body: {
        name: 'Weekly reminder',
        message: 'Record the reach',
        content_type: 'reach',
        created_by: manager.botUserId,
        location_type: 'region',
        location_id: t.fx.area.region,
        frequency: 'weekly',
        interval: 1,
      },
    });
    expect(made.status).toBe(201);
    const revoked = await t.call('POST', '/api/role-grants/revoke/', {
      headers: proof.service(),
      body: {
        phone_number: manager.phone,
        role: 'notification_manager',
        location_type: 'region',
        location_id: t.fx.area.region,
      },
    });
    expect(revoked.body).toMatchObject({ revoked: 1, paused: 1 });
    expect((await me(manager.headers)).body).toMatchObject({
      bot_user: { has_notifications: true },
      grants: [],
    });
    await t.call('PUT', `/api/location-notifications/${made.body.id}/update-settings/`, {
      headers: manager.headers,
      body: { active: false },
    });
    expect((await me(manager.headers)).body.bot_user.has_notifications).toBe(false);
  });

  it('a report user gets their profile id', async () => {
    const user = await t.fx.user();
    const created = await t.call('POST', '/api/report-users/', {
      headers: user.headers,
      body: t.fx.reportUserBody(user.telegramId),
    });
    expect(created.status).toBe(201);
    expect((await me(user.headers)).body).toMatchObject({ report_user: created.body.id });
  });

  it('a notification manager gets their grants: role, area and the area’s place', async () => {
    const manager = await t.fx.manager('zone', t.fx.area.zone);
    await t.fx.grant(manager.phone, 'notification_manager', 'all');
    const r = await me(manager.headers);
    expect(r.body.grants).toEqual([
      {
        role: 'notification_manager',
        location_type: 'zone',
        location_id: t.fx.area.zone,
        place: { region: t.fx.area.region, zone: t.fx.area.zone, woreda: null, kebele: null },
      },
      {
        role: 'notification_manager',
        location_type: 'all',
        location_id: null,
        place: { region: null, zone: null, woreda: null, kebele: null },
      },
    ]);
  });

  it('a REJECTED user: the status, and no DA however linked', async () => {
    const da = await t.fx.da();
    const patched = await t.call('PATCH', `/api/bot-users/${da.botUserId}/`, {
      headers: proof.service(),
      body: { verification_status: 'REJECTED' },
    });
    expect(patched.status).toBe(200);
    expect((await me(da.headers)).body).toMatchObject({
      bot_user: { verification_status: 'REJECTED' },
      da: null,
    });
  });

  it('never another user’s data: the answer follows the proof, whatever the query says', async () => {
    const da = await t.fx.da();
    const other = await t.fx.user();
    const r = await t.call('GET', '/api/me/', {
      headers: other.headers,
      query: { telegram_id: da.telegramId, id: da.botUserId },
    });
    expect(r.body).toMatchObject({
      telegram_id: other.telegramId,
      bot_user: { id: other.botUserId },
      da: null,
    });
    expect(JSON.stringify(r.body)).not.toContain(da.phone);
  });

  describe('proof', () => {
    it('no proof is 401; the service token is nobody', async () => {
      expect((await t.call('GET', '/api/me/')).status).toBe(401);
      expect((await me(proof.service())).status).toBe(403);
    });

    it('a signed link to another screen does not grant it; a link to the hub does', async () => {
      const da = await t.fx.da();
      const farmerLink = proof.link(da.telegramId, '/farmer_registration', {
        da_id: da.daId,
        kebele_id: da.area.kebele,
      });
      expect(await me(farmerLink)).toMatchObject({
        status: 403,
        body: { detail: 'This link does not allow this action. Please open the screen again from the bot.' },
      });
      expect(await me(proof.link(da.telegramId, '/', {}))).toMatchObject({
        status: 200,
        body: { telegram_id: da.telegramId, da: { id: da.daId, phone_number: `0${da.phone}` } },
      });
    });

    it("a notification screen's link reads the grants but never its owner's phone", async () => {
      const da = await t.fx.da();
      const r = await me(proof.link(da.telegramId, '/notification/list', { bot_user_id: da.botUserId }));
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ telegram_id: da.telegramId, da: { id: da.daId, phone_number: null } });
      expect((r.body as { bot_user: { phone_number: unknown } }).bot_user.phone_number).toBeNull();
      expect(JSON.stringify(r.body)).not.toContain(String(da.phone));
    });
  });
});
