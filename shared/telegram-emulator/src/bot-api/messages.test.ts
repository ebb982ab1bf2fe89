import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestUser } from '../client-api.js';
import { createManualClock } from '../clock.js';
import { type RunningEmulator, startEmulator } from '../start.js';
import { callApi, ok } from '../test-kit.js';

const clock = createManualClock();
let tg: RunningEmulator;
let user: TestUser;

beforeAll(async () => {
  tg = await startEmulator({ limits: false, clock });
});
afterAll(() => tg.close());
beforeEach(async () => {
  user = tg.createUser({ first_name: 'Almaz', language_code: 'am', phone_number: '+251911000001' });
  await user.send('/start');
});

const failure = (status: number, description: string) => ({
  status,
  body: { ok: false, error_code: status, description },
});

describe('Bot API envelope', () => {
  it('answers getMe with the bot and { ok, result }', async () => {
    expect(await callApi(tg, 'getMe')).toEqual({
      status: 200,
      body: {
        ok: true,
        result: expect.objectContaining({ id: 123456789, is_bot: true, username: 'gebere_local_bot' }),
      },
    });
  });

  it('refuses a wrong token with 401 and a malformed one or an unknown method with 404', async () => {
    expect(await callApi(tg, 'getMe', {}, 'json', '123456789:WRONG')).toEqual(failure(401, 'Unauthorized'));
    expect(await callApi(tg, 'getMe', {}, 'json', 'not-a-token')).toEqual(failure(404, 'Not Found'));
    expect(await callApi(tg, 'sendPigeon')).toEqual(failure(404, 'Not Found'));
  });

  it('matches method names case-insensitively and accepts GET with a query string', async () => {
    const answer = await callApi(tg, 'SENDMESSAGE', { chat_id: user.id, text: 'q' }, 'query');
    expect(answer.body).toMatchObject({ ok: true, result: { text: 'q' } });
  });

  it('reads a form body with JSON-encoded reply_markup, like Telegram', async () => {
    const answer = await callApi(
      tg,
      'sendMessage',
      {
        chat_id: String(user.id),
        text: 'form',
        reply_markup: { inline_keyboard: [[{ text: 'A', callback_data: 'a' }]] },
      },
      'form',
    );
    expect(answer.body).toMatchObject({
      ok: true,
      result: { reply_markup: { inline_keyboard: [[{ text: 'A' }]] } },
    });
  });

  it('answers invalid JSON with 400', async () => {
    const res = await fetch(`${tg.apiRoot}/bot${tg.token}/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"chat_id":',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ ok: false, error_code: 400 });
  });
});

describe('sendMessage', () => {
  it('returns the Message with from, chat, date and parsed entities', async () => {
    const result = await ok(tg, 'sendMessage', {
      chat_id: user.id,
      text: '<b>ሰላም</b> Almaz, send /help or visit https://gebere.et',
      parse_mode: 'HTML',
    });
    expect(result).toMatchObject({
      message_id: expect.any(Number),
      from: { id: 123456789, is_bot: true },
      chat: { id: user.id, type: 'private', first_name: 'Almaz' },
      date: Math.floor(clock.now() / 1000),
      text: 'ሰላም Almaz, send /help or visit https://gebere.et',
      entities: [
        { type: 'bold', offset: 0, length: 3 },
        { type: 'bot_command', offset: 16, length: 5 },
        { type: 'url', offset: 31, length: 17 },
      ],
    });
  });

  const me = Symbol('the user');
  it.each([
    [{ text: 'x' }, 'Bad Request: chat_id is empty'],
    [{ chat_id: 42, text: 'x' }, 'Bad Request: chat not found'],
    [{ chat_id: '@someone', text: 'x' }, 'Bad Request: chat not found'],
    [{ chat_id: me }, 'Bad Request: message text is empty'],
    [{ chat_id: me, text: '' }, 'Bad Request: message text is empty'],
    [{ chat_id: me, text: '  \n ' }, 'Bad Request: message text is empty'],
    [{ chat_id: me, text: '<b> </b>', parse_mode: 'HTML' }, 'Bad Request: message text is empty'],
    [
      { chat_id: me, text: '<b>x</i>', parse_mode: 'HTML' },
      `Bad Request: can't parse entities: Unmatched end tag at byte offset 4, expected "</b>", found "</i>"`,
    ],
    [{ chat_id: me, text: 'x', parse_mode: 'Whatever' }, 'Bad Request: unsupported parse_mode'],
  ])('refuses %j with 400 %s', async (params, description) => {
    const withChat = {
      ...params,
      ...('chat_id' in params && params.chat_id === me ? { chat_id: user.id } : {}),
    };
    expect(await callApi(tg, 'sendMessage', withChat)).toEqual(failure(400, description));
  });

  it('counts 4096 characters after entity parsing, not the markup', async () => {
    const body = 'ሀ'.repeat(4096);
    await expect(
      ok(tg, 'sendMessage', { chat_id: user.id, text: `<b>${body}</b>`, parse_mode: 'HTML' }),
    ).resolves.toMatchObject({
      text: body,
    });
    expect(await callApi(tg, 'sendMessage', { chat_id: user.id, text: `${body}!` })).toEqual(
      failure(400, 'Bad Request: message is too long'),
    );
    // Emoji are one character each although two UTF-16 units.
    await expect(ok(tg, 'sendMessage', { chat_id: user.id, text: '😀'.repeat(4096) })).resolves.toBeDefined();
  });

  it('refuses a user who never wrote to the bot, and a user who blocked it', async () => {
    const stranger = tg.createUser({ first_name: 'Stranger' });
    expect(await callApi(tg, 'sendMessage', { chat_id: stranger.id, text: 'hi' })).toEqual(
      failure(403, "Forbidden: bot can't initiate conversation with a user"),
    );
    user.block();
    expect(await callApi(tg, 'sendMessage', { chat_id: user.id, text: 'hi' })).toEqual(
      failure(403, 'Forbidden: bot was blocked by the user'),
    );
    expect(await callApi(tg, 'sendChatAction', { chat_id: user.id, action: 'typing' })).toEqual(
      failure(403, 'Forbidden: bot was blocked by the user'),
    );
    user.unblock();
    await expect(ok(tg, 'sendMessage', { chat_id: user.id, text: 'welcome back' })).resolves.toBeDefined();
  });

  it('checks callback_data is 1–64 bytes (bytes, not characters)', async () => {
    const send = (data: string) =>
      callApi(tg, 'sendMessage', {
        chat_id: user.id,
        text: 'k',
        reply_markup: { inline_keyboard: [[{ text: 'B', callback_data: data }]] },
      });
    expect((await send('x'.repeat(64))).body.ok).toBe(true);
    expect(await send('x'.repeat(65))).toEqual(failure(400, 'Bad Request: BUTTON_DATA_INVALID'));
    expect(await send('ሀ'.repeat(22))).toEqual(failure(400, 'Bad Request: BUTTON_DATA_INVALID')); // 66 bytes
    expect(await send('')).toEqual(failure(400, 'Bad Request: BUTTON_DATA_INVALID'));
  });

  it('refuses malformed keyboards with Telegram’s descriptions', async () => {
    const send = (reply_markup: unknown) =>
      callApi(tg, 'sendMessage', { chat_id: user.id, text: 'k', reply_markup });
    expect(await send({ inline_keyboard: [[{ text: 'plain' }]] })).toEqual(
      failure(
        400,
        "Bad Request: can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard",
      ),
    );
    expect(await send({ inline_keyboard: [[{ text: 'u', url: 'not a url' }]] })).toEqual(
      failure(400, 'Bad Request: BUTTON_URL_INVALID'),
    );
    expect(await send('{nope')).toEqual(
      failure(400, "Bad Request: can't parse reply keyboard markup JSON object"),
    );
    expect(await send({ inline_keyboard: 'x' })).toEqual(
      failure(
        400,
        'Bad Request: field "inline_keyboard" of the InlineKeyboardMarkup should be an Array of Arrays',
      ),
    );
  });

  it('keeps the chat’s reply keyboard in step with the markup sent', async () => {
    await ok(tg, 'sendMessage', {
      chat_id: user.id,
      text: 'pick',
      reply_markup: {
        keyboard: [
          ['Plain'],
          [{ text: 'Share', request_contact: true }],
          [{ text: 'App', web_app: { url: 'https://a.example/x?y=1' } }],
        ],
        resize_keyboard: true,
        one_time_keyboard: true,
        is_persistent: true,
      },
    });
    const keyboard = user.keyboard();
    expect(keyboard?.markup).toMatchObject({
      resize_keyboard: true,
      one_time_keyboard: true,
      is_persistent: true,
    });
    expect(keyboard?.markup.keyboard[0]).toEqual([{ text: 'Plain' }]);
    // The returned Message carries only inline keyboards, as on Telegram.
    expect(user.lastMessage()?.raw.reply_markup).toBeUndefined();
    await ok(tg, 'sendMessage', {
      chat_id: user.id,
      text: 'bye keyboard',
      reply_markup: { remove_keyboard: true },
    });
    expect(user.keyboard()).toBeUndefined();
  });

  it('refuses an unknown chat action and accepts typing', async () => {
    expect(await callApi(tg, 'sendChatAction', { chat_id: user.id, action: 'dancing' })).toEqual(
      failure(400, 'Bad Request: wrong parameter action in request'),
    );
    expect((await callApi(tg, 'sendChatAction', { chat_id: user.id, action: 'typing' })).body).toEqual({
      ok: true,
      result: true,
    });
  });
});

describe('editing and deleting', () => {
  const keyboard = { inline_keyboard: [[{ text: 'Go', callback_data: 'go' }]] };

  it('edits text, sets edit_date, and drops the inline keyboard unless it is repeated', async () => {
    const sent = await ok<{ message_id: number }>(tg, 'sendMessage', {
      chat_id: user.id,
      text: 'v1',
      reply_markup: keyboard,
    });
    clock.advance(1000);
    const edited = await ok(tg, 'editMessageText', {
      chat_id: user.id,
      message_id: sent.message_id,
      text: '<i>v2</i>',
      parse_mode: 'HTML',
    });
    expect(edited).toMatchObject({ text: 'v2', edit_date: Math.floor(clock.now() / 1000) });
    expect(edited.reply_markup).toBeUndefined();
    expect(user.message(sent.message_id)).toMatchObject({
      text: 'v2',
      entities: [{ type: 'italic', offset: 0, length: 2 }],
    });
    expect(user.message(sent.message_id)?.reply_markup).toBeUndefined();
  });

  it('answers Telegram’s errors for edits', async () => {
    const sent = await ok<{ message_id: number }>(tg, 'sendMessage', {
      chat_id: user.id,
      text: 'same',
      reply_markup: keyboard,
    });
    expect(
      await callApi(tg, 'editMessageText', {
        chat_id: user.id,
        message_id: sent.message_id,
        text: 'same',
        reply_markup: keyboard,
      }),
    ).toEqual(
      failure(
        400,
        'Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message',
      ),
    );
    expect(await callApi(tg, 'editMessageText', { chat_id: user.id, text: 'x' })).toEqual(
      failure(400, 'Bad Request: message identifier is not specified'),
    );
    expect(await callApi(tg, 'editMessageText', { chat_id: user.id, message_id: 9999, text: 'x' })).toEqual(
      failure(400, 'Bad Request: message to edit not found'),
    );
    const mine = (await user.send('my own words')).message_id;
    expect(await callApi(tg, 'editMessageText', { chat_id: user.id, message_id: mine, text: 'x' })).toEqual(
      failure(400, "Bad Request: message can't be edited"),
    );
  });

  it('replaces and removes inline keyboards with editMessageReplyMarkup', async () => {
    const sent = await ok<{ message_id: number }>(tg, 'sendMessage', {
      chat_id: user.id,
      text: 'k',
      reply_markup: keyboard,
    });
    const next = { inline_keyboard: [[{ text: 'Done', callback_data: 'done' }]] };
    await ok(tg, 'editMessageReplyMarkup', {
      chat_id: user.id,
      message_id: sent.message_id,
      reply_markup: next,
    });
    expect(user.message(sent.message_id)?.reply_markup).toEqual(next);
    await ok(tg, 'editMessageReplyMarkup', { chat_id: user.id, message_id: sent.message_id });
    expect(user.message(sent.message_id)?.reply_markup).toBeUndefined();
  });

  it('deletes messages from both sides, but not after 48 hours', async () => {
    const a = await ok<{ message_id: number }>(tg, 'sendMessage', { chat_id: user.id, text: 'to delete' });
    expect(
      (await callApi(tg, 'deleteMessage', { chat_id: user.id, message_id: a.message_id })).body.result,
    ).toBe(true);
    expect(user.message(a.message_id)).toBeUndefined();
    expect(await callApi(tg, 'deleteMessage', { chat_id: user.id, message_id: a.message_id })).toEqual(
      failure(400, 'Bad Request: message to delete not found'),
    );
    const old = await user.send('old');
    clock.advance(48 * 3_600_000 + 1000);
    expect(await callApi(tg, 'deleteMessage', { chat_id: user.id, message_id: old.message_id })).toEqual(
      failure(400, "Bad Request: message can't be deleted for everyone"),
    );
  });
});
