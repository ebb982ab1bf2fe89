import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../clock.js';
import { type RunningEmulator, startEmulator } from '../start.js';
import { callApi, ok } from '../test-kit.js';
import type { Update } from '../types.js';

const clock = createManualClock();
let tg: RunningEmulator;

beforeAll(async () => {
  tg = await startEmulator({ limits: { rate: false, callbackQueryTtlMs: 60_000 }, clock });
});
afterAll(() => tg.close());

const tooOld = {
  status: 400,
  body: {
    ok: false,
    error_code: 400,
    description: 'Bad Request: query is too old and response timeout expired or query ID is invalid',
  },
};

describe('callback queries', () => {
  it('delivers callback_query with the message and data, and takes one answer while fresh', async () => {
    const u = tg.emulator.createUser({ first_name: 'Kebede' });
    await u.send('/start');
    const sent = await ok<{ message_id: number }>(tg, 'sendMessage', {
      chat_id: u.id,
      text: 'Continue?',
      reply_markup: {
        inline_keyboard: [
          [
            { text: 'Yes', callback_data: 'yes' },
            { text: 'Docs', url: 'https://gebere.et/docs' },
          ],
        ],
      },
    });
    const press = await u.pressInline(sent.message_id, 'Yes');
    if (press.kind !== 'callback') throw new Error('expected a callback press');
    const updates = await ok<Update[]>(tg, 'getUpdates', {});
    expect(updates.at(-1)?.callback_query).toMatchObject({
      id: press.queryId,
      from: { id: u.id },
      data: 'yes',
      chat_instance: expect.stringMatching(/^\d+$/),
      message: { message_id: sent.message_id, text: 'Continue?' },
    });
    await ok(tg, 'answerCallbackQuery', {
      callback_query_id: press.queryId,
      text: 'Saved',
      show_alert: true,
    });
    await expect(press.waitForAnswer()).resolves.toEqual({ text: 'Saved', show_alert: true });
    // A second answer, an unknown id and a stale query all get the same refusal.
    expect(await callApi(tg, 'answerCallbackQuery', { callback_query_id: press.queryId })).toEqual(tooOld);
    expect(await callApi(tg, 'answerCallbackQuery', { callback_query_id: '123' })).toEqual(tooOld);
    const late = await u.pressInline(sent.message_id, 'Yes');
    clock.advance(60_001);
    expect(
      await callApi(tg, 'answerCallbackQuery', {
        callback_query_id: late.kind === 'callback' ? late.queryId : '',
      }),
    ).toEqual(tooOld);
    // A url button only tells where it leads.
    expect(await u.pressInline(sent.message_id, 'Docs')).toEqual({
      kind: 'url',
      url: 'https://gebere.et/docs',
    });
  });
});

describe('commands', () => {
  it('stores lists per scope and language and shows each user the list Telegram would', async () => {
    const en = [{ command: 'start', description: 'Start' }];
    const am = [{ command: 'start', description: 'ጀምር' }];
    const special = [{ command: 'admin', description: 'Admin tools' }];
    await ok(tg, 'setMyCommands', { commands: en });
    await ok(tg, 'setMyCommands', { commands: am, language_code: 'am' });
    const amharic = tg.emulator.createUser({ first_name: 'Hirut', language_code: 'am' });
    const english = tg.emulator.createUser({ first_name: 'John', language_code: 'en' });
    await ok(tg, 'setMyCommands', { commands: special, scope: { type: 'chat', chat_id: english.id } });

    expect(await ok(tg, 'getMyCommands', {})).toEqual(en);
    expect(await ok(tg, 'getMyCommands', { language_code: 'am' })).toEqual(am);
    expect(await ok(tg, 'getMyCommands', { scope: { type: 'all_private_chats' } })).toEqual([]);
    expect(amharic.commands()).toEqual(am);
    expect(english.commands()).toEqual(special);

    await ok(tg, 'deleteMyCommands', { scope: { type: 'chat', chat_id: english.id } });
    expect(english.commands()).toEqual(en);
  });

  it('refuses invalid commands', async () => {
    const bad = (commands: unknown) => callApi(tg, 'setMyCommands', { commands });
    expect((await bad([{ command: 'Start', description: 'x' }])).body.description).toBe(
      'Bad Request: BOT_COMMAND_INVALID',
    );
    expect((await bad([{ command: 'start', description: '' }])).body.description).toBe(
      'Bad Request: BOT_COMMAND_DESCRIPTION_INVALID',
    );
    expect(
      (await callApi(tg, 'setMyCommands', { commands: [], language_code: 'amh' })).body.description,
    ).toBe('Bad Request: invalid language code specified');
  });
});

describe('menu button', () => {
  it('falls back from the chat to the bot default to the commands list', async () => {
    const u = tg.emulator.createUser({ first_name: 'Dawit' });
    expect(await ok(tg, 'getChatMenuButton', { chat_id: u.id })).toEqual({ type: 'commands' });
    const app = { type: 'web_app', text: 'Open Gebere', web_app: { url: 'https://gebere.et/app' } };
    await ok(tg, 'setChatMenuButton', { menu_button: app });
    expect(await ok(tg, 'getChatMenuButton', { chat_id: u.id })).toEqual(app);
    expect(u.menuButton()).toEqual(app);
    await ok(tg, 'setChatMenuButton', { chat_id: u.id, menu_button: { type: 'commands' } });
    expect(u.menuButton()).toEqual({ type: 'commands' });
    expect(() => u.launchFromMenu()).toThrow(/commands list/);
    expect((await callApi(tg, 'setChatMenuButton', { chat_id: 1, menu_button: app })).body.description).toBe(
      'Bad Request: chat not found',
    );
  });
});
