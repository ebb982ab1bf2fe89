import { translate } from '@gebere/i18n';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { proof } from './test-kit/auth-headers';
import { startBackend, type TestBackend } from './test-kit/backend';
import { describeOnDatabases } from './test-kit/databases';
import { uniquePhone } from './test-kit/fixtures';

describeOnDatabases('development agents (%s)', (kind) => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await startBackend(kind);
  });
  afterAll(() => t?.close());

  it('registers a roster DA as the acting bot user, links it, VERIFIED at once; the PATCH agrees', async () => {
    const phone = uniquePhone();
    await t.fx.roster(phone);
    const user = await t.fx.user(`+251 ${phone}`);
    const botUser = (
      await t.call('GET', '/api/bot-users/', {
        headers: user.headers,
        query: { telegram_id: user.telegramId, paginate: 'false' },
      })
    ).body[0];
    expect(botUser).toMatchObject({ phone_number: phone, da_profile: null, verification_status: 'PENDING' });
    expect(
      await t.call('PATCH', `/api/bot-users/${user.botUserId}/`, {
        headers: user.headers,
        body: { id: user.botUserId, verification_status: 'VERIFIED' },
      }),
    ).toMatchObject({
      status: 403,
      body: {
        detail:
          'You can be verified only as the development agent whose Telegram phone number you shared with the bot.',
      },
    });

    // The Telegram phone must be the one shared with the bot; the work phone may be another.
    const body = { ...t.fx.daBody(user, phone), phone_number: '712345678' };
    const notMine = await t.call('POST', '/api/da-profiles/', {
      headers: user.headers,
      body: { ...body, telegram_phone_number: uniquePhone() },
    });
    expect(notMine).toMatchObject({
      status: 400,
      body: {
        telegram_phone_number: [
          'Must be the phone number of your Telegram account, the one you shared with the bot.',
        ],
      },
    });
    const r = await t.call('POST', '/api/da-profiles/', { headers: user.headers, body });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      ...body,
      id: expect.any(Number),
      specialization: expect.any(String),
      enrolment: { status: 'VERIFIED', waiting_for: null },
    });
    const verified = await t.call('PATCH', `/api/bot-users/${user.botUserId}/`, {
      headers: user.headers,
      body: { id: user.botUserId, verification_status: 'VERIFIED' },
    });
    expect(verified).toMatchObject({
      status: 200,
      body: { verification_status: 'VERIFIED', da_profile: r.body.id },
    });
    // The new DA acts as itself at once (the actor cache was cleared).
    const group = await t.call('POST', '/api/development-groups/', {
      headers: user.headers,
      body: { group_name: 'First', group_type: 'mixed', kebele: t.fx.area.kebele, created_by: r.body.id },
    });
    expect(group.status).toBe(201);
  });

  it('DA create rules: required, phones, area cascade, role, duplicate phone, identity', async () => {
    const phone = uniquePhone();
    const user = await t.fx.user(`+251${phone}`);
    const body = t.fx.daBody(user, phone);
    const empty = await t.call('POST', '/api/da-profiles/', { headers: user.headers, body: {} });
    expect(empty.status).toBe(400);
    for (const f of [
      'first_name',
      'father_name',
      'grand_father_name',
      'phone_number',
      'telegram_phone_number',
      'sex',
      'region',
      'zone',
      'woreda',
      'kebele',
      'role',
      'created_by',
    ])
      expect(empty.body[f], f).toEqual(['Required']);
    const phones = await t.call('POST', '/api/da-profiles/', {
      headers: user.headers,
      body: { ...body, phone_number: '0911', telegram_phone_number: '12' },
    });
    expect(phones.body).toEqual({
      phone_number: ['Phone number must start with 09 or 07 and have 10 digits'],
      telegram_phone_number: ['Telegram phone number must start with 09 or 07 and have 10 digits'],
    });
    const am = await t.call('POST', '/api/da-profiles/', {
      headers: { ...user.headers, 'accept-language': 'am' },
      body: { ...body, phone_number: '0911' },
    });
    expect(am.body.phone_number).toEqual([translate('am', 'validation.phone_number_validation')]);
    // Afaan Oromo, as the webapp sends it (Accept-Language: om) and as a browser would.
    for (const language of ['om', 'om-ET,om;q=0.9,en;q=0.5']) {
      const om = await t.call('POST', '/api/da-profiles/', {
        headers: { ...user.headers, 'accept-language': language },
        body: { ...body, phone_number: '0911', first_name: '' },
      });
      expect(om).toMatchObject({
        status: 400,
        body: {
          phone_number: [translate('om', 'validation.phone_number_validation')],
          first_name: [translate('om', 'validation.required')],
        },
      });
    }
    const cascade = await t.call('POST', '/api/da-profiles/', {
      headers: user.headers,
      body: { ...body, zone: t.fx.otherArea.zone, role: 99_999 },
    });
    expect(cascade).toMatchObject({
      status: 400,
      body: {
        zone: ['This zone is not in the selected region.'],
        role: ['Invalid pk "99999" - object does not exist.'],
      },
    });
    const kebele = await t.call('POST', '/api/da-profiles/', {
      headers: user.headers,
      body: { ...body, kebele: t.fx.otherArea.kebele },
    });
    expect(kebele.body).toEqual({ kebele: ['This kebele is not in the selected woreda.'] });
    expect(
      (await t.call('POST', '/api/da-profiles/', { headers: user.headers, body: { ...body, extra: 1 } }))
        .body,
    ).toEqual({
      extra: ['This field is not allowed.'],
    });

    // Without a phone shared with the bot, registering is refused with the reason.
    const phoneless = await t.fx.user();
    expect(await t.call('POST', '/api/da-profiles/', { headers: phoneless.headers, body })).toMatchObject({
      status: 403,
      body: { detail: 'Share your phone number with the bot first (the button in the chat).' },
    });
    const otherPhone = uniquePhone();
    const someoneElse = await t.fx.user(`+251${otherPhone}`);
    expect(
      await t.call('POST', '/api/da-profiles/', {
        headers: someoneElse.headers,
        body: { ...body, telegram_phone_number: otherPhone },
      }),
    ).toMatchObject({ status: 403, body: { detail: 'You can act only as yourself.' } });
    expect((await t.call('POST', '/api/da-profiles/', { body })).status).toBe(401);
    expect((await t.call('POST', '/api/da-profiles/', { headers: user.headers, body })).status).toBe(201);
    const dup = await t.call('POST', '/api/da-profiles/', {
      headers: someoneElse.headers,
      body: { ...body, created_by: someoneElse.botUserId, telegram_phone_number: otherPhone },
    });
    expect(dup).toMatchObject({
      status: 400,
      body: { phone_number: ['A record with this phone number already exists.'] },
    });
    // In Amharic the field is named in Amharic too, not by its English column name.
    const dupAm = await t.call('POST', '/api/da-profiles/', {
      headers: { ...someoneElse.headers, 'accept-language': 'am' },
      body: { ...body, created_by: someoneElse.botUserId, telegram_phone_number: otherPhone },
    });
    expect(dupAm).toMatchObject({ status: 400, body: { phone_number: ['ይህ ስልክ ቁጥር ያለው መዝገብ አስቀድሞ አለ።'] } });
  });

  it('only the DA itself updates its profile; unknown id is 404 (update_outbound falls back to create)', async () => {
    const da = await t.fx.da();
    const other = await t.fx.da();
    const body = { ...t.fx.daBody(da, da.phone), first_name: 'Almaz (updated)', ...t.fx.area };
    const r = await t.call('PUT', `/api/da-profiles/${da.daId}/`, { headers: da.headers, body });
    expect(r).toMatchObject({ status: 200, body: { id: da.daId, first_name: 'Almaz (updated)' } });
    expect(
      (await t.call('PUT', `/api/da-profiles/${da.daId}/`, { headers: other.headers, body })).status,
    ).toBe(403);
    expect(
      (
        await t.call('PUT', `/api/da-profiles/${da.daId}/`, {
          headers: da.headers,
          body: { ...body, created_by: other.botUserId },
        })
      ).status,
    ).toBe(403);
    expect(await t.call('PUT', '/api/da-profiles/99999999/', { headers: da.headers, body })).toMatchObject({
      status: 404,
      body: { detail: 'Not found.' },
    });
    expect(
      (
        await t.call('PUT', `/api/da-profiles/${da.daId}/`, {
          headers: da.headers,
          body: { ...body, sex: 'm' },
        })
      ).status,
    ).toBe(400);
    expect(
      (await t.call('PUT', `/api/da-profiles/${da.daId}/`, { headers: proof.service(), body })).status,
    ).toBe(200);
  });

  it('looks a DA up by phone on both paths: the service anyone, a user only themself', async () => {
    const da = await t.fx.da();
    const stranger = await t.fx.da();
    for (const path of ['/api/da-profiles/', '/development-agents/']) {
      const own = await t.call('GET', path, {
        headers: da.headers,
        query: { phone_number: `0${da.phone}`, paginate: 'false' },
      });
      expect(own.status, path).toBe(200);
      expect(own.body).toEqual([expect.objectContaining({ id: da.daId, phone_number: da.phone })]);
      expect(
        (await t.call('GET', path, { headers: stranger.headers, query: { phone_number: da.phone } })).status,
      ).toBe(403);
      const svc = await t.call('GET', path, {
        headers: proof.service(),
        query: { phone_number: `+251${da.phone}` },
      });
      expect(svc.body.results.map((d: { id: number }) => d.id)).toEqual([da.daId]);
      expect((await t.call('GET', path, { query: { phone_number: da.phone } })).status).toBe(401);
      expect(
        await t.call('GET', path, { headers: proof.service(), query: { phone_number: '12ab' } }),
      ).toMatchObject({
        status: 400,
        body: { phone_number: ['Phone number must start with 09 or 07 and have 10 digits'] },
      });
    }
    // Before registering: the phone shared with the bot (verified by Telegram), through the link
    // of the registration screen too. A phone only written into a link proves nothing.
    const phone = uniquePhone();
    const newcomer = await t.fx.user(`+251${phone}`);
    const viaLink = proof.link(newcomer.telegramId, '/da_registration', {
      user_id: newcomer.botUserId,
      phone_number: `0${phone}`,
    });
    const found = await t.call('GET', '/api/da-profiles/', {
      headers: viaLink,
      query: { phone_number: `0${phone}`, paginate: 'false' },
    });
    expect(found).toMatchObject({ status: 200, body: [] });
    const unverified = await t.fx.user();
    const claimed = proof.link(unverified.telegramId, '/da_registration', {
      user_id: unverified.botUserId,
      phone_number: `0${da.phone}`,
    });
    expect(
      await t.call('GET', '/api/da-profiles/', { headers: claimed, query: { phone_number: `0${da.phone}` } }),
    ).toMatchObject({ status: 403, body: { detail: 'You can look up only your own phone number.' } });
  });

  it('lists DA roles publicly', async () => {
    const r = await t.call('GET', '/api/da-roles/', { query: { paginate: 'false' } });
    expect(r.status).toBe(200);
    expect(r.body.length).toBeGreaterThanOrEqual(3);
    expect(r.body[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      name_am: expect.any(String),
      name_om: expect.any(String),
    });
    // The Amharic and Oromo names of the imported roles (an Amharic or Oromo form shows them).
    const named = await t.db.query<{ name: string; name_am: string; name_om: string }>(
      'select name, name_am, name_om from da_roles',
    );
    for (const role of named.rows) expect(r.body).toContainEqual({ id: expect.any(Number), ...role });
  });
});
