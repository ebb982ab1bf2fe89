import { afterEach, describe, expect, it } from 'vitest';
import { initData, TEST_LINK_SECRET, testApp } from '../../../../test/test-kit';
import { signLink } from '../../../auth';

const farmer = {
  kind: 'farmer_registered',
  farmer_id: 7,
  name: 'Almaz <b>Kebede</b>',
  group_name: 'Lemlem & Co',
};
const apps: Array<{ close(): Promise<unknown> }> = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

async function setup(...args: Parameters<typeof testApp>) {
  const t = await testApp(...args);
  apps.push(t.app);
  return t;
}

const post = (
  app: Awaited<ReturnType<typeof setup>>['app'],
  authorization: string | undefined,
  payload: unknown,
) =>
  app.inject({
    method: 'POST',
    url: '/tg/result',
    headers: authorization ? { authorization } : {},
    payload: payload as object,
  });

const link = (params: Record<string, string | number>, user = 501, ttlSeconds = 600, now?: number) =>
  `link ${signLink(TEST_LINK_SECRET, '/record_reach', params, { telegramUserId: user, ttlSeconds, ...(now ? { now } : {}) })}`;

describe('POST /tg/result', () => {
  it('answers the web app query when initData has a query_id, in the user’s language, escaped', async () => {
    const { app, sent } = await setup();
    const auth = `tma ${initData({ id: 501, language_code: 'am' }, { queryId: 'AAQ-1' })}`;
    const res = await post(app, auth, { result: farmer });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ delivered: 'answer_web_app_query' });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe('answerWebAppQuery');
    expect(sent[0]?.target).toBe('AAQ-1');
    expect(sent[0]?.text).toContain('Almaz &lt;b&gt;Kebede&lt;/b&gt;');
    expect(sent[0]?.text).toContain('Lemlem &amp; Co');
    expect(sent[0]?.text).not.toContain('Farmer'); // Amharic, not English
  });

  it('says records sent late in the bot’s own voice, in the chat, even from a launch with a query_id', async () => {
    const { app, sent } = await setup();
    const auth = `tma ${initData({ id: 504 }, { queryId: 'AAQ-2' })}`;
    const synced = { kind: 'records_synced', saved: 3, refused: 0, reasons: [] };
    const res = await app.inject({
      method: 'POST',
      url: '/tg/result',
      headers: { authorization: auth, 'idempotency-key': 'outbox-batch-1' },
      payload: { result: synced },
    });
    expect(res.json()).toEqual({ delivered: 'chat_message' });
    // Once: the same batch's key again is answered from the delivered keys.
    const again = await app.inject({
      method: 'POST',
      url: '/tg/result',
      headers: { authorization: auth, 'idempotency-key': 'outbox-batch-1' },
      payload: { result: synced },
    });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(sent.map((m) => [m.method, m.target])).toEqual([['sendMessage', 504]]);
    expect(sent[0]?.text).toContain('Sent when the signal returned: 3 records saved.');
    // The screen's own result from the same launch still answers the launch's query.
    await post(app, auth, { result: farmer });
    expect(sent.map((m) => m.method)).toEqual(['sendMessage', 'answerWebAppQuery']);
  });

  it('sends to the user’s own chat without a query_id', async () => {
    const { app, sent } = await setup();
    const res = await post(app, `tma ${initData({ id: 502 })}`, {
      result: { kind: 'reach_recorded', farmers: 3, advisories: 2, recorded: 5, failed: 1 },
    });
    expect(res.json()).toEqual({ delivered: 'chat_message' });
    expect(sent[0]).toMatchObject({ method: 'sendMessage', target: 502 });
    expect(sent[0]?.text).toContain('1 failed');
  });

  it("replaces the one-off 'Open form' keyboard with the DA's menu in the chat message", async () => {
    const menu = { keyboard: [[{ text: 'Record Reach' }]], is_persistent: true };
    const asked: unknown[] = [];
    const { app, sent } = await setup(
      {},
      {},
      {
        menuFor: async (who, language) => {
          asked.push({ ...who, language });
          return menu;
        },
      },
    );
    const res = await post(app, `tma ${initData({ id: 504 })}`, { result: farmer });
    expect(res.json()).toEqual({ delivered: 'chat_message' });
    expect(asked).toEqual([{ telegramUserId: 504, chatId: 504, language: 'en' }]);
    expect(sent[0]).toMatchObject({ method: 'sendMessage', target: 504, replyMarkup: menu });
  });

  it('words the summary in the language the bot keeps for the user, else in the launch’s', async () => {
    const chosen = await setup({}, {}, { languageOf: async (id) => (id === 506 ? 'am' : undefined) });
    await post(chosen.app, `tma ${initData({ id: 506, language_code: 'en' })}`, { result: farmer });
    expect(chosen.sent[0]?.text).not.toContain('Farmer');
    const down = await setup(
      {},
      {},
      {
        languageOf: async () => {
          throw new Error('backend down');
        },
      },
    );
    const res = await post(down.app, `tma ${initData({ id: 507, language_code: 'am' })}`, { result: farmer });
    expect(res.statusCode).toBe(200);
    expect(down.sent[0]?.text).not.toContain('Farmer');
  });

  it('still sends the summary, without a keyboard, when the menu cannot be made', async () => {
    const { app, sent } = await setup(
      {},
      {},
      {
        menuFor: async () => {
          throw new Error('backend down');
        },
      },
    );
    const res = await post(app, `tma ${initData({ id: 505 })}`, { result: farmer });
    expect(res.json()).toEqual({ delivered: 'chat_message' });
    expect(sent[0]).toMatchObject({ method: 'sendMessage', target: 505 });
    expect(sent[0]?.replyMarkup).toBeUndefined();
  });

  it('falls back to the chat when Telegram refuses the query_id', async () => {
    const { app, sent } = await setup({}, { refuseQuery: true });
    const res = await post(app, `tma ${initData({ id: 503 }, { queryId: 'old' })}`, { result: farmer });
    expect(res.json()).toEqual({ delivered: 'chat_message' });
    expect(sent[0]).toMatchObject({ method: 'sendMessage', target: 503 });
  });

  it('accepts a signed link for the user’s own chat, worded in the link’s lang', async () => {
    const { app, sent } = await setup();
    const res = await post(app, link({ chatid: 501, user_id: 9, selectedids: '1,2', lang: 'en' }), {
      result: { kind: 'adoption_recorded', farmers: 2, advisories: 1, recorded: 2, failed: 0 },
    });
    expect(res.statusCode).toBe(200);
    expect(sent[0]).toMatchObject({ method: 'sendMessage', target: 501 });
    expect(sent[0]?.text).toContain('Adoption recorded');
  });

  it('401 without proof, with forged initData, with an expired or tampered link', async () => {
    const { app, sent } = await setup();
    const forged = initData({ id: 501 }, { token: '999999999:forged-token-abcdefghijklmnopqrst' });
    const old = initData({ id: 501 }, { authDate: new Date(Date.now() - 2 * 86_400_000) });
    const expired = link({ chatid: 501 }, 501, 60, Math.floor(Date.now() / 1000) - 3600);
    const tampered = link({ chatid: 501 }).replace('chatid=501', 'chatid=502');
    for (const auth of [
      undefined,
      `tma ${forged}`,
      `tma ${old}`,
      expired,
      tampered,
      'Bearer whatever',
      'tma',
    ]) {
      const res = await post(app, auth, { result: farmer });
      expect(res.statusCode, String(auth)).toBe(401);
      expect(res.json()).toHaveProperty('detail');
    }
    expect(sent).toHaveLength(0);
  });

  it('403 for a link made for another user’s chat', async () => {
    const { app, sent } = await setup();
    const res = await post(app, link({ chatid: 777, user_id: 9 }, 501), { result: farmer });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toMatch(/own chat/);
    expect(sent).toHaveLength(0);
  });

  it('400 for anything but a typed result', async () => {
    const { app } = await setup();
    const auth = `tma ${initData({ id: 501 })}`;
    for (const body of [
      { text: 'free text for the bot to say' },
      { result: { kind: 'say', text: 'hi' } },
      { result: farmer, chat_id: 1 },
      { result: { ...farmer, farmer_id: 'x' } },
    ]) {
      const res = await post(app, auth, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toHaveProperty('detail');
    }
  });

  it('413 for an oversized body', async () => {
    const { app } = await setup();
    const res = await post(app, `tma ${initData({ id: 501 })}`, {
      result: { ...farmer, name: 'x'.repeat(9000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toHaveProperty('detail');
  });

  it('rate-limits per proven user', async () => {
    const { app } = await setup();
    const auth = `tma ${initData({ id: 601 })}`;
    const other = `tma ${initData({ id: 602 })}`;
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) codes.push((await post(app, auth, { result: farmer })).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 200)).toBe(true);
    expect(codes[20]).toBe(429);
    expect((await post(app, other, { result: farmer })).statusCode).toBe(200);
  });

  it('refuses a body nested deeper than 32 levels, or not JSON, with 400 and sends nothing', async () => {
    const { app, sent } = await setup();
    const auth = `tma ${initData({ id: 501 })}`;
    const send = (payload: string) =>
      app.inject({
        method: 'POST',
        url: '/tg/result',
        headers: { authorization: auth, 'content-type': 'application/json', 'idempotency-key': 'k-deep' },
        payload,
      });
    const deep = await send(`{"result":{"kind":"group_added","x":${'['.repeat(4000)}${']'.repeat(4000)}}}`);
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toEqual({ detail: 'JSON nested deeper than 32 levels.' });
    const broken = await send('{"result":');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ detail: 'The body is not valid JSON.' });
    expect(sent).toEqual([]);
    // Brackets inside strings are text, not nesting.
    const ok = await send(
      JSON.stringify({ result: { kind: 'group_added', group_id: 3, group_name: '['.repeat(100) } }),
    );
    expect(ok.statusCode).toBe(200);
    expect(sent).toHaveLength(1);
  });
});
