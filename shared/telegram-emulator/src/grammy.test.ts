// A real grammY bot talks to the emulator with nothing changed but `client.apiRoot`.
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { Bot, InlineKeyboard, InputFile, Keyboard, webhookCallback } from 'grammy';
import { afterEach, describe, expect, it } from 'vitest';
import { Emulator } from './emulator.js';
import { emulatorPlugin } from './plugin.js';
import { type RunningEmulator, startEmulator } from './start.js';

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups.length = 0;
});

/** The conversation Gebere's bot has in miniature: keyboard, contact, inline button, edit. */
function buildBot(token: string, apiRoot: string, appUrl: string) {
  const bot = new Bot(token, { client: { apiRoot } });
  bot.command('start', (ctx) =>
    ctx.reply(`Hello <b>${ctx.from?.first_name}</b>`, {
      parse_mode: 'HTML',
      reply_markup: new Keyboard()
        .requestContact('Share contact')
        .row()
        .webApp('Register farmer', appUrl)
        .resized(),
    }),
  );
  bot.on('message:contact', (ctx) =>
    ctx.reply(`Thanks, ${ctx.message.contact.phone_number}`, {
      reply_markup: new InlineKeyboard().text('Continue', 'continue'),
    }),
  );
  bot.callbackQuery('continue', async (ctx) => {
    await ctx.answerCallbackQuery({ text: 'Saved' });
    await ctx.editMessageText('Registered ✅');
  });
  bot.on('message:web_app_data', (ctx) => ctx.reply(`Got ${ctx.message.web_app_data.data}`));
  return bot;
}

async function converse(tg: Emulator) {
  const u = tg.createUser({ first_name: 'Abebe', language_code: 'am', phone_number: '+251911234567' });
  await u.send('/start');
  const hello = await u.waitForMessage((m) => m.text?.startsWith('Hello'));
  expect(hello.text).toBe('Hello Abebe');
  expect(hello.entities).toEqual([{ type: 'bold', offset: 6, length: 5 }]);
  expect(u.keyboard()?.markup.resize_keyboard).toBe(true);

  await u.pressReply('Share contact');
  const thanks = await u.waitForMessage((m) => m.text?.startsWith('Thanks'));
  // Telegram's Android client shares the number without '+'.
  expect(thanks.text).toBe('Thanks, 251911234567');

  const press = await u.pressInline(thanks, 'Continue');
  if (press.kind !== 'callback') throw new Error('expected a callback button');
  await expect(press.waitForAnswer()).resolves.toEqual({ text: 'Saved' });
  await u.waitFor(() => u.message(thanks)?.text === 'Registered ✅', { description: 'the edit' });
  expect(u.message(thanks)?.reply_markup).toBeUndefined();

  await u.launchFromReply('Register farmer').sendData('{"ok":true}');
  await expect(u.waitForMessage()).resolves.toMatchObject({ text: 'Got {"ok":true}' });
}

describe('grammY against the emulator', () => {
  it('long polling with bot.start()', async () => {
    const tg: RunningEmulator = await startEmulator({ limits: false });
    cleanups.push(() => tg.close());
    const bot = buildBot(tg.token, tg.apiRoot, 'https://app.gebere.et/farmer');
    let started!: () => void;
    const ready = new Promise<void>((r) => {
      started = r;
    });
    const running = bot.start({ onStart: () => started(), timeout: 30 });
    cleanups.push(async () => {
      await bot.stop();
      await running;
    });
    await ready;
    await converse(tg.emulator);
  });

  it('sendDocument with an uploaded file (multipart): the chat keeps its name, caption and bytes', async () => {
    const tg = await startEmulator({ limits: false });
    cleanups.push(() => tg.close());
    const bot = new Bot(tg.token, { client: { apiRoot: tg.apiRoot } });
    const u = tg.emulator.createUser({ first_name: 'Abebe' });
    await u.send('/start');
    const csv = '\uFEFFsection,name\r\nperiod,ባሕር ዳር\r\n';
    const sent = await bot.api.sendDocument(u.id, new InputFile(Buffer.from(csv), 'report.csv'), {
      caption: 'Reports',
    });
    expect(sent.document).toMatchObject({ file_name: 'report.csv', file_size: Buffer.byteLength(csv) });
    expect(sent.caption).toBe('Reports');
    const m = await u.waitForMessage((m) => m.document !== undefined);
    expect(m.text).toBe('Reports');
    expect(Buffer.from(m.document?.bytes ?? []).toString('utf8')).toBe(csv);
    await expect(bot.api.sendDocument(u.id, 'some-file-id')).rejects.toMatchObject({ error_code: 400 });
  });

  it('sendPhoto with an uploaded file (multipart): the chat keeps the caption and bytes', async () => {
    const tg = await startEmulator({ limits: false });
    cleanups.push(() => tg.close());
    const bot = new Bot(tg.token, { client: { apiRoot: tg.apiRoot } });
    const u = tg.emulator.createUser({ first_name: 'Abebe' });
    await u.send('/start');
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const sent = await bot.api.sendPhoto(u.id, new InputFile(png, 'digest.png'), {
      caption: 'Weekly digest',
    });
    expect(sent.photo?.[0]).toMatchObject({ file_size: png.length });
    expect(sent.caption).toBe('Weekly digest');
    const m = await u.waitForMessage((m) => m.photo !== undefined);
    expect(m.text).toBe('Weekly digest');
    expect(Buffer.from(m.photo?.bytes ?? [])).toEqual(png);
    await expect(bot.api.sendPhoto(u.id, 'some-file-id')).rejects.toMatchObject({ error_code: 400 });
  });

  it('a second polling instance makes grammY stop with 409', async () => {
    const tg = await startEmulator({ limits: false });
    cleanups.push(() => tg.close());
    const first = new Bot(tg.token, { client: { apiRoot: tg.apiRoot } });
    let started!: () => void;
    const ready = new Promise<void>((r) => {
      started = r;
    });
    const running = first.start({ onStart: () => started() });
    await ready;
    const stopped = expect(running).rejects.toMatchObject({ error_code: 409 });
    await new Promise((r) => setTimeout(r, 50));
    const second = await fetch(`${tg.apiRoot}/bot${tg.token}/getUpdates`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ timeout: 0 }),
    });
    expect(second.status).toBe(200);
    await stopped;
  });

  it('webhook mode with webhookCallback and a secret token', async () => {
    const tg = await startEmulator({ limits: false, webhook: { retryMinMs: 20, retryMaxMs: 50 } });
    cleanups.push(() => tg.close());
    const bot = buildBot(tg.token, tg.apiRoot, 'https://app.gebere.et/farmer');
    await bot.init();
    // The last delivery may still be in flight when the test ends; don't wait out keep-alive.
    const server = Fastify({ forceCloseConnections: true });
    server.post('/tg/webhook', webhookCallback(bot, 'fastify', { secretToken: 'hook-secret' }));
    await server.listen({ port: 0, host: '127.0.0.1' });
    cleanups.push(() => server.close());
    const url = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}/tg/webhook`;

    // A wrong secret is refused by grammY; the emulator records the failure and keeps retrying.
    await bot.api.setWebhook(url, { secret_token: 'wrong-secret' });
    const u = tg.emulator.createUser({ first_name: 'Tesfaye' });
    await u.send('/start');
    await u.waitFor(() => tg.emulator.webhook.info([]).last_error_message, {
      description: 'a failed delivery',
    });
    expect((await bot.api.getWebhookInfo()).last_error_message).toBe(
      'Wrong response from the webhook: 401 Unauthorized',
    );

    await bot.api.setWebhook(url, { secret_token: 'hook-secret' });
    await expect(u.waitForMessage((m) => m.text?.startsWith('Hello'))).resolves.toMatchObject({
      text: 'Hello Tesfaye',
    });
    await converse(tg.emulator);
  });

  it('mounts in a host server under /emulator beside the host’s own routes and parsers', async () => {
    const emulator = new Emulator({ limits: false });
    const host = Fastify({ forceCloseConnections: true });
    host.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) =>
      done(null, { host: String(body) }),
    );
    host.post('/backend/echo', async (req) => ({ got: req.body }));
    await host.register(emulatorPlugin, { prefix: '/emulator', emulator });
    await host.listen({ port: 0, host: '127.0.0.1' });
    cleanups.push(() => host.close());
    const origin = `http://127.0.0.1:${(host.server.address() as AddressInfo).port}`;

    // The host keeps its own parsers; the emulator keeps Telegram's.
    const echo = await fetch(`${origin}/backend/echo`, {
      method: 'POST',
      body: new URLSearchParams({ a: '1' }),
    });
    expect(await echo.json()).toEqual({ got: { host: 'a=1' } });
    expect((await fetch(`${origin}/emulator/`)).headers.get('content-type')).toContain('text/html');

    const bot = buildBot(emulator.token, `${origin}/emulator`, 'https://app.gebere.et/farmer');
    let started!: () => void;
    const ready = new Promise<void>((r) => {
      started = r;
    });
    const running = bot.start({ onStart: () => started() });
    cleanups.push(async () => {
      await bot.stop();
      await running;
    });
    await ready;
    await converse(emulator);
  });
});
