import { createPublicKey, verify } from 'node:crypto';
import { parse, validate } from '@telegram-apps/init-data-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from './client-api.js';
import { createManualClock } from './clock.js';
import { buildLaunchUrl, readLaunchParams } from './launch.js';
import { type RunningEmulator, startEmulator } from './start.js';
import { callApi, ok } from './test-kit.js';
import { THEMES } from './themes.js';
import type { Update } from './types.js';

const clock = createManualClock(Date.now());
let tg: RunningEmulator;
let user: TestUser;
const APP = 'https://app.gebere.et/farmer?kebele=12&sig=abc';

beforeAll(async () => {
  tg = await startEmulator({
    limits: { rate: false, webAppQueryTtlMs: 60_000 },
    clock,
    webAppUrlRewrite: (url) => url.replace('https://app.gebere.et', 'http://localhost:5173'),
  });
  user = tg.emulator.createUser({
    first_name: 'Abebe',
    last_name: 'Bikila',
    username: 'abebe_da',
    language_code: 'am',
  });
  await user.send('/start');
  await ok(tg, 'sendMessage', {
    chat_id: user.id,
    text: 'Open',
    reply_markup: { keyboard: [[{ text: 'Register farmer', web_app: { url: APP } }]], resize_keyboard: true },
  });
  await ok(tg, 'sendMessage', {
    chat_id: user.id,
    text: 'Or here',
    reply_markup: { inline_keyboard: [[{ text: 'Open inline', web_app: { url: APP } }]] },
  });
  await ok(tg, 'setChatMenuButton', {
    menu_button: { type: 'web_app', text: 'Gebere', web_app: { url: APP } },
  });
});
afterAll(() => tg.close());

const inlineMessage = () => user.botMessages().find((m) => m.text === 'Or here') ?? 0;

/** Ed25519 over "<bot id>:WebAppData\n" + the sorted fields without hash and signature. */
function signatureValid(initData: string): boolean {
  const params = new URLSearchParams(initData);
  const signature = params.get('signature') ?? '';
  const check = [...params.entries()]
    .filter(([k]) => k !== 'hash' && k !== 'signature')
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('\n');
  const key = createPublicKey({
    key: Buffer.concat([
      Buffer.from('302a300506032b6570032100', 'hex'),
      Buffer.from(tg.emulator.initDataPublicKey, 'hex'),
    ]),
    format: 'der',
    type: 'spki',
  });
  return verify(
    null,
    Buffer.from(`123456789:WebAppData\n${check}`),
    key,
    Buffer.from(signature, 'base64url'),
  );
}

describe('launch URLs', () => {
  it('keep the button URL and its query, and append the launch parameters in the fragment', () => {
    const app = user.launchFromInline(inlineMessage(), 'Open inline');
    const [base] = app.url.split('#');
    expect(base).toBe('http://localhost:5173/farmer?kebele=12&sig=abc');
    const p = app.launchParams;
    expect(p.get('tgWebAppVersion')).toBe('9.0');
    expect(p.get('tgWebAppPlatform')).toBe('weba');
    expect(JSON.parse(p.get('tgWebAppThemeParams') ?? '')).toEqual(THEMES.light);
    expect(p.get('tgWebAppData')).toBe(app.initData);
  });

  it('put the parameters after an existing fragment (hash routers)', () => {
    const url = buildLaunchUrl('http://x.test/#/farmer', {
      initData: undefined,
      version: '8.0',
      platform: 'android',
      theme: 'dark',
    });
    expect(url.startsWith('http://x.test/#/farmer?tgWebAppVersion=8.0&tgWebAppPlatform=android')).toBe(true);
    expect(JSON.parse(readLaunchParams(url).get('tgWebAppThemeParams') ?? '')).toEqual(THEMES.dark);
  });
});

describe('initData', () => {
  it.each(['inline', 'menu'] as const)(
    'from the %s button is signed with the bot token and has query_id and signature',
    (kind) => {
      const app =
        kind === 'inline' ? user.launchFromInline(inlineMessage(), 'Open inline') : user.launchFromMenu();
      const initData = app.initData ?? '';
      expect(() => validate(initData, tg.token)).not.toThrow();
      expect(() => validate(initData, '123456789:another-token')).toThrow();
      const parsed = parse(initData);
      expect(parsed.query_id).toBe(app.queryId);
      expect(parsed.signature).toMatch(/^[A-Za-z0-9_-]{80,}$/);
      expect(parsed.user).toEqual({
        id: user.id,
        first_name: 'Abebe',
        last_name: 'Bikila',
        username: 'abebe_da',
        language_code: 'am',
        allows_write_to_pm: true,
      });
      expect(parsed.auth_date.getTime()).toBe(Math.floor(clock.now() / 1000) * 1000);
      expect(signatureValid(initData)).toBe(true);
    },
  );

  it('is tamper-evident: changing the user breaks the hash', () => {
    const app = user.launchFromMenu();
    const forged = (app.initData ?? '').replace('Abebe', 'Mallory');
    expect(() => validate(forged, tg.token)).toThrow();
  });

  it('is absent from a reply-keyboard launch, which gets only the other parameters', () => {
    const app = user.launchFromReply('Register farmer');
    expect(app.source).toBe('reply_keyboard');
    expect(app.initData).toBeUndefined();
    expect(app.launchParams.has('tgWebAppData')).toBe(false);
    expect(app.launchParams.get('tgWebAppVersion')).toBe('9.0');
  });
});

describe('sendData', () => {
  it('from a reply-keyboard app becomes a message with web_app_data and closes the app', async () => {
    const app = user.launchFromReply('Register farmer');
    const data = JSON.stringify({ kind: 'farmer_registered', id: 7 });
    const message = await app.sendData(data);
    expect(message.raw).toMatchObject({
      from: { id: user.id },
      web_app_data: { data, button_text: 'Register farmer' },
    });
    expect(message.raw.text).toBeUndefined();
    expect(app.closed).toBe(true);
    await expect(app.sendData('again')).rejects.toThrow(/already closed/);
    const updates = await ok<Update[]>(tg, 'getUpdates', {});
    expect(updates.at(-1)?.message?.web_app_data).toEqual({ data, button_text: 'Register farmer' });
  });

  it('takes up to 4096 bytes and refuses more, or nothing', async () => {
    await expect(user.launchFromReply('Register farmer').sendData('ሀ'.repeat(1365))).resolves.toBeDefined(); // 4095 bytes
    await expect(user.launchFromReply('Register farmer').sendData('x'.repeat(4097))).rejects.toThrow(
      /WebAppDataInvalid/,
    );
    await expect(user.launchFromReply('Register farmer').sendData('ሀ'.repeat(1366))).rejects.toThrow(/4098/);
    await expect(user.launchFromReply('Register farmer').sendData('')).rejects.toThrow(/WebAppDataInvalid/);
  });

  it('is ignored by Telegram outside reply-keyboard launches', async () => {
    await expect(user.launchFromMenu().sendData('x')).rejects.toThrow(/reply-keyboard/);
  });
});

describe('answerWebAppQuery', () => {
  const article = (text: string) => ({
    type: 'article',
    id: 'r1',
    title: 'Result',
    input_message_content: { message_text: text, parse_mode: 'HTML' },
  });

  it('with a live query_id puts the article in the chat "via" the bot and returns inline_message_id', async () => {
    const app = user.launchFromInline(inlineMessage(), 'Open inline');
    const answer = await ok<{ inline_message_id: string }>(tg, 'answerWebAppQuery', {
      web_app_query_id: app.queryId,
      result: article('<b>Farmer</b> registered'),
    });
    expect(answer.inline_message_id).toMatch(/^[A-Za-z0-9_-]+$/);
    const last = user.lastMessage();
    expect(last).toMatchObject({
      from: 'user',
      text: 'Farmer registered',
      entities: [{ type: 'bold', offset: 0, length: 6 }],
    });
    expect(last?.raw.via_bot).toMatchObject({ id: 123456789, username: 'gebere_local_bot' });
    // The bot can still edit it through inline_message_id.
    expect(
      await ok(tg, 'editMessageText', { inline_message_id: answer.inline_message_id, text: 'Farmer saved' }),
    ).toBe(true);
    expect(user.lastMessage()?.text).toBe('Farmer saved');
  });

  it('refuses a used, unknown or expired query_id', async () => {
    const tooOld = 'Bad Request: query is too old and response timeout expired or query ID is invalid';
    const app = user.launchFromMenu();
    await ok(tg, 'answerWebAppQuery', { web_app_query_id: app.queryId, result: article('one') });
    expect(
      (await callApi(tg, 'answerWebAppQuery', { web_app_query_id: app.queryId, result: article('two') }))
        .body,
    ).toEqual({
      ok: false,
      error_code: 400,
      description: tooOld,
    });
    expect(
      (await callApi(tg, 'answerWebAppQuery', { web_app_query_id: 'AAEmadeup', result: article('x') })).body
        .description,
    ).toBe(tooOld);
    const stale = user.launchFromMenu();
    clock.advance(60_001);
    expect(
      (await callApi(tg, 'answerWebAppQuery', { web_app_query_id: stale.queryId, result: article('x') })).body
        .description,
    ).toBe(tooOld);
  });

  it('leaves the query answerable when the result itself is invalid', async () => {
    const app = user.launchFromMenu();
    expect(
      (
        await callApi(tg, 'answerWebAppQuery', {
          web_app_query_id: app.queryId,
          result: { type: 'photo', id: 'p' },
        })
      ).body.description,
    ).toBe('Bad Request: RESULT_TYPE_INVALID');
    expect(
      (await callApi(tg, 'answerWebAppQuery', { web_app_query_id: app.queryId, result: article('ok now') }))
        .body.ok,
    ).toBe(true);
  });
});
