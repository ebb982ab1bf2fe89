import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningEmulator, startEmulator } from './start.js';
import { ok } from './test-kit.js';
import type { Update } from './types.js';

let tg: RunningEmulator;
beforeAll(async () => {
  tg = await startEmulator({ limits: false });
});
afterAll(() => tg.close());

const say = (chatId: number, text: string, extra: Record<string, unknown> = {}) =>
  ok(tg, 'sendMessage', { chat_id: chatId, text, ...extra });

describe('TestUser', () => {
  it('reads the conversation in order: each wait returns the next matching bot message', async () => {
    const u = tg.createUser({ first_name: 'Selam' });
    await u.send('/start');
    await say(u.id, 'one');
    await say(u.id, 'two');
    expect((await u.waitForMessage()).text).toBe('one');
    expect((await u.waitForMessage()).text).toBe('two');
    setTimeout(() => void say(u.id, 'three'), 30);
    expect((await u.waitForMessage((m) => m.text === 'three')).text).toBe('three');
    // A new action moves the cursor past everything before it.
    await say(u.id, 'stale');
    await u.send('again');
    setTimeout(() => void say(u.id, 'fresh'), 30);
    expect((await u.waitForMessage()).text).toBe('fresh');
  });

  it('times out with the whole chat in the error', async () => {
    const u = tg.createUser({ first_name: 'Meseret' });
    await u.send('/start');
    await say(u.id, 'Choose', { reply_markup: { inline_keyboard: [[{ text: 'Yes', callback_data: 'y' }]] } });
    const error = await u
      .waitForMessage((m) => m.text === 'never', { timeoutMs: 100 })
      .catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message).toMatch(/^Timed out after 100 ms waiting for a bot message after #1 matching/);
    expect(message).toContain(`Chat with Meseret (id ${u.id}):`);
    expect(message).toContain('#1 Meseret: "/start"');
    expect(message).toContain('#2 bot: "Choose" [inline: Yes (callback y)]');
  });

  it('explains what is on the keyboard when a button is missing, and hides one-time keyboards after use', async () => {
    const u = tg.createUser({ first_name: 'Dawit' });
    await u.send('/start');
    await expect(u.pressReply('Menu')).rejects.toThrow('The chat shows no reply keyboard');
    await say(u.id, 'k', { reply_markup: { keyboard: [['Yes', 'No']], one_time_keyboard: true } });
    await expect(u.pressReply('Maybe')).rejects.toThrow('No reply button "Maybe"; the keyboard has: Yes, No');
    const press = await u.pressReply('No');
    expect(press).toMatchObject({ kind: 'message', message: { from: 'user', text: 'No' } });
    expect(u.keyboard()?.hidden).toBe(true);
    // Still reachable through the keyboard icon, as in Telegram; by position too.
    await expect(u.pressReply({ row: 0, column: 0 })).resolves.toMatchObject({ message: { text: 'Yes' } });
  });

  it('sends commands with bot_command entities and shares the contact with user_id', async () => {
    const u = tg.createUser({ first_name: 'Almaz', last_name: 'T', phone_number: '+251922000000' });
    const start = await u.send('/start@gebere_local_bot ref42');
    expect(start.entities).toEqual([{ type: 'bot_command', offset: 0, length: 23 }]);
    const contact = await u.shareContact();
    expect(contact.raw.contact).toEqual({
      phone_number: '251922000000',
      first_name: 'Almaz',
      last_name: 'T',
      user_id: u.id,
    });
    const nophone = tg.createUser({ first_name: 'NoPhone' });
    await expect(nophone.shareContact()).rejects.toThrow(/no phone_number/);
  });

  it('blocks and restarts like Telegram: my_chat_member updates, and a blocked user cannot write', async () => {
    const u = tg.createUser({ first_name: 'Kebede' });
    await u.send('/start');
    await ok(tg, 'getUpdates', { offset: -1 });
    u.block();
    await expect(u.send('hello?')).rejects.toThrow(/blocked the bot/);
    await u.restart();
    const updates = await ok<Update[]>(tg, 'getUpdates', {});
    const kinds = updates.slice(1).map((x) => x.my_chat_member?.new_chat_member.status ?? x.message?.text);
    expect(kinds).toEqual(['kicked', 'member', '/start']);
  });
});
