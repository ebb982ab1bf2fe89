import { afterAll, beforeAll, expect, it } from 'vitest';
import { proof } from './test-kit/auth-headers';
import { startBackend, type TestBackend } from './test-kit/backend';
import { describeOnDatabases } from './test-kit/databases';
import { uniqueNumber, uniquePhone } from './test-kit/fixtures';

describeOnDatabases('report users and bot users (%s)', (kind) => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await startBackend(kind);
  });
  afterAll(() => t?.close());

  const reportBody = (telegramId: number) => ({
    name: 'Hana Girma',
    phone_no: uniquePhone(),
    gender: 'female',
    region: t.fx.area.region,
    zone: t.fx.area.zone,
    woreda: t.fx.area.woreda,
    created_by: telegramId,
  });

  it('a Telegram user registers, finds and updates their own report user profile', async () => {
    const user = await t.fx.user();
    const body = reportBody(user.telegramId);
    const r = await t.call('POST', '/api/report-users/', { headers: user.headers, body });
    expect(r).toMatchObject({ status: 201, body: { ...body, id: expect.any(Number) } });
    const mine = await t.call('GET', '/api/report-users/', {
      headers: user.headers,
      query: { created_by: user.telegramId, paginate: 'false' },
    });
    expect(mine.body).toEqual([r.body]);
    const updated = await t.call('PUT', `/api/report-users/${r.body.id}/`, {
      headers: user.headers,
      body: { ...body, name: 'Hana G.' },
    });
    expect(updated).toMatchObject({ status: 200, body: { name: 'Hana G.' } });
    const botUser = await t.call('GET', '/api/bot-users/', {
      headers: user.headers,
      query: { telegram_id: user.telegramId },
    });
    expect(botUser.body.results[0].report_user).toBe(r.body.id);
    expect(await t.call('POST', '/api/report-users/', { headers: user.headers, body })).toMatchObject({
      status: 400,
      body: { created_by: ['A record with this created by already exists.'] },
    });
  });

  it('report user rules: 400s, 401, 403 for someone else, 404', async () => {
    const user = await t.fx.user();
    const other = await t.fx.user();
    const body = reportBody(user.telegramId);
    expect(
      await t.call('POST', '/api/report-users/', {
        headers: user.headers,
        body: { ...body, name: '', phone_no: '0711' },
      }),
    ).toMatchObject({
      status: 400,
      body: { name: ['Required'], phone_no: ['Phone number must start with 09 or 07 and have 10 digits'] },
    });
    expect(
      (
        await t.call('POST', '/api/report-users/', {
          headers: user.headers,
          body: { ...body, woreda: t.fx.otherArea.woreda },
        })
      ).body,
    ).toEqual({
      woreda: ['This woreda is not in the selected zone.'],
    });
    expect((await t.call('POST', '/api/report-users/', { body })).status).toBe(401);
    expect((await t.call('POST', '/api/report-users/', { headers: other.headers, body })).status).toBe(403);
    const created = await t.call('POST', '/api/report-users/', { headers: user.headers, body });
    expect(
      (await t.call('PUT', `/api/report-users/${created.body.id}/`, { headers: other.headers, body })).status,
    ).toBe(403);
    expect(
      (
        await t.call('PUT', `/api/report-users/${created.body.id}/`, {
          headers: user.headers,
          body: { ...body, created_by: other.telegramId },
        })
      ).status,
    ).toBe(403);
    expect((await t.call('PUT', '/api/report-users/99999999/', { headers: user.headers, body })).status).toBe(
      404,
    );
    expect(
      (
        await t.call('GET', '/api/report-users/', {
          headers: other.headers,
          query: { created_by: user.telegramId },
        })
      ).status,
    ).toBe(403);
  });

  it('bot users: upsert is the bot’s, lookups are one’s own', async () => {
    const telegramId = uniqueNumber();
    const body = {
      telegram_id: telegramId,
      chat_id: telegramId,
      first_name: 'ሰላም',
      language: 'am',
      phone_number: '+251 911 000 111',
    };
    const created = await t.call('POST', '/api/bot-users/', { headers: proof.service(), body });
    expect(created).toMatchObject({
      status: 200,
      body: {
        telegram_id: telegramId,
        first_name: 'ሰላም',
        language: 'am',
        phone_number: '911000111',
        verification_status: 'PENDING',
        report_user: null,
      },
    });
    const again = await t.call('POST', '/api/bot-users/', {
      headers: proof.service(),
      body: { telegram_id: telegramId, chat_id: 5, first_name: 'Selam' },
    });
    expect(again.body).toMatchObject({
      id: created.body.id,
      chat_id: 5,
      first_name: 'Selam',
      language: 'am',
      phone_number: '911000111',
    });
    expect(
      (await t.call('POST', '/api/bot-users/', { headers: proof.initData(telegramId), body })).status,
    ).toBe(403);
    expect((await t.call('POST', '/api/bot-users/', { body })).status).toBe(401);
    expect(
      (await t.call('POST', '/api/bot-users/', { headers: proof.service(), body: { ...body, chat_id: 'x' } }))
        .body,
    ).toEqual({
      chat_id: ['Enter a whole number.'],
    });

    const mine = await t.call('GET', '/api/bot-users/', {
      headers: proof.initData(telegramId),
      query: { telegram_id: telegramId, paginate: 'false' },
    });
    expect(mine.body).toEqual([again.body]);
    expect(
      (
        await t.call('GET', '/api/bot-users/', {
          headers: proof.initData(telegramId + 1),
          query: { telegram_id: telegramId },
        })
      ).status,
    ).toBe(403);
  });

  it('bot user PATCH: own only, da_profile only by the bot, id must match', async () => {
    const user = await t.fx.user();
    const other = await t.fx.user();
    const da = await t.fx.da();
    const path = `/api/bot-users/${user.botUserId}/`;
    expect(await t.call('PATCH', path, { headers: user.headers, body: { language: 'am' } })).toMatchObject({
      status: 200,
      body: { language: 'am' },
    });
    expect((await t.call('PATCH', path, { headers: other.headers, body: { language: 'am' } })).status).toBe(
      403,
    );
    // Afaan Oromo is a language a bot user may choose (the database's check allows it too).
    expect(await t.call('PATCH', path, { headers: user.headers, body: { language: 'om' } })).toMatchObject({
      status: 200,
      body: { language: 'om' },
    });
    expect(
      (await t.call('PATCH', path, { headers: user.headers, body: { da_profile: da.daId } })).status,
    ).toBe(403);
    expect(
      (await t.call('PATCH', path, { headers: user.headers, body: { id: other.botUserId } })).body,
    ).toEqual({
      id: ['Does not match the id in the URL.'],
    });
    expect(
      (await t.call('PATCH', path, { headers: user.headers, body: { verification_status: 'DONE' } })).status,
    ).toBe(400);
    expect(
      (await t.call('PATCH', path, { headers: proof.service(), body: { da_profile: 99_999_999 } })).body,
    ).toEqual({
      da_profile: ['Invalid pk "99999999" - object does not exist.'],
    });
    const linked = await t.call('PATCH', path, {
      headers: proof.service(),
      body: { da_profile: da.daId, verification_status: 'VERIFIED' },
    });
    expect(linked.body).toMatchObject({ da_profile: da.daId, verification_status: 'VERIFIED' });
    expect(
      (await t.call('PATCH', '/api/bot-users/99999999/', { headers: proof.service(), body: {} })).status,
    ).toBe(404);
    expect((await t.call('PATCH', path, { body: {} })).status).toBe(401);
  });
});
