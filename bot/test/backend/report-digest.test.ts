import { afterAll, beforeAll, expect, it } from 'vitest';
import { proof } from './test-kit/auth-headers';
import { startBackend, type TestBackend } from './test-kit/backend';
import { describeOnDatabases } from './test-kit/databases';

/**
 * Subscribing to the weekly report digest: the bot acts for a Telegram user
 * with the service token; only someone with a report scope (the report's own rule) may subscribe.
 */
describeOnDatabases('the report digest subscription (%s)', (kind) => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await startBackend(kind);
  });
  afterAll(() => t.close());

  const put = (telegramId: number, subscribed: boolean, headers: Record<string, string> = proof.service()) =>
    t.call('PUT', '/api/report-digest/', { headers, body: { telegram_id: telegramId, subscribed } });
  const subscribed = async (botUserId: number) =>
    (await t.db.query('select 1 from report_digest_subscriptions where bot_user_id = $1', [botUserId])).rows
      .length === 1;

  it('lets a verified DA subscribe and unsubscribe', async () => {
    const da = await t.fx.da();
    expect(await put(da.telegramId, true)).toMatchObject({ status: 200, body: { subscribed: true } });
    expect(await put(da.telegramId, true)).toMatchObject({ status: 200 }); // twice: still one row
    expect(await subscribed(da.botUserId)).toBe(true);
    expect(await put(da.telegramId, false)).toMatchObject({ status: 200, body: { subscribed: false } });
    expect(await subscribed(da.botUserId)).toBe(false);
  });

  it('refuses a user without a report scope, an unknown user, and any caller but the bot', async () => {
    const plain = await t.fx.user();
    expect((await put(plain.telegramId, true)).status).toBe(403);
    expect(await subscribed(plain.botUserId)).toBe(false);
    expect((await put(999_999_999_999, true)).status).toBe(403);
    const da = await t.fx.da();
    expect((await put(da.telegramId, true, da.headers)).status).toBe(403);
    expect(await subscribed(da.botUserId)).toBe(false);
  });

  it('tells the bot whether a user gets the digest and whether they may (the /digest status)', async () => {
    const get = (telegramId: number, headers: Record<string, string> = proof.service()) =>
      t.call('GET', '/api/report-digest/', { headers, query: { telegram_id: telegramId } });
    const da = await t.fx.da();
    expect(await get(da.telegramId)).toMatchObject({
      status: 200,
      body: { subscribed: false, report_scope: true },
    });
    await put(da.telegramId, true);
    expect((await get(da.telegramId)).body).toEqual({ subscribed: true, report_scope: true });
    const plain = await t.fx.user();
    expect((await get(plain.telegramId)).body).toEqual({ subscribed: false, report_scope: false });
    expect((await get(999_999_999_999)).body).toEqual({ subscribed: false, report_scope: false });
    // Only the bot asks: a user's own proof is refused, and a bad id is a 400.
    expect((await get(da.telegramId, da.headers)).status).toBe(403);
    expect((await t.call('GET', '/api/report-digest/', { headers: proof.service(), query: {} })).status).toBe(
      400,
    );
  });
});
