// The chat page in Chromium (found by ./browser.mjs): a grammY bot, a mini-app on another origin
// speaking the raw postMessage protocol, and a user clicking through it.
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { validate } from '@telegram-apps/init-data-node';
import { Bot, InlineKeyboard, InputFile, Keyboard } from 'grammy';
import { type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, chromiumPath, chromiumSkipReason } from './browser.mjs';
import { type RunningEmulator, startEmulator } from './start.js';

// playwright-core has no assertions of its own: poll with Vitest's.
const textOf = (l: Locator) => expect.poll(() => l.textContent(), { timeout: 5000 });
const shown = (l: Locator) => l.waitFor({ state: 'visible', timeout: 5000 });
const gone = (l: Locator) => l.waitFor({ state: 'hidden', timeout: 5000 });
const ARTIFACTS = join(import.meta.dirname, '..', '..', '..', 'artifacts');

/** A mini-app using only window.parent.postMessage, as Telegram's web clients expect. */
const MINI_APP = `<!doctype html><html><head><meta charset="utf-8"><title>Form</title></head>
<body style="font-family:sans-serif;padding:16px"><h2 id="state">loading</h2><p id="popup"></p><pre id="hash" style="white-space:pre-wrap;font-size:10px"></pre>
<script>
  const mode = new URLSearchParams(location.search).get('mode');
  const post = (eventType, eventData) => window.parent.postMessage(JSON.stringify({ eventType, eventData }), '*');
  document.getElementById('hash').textContent = location.hash;
  window.addEventListener('message', (e) => {
    let m; try { m = JSON.parse(e.data); } catch { return; }
    if (m.eventType === 'theme_changed') document.body.style.background = m.eventData.theme_params.bg_color;
    if (m.eventType === 'main_button_pressed') {
      post('web_app_setup_main_button', { is_visible: true, is_active: false, is_progress_visible: true, text: 'Sending…' });
      if (mode === 'popup') post('web_app_open_popup', { title: 'Save?', message: 'Save this farmer?', buttons: [{ id: 'no', type: 'cancel' }, { id: 'yes', type: 'default', text: 'Save' }] });
      else post('web_app_data_send', { data: JSON.stringify({ kind: 'farmer', name: 'Abebe', query: location.search }) });
    }
    if (m.eventType === 'popup_closed') {
      document.getElementById('popup').textContent = 'popup:' + m.eventData.button_id;
      if (m.eventData.button_id === 'yes') setTimeout(() => post('web_app_close'), 300);
    }
    if (m.eventType === 'back_button_pressed') document.getElementById('state').textContent = 'back pressed';
    // mode=storage: DeviceStorage calls, each answer matched by its req_id.
    if (m.eventType.startsWith('device_storage_')) {
      storage.push(m.eventType + ':' + m.eventData.req_id + ':' + (m.eventData.value ?? m.eventData.error ?? ''));
      document.getElementById('popup').textContent = storage.join(' ');
    }
  });
  const storage = [];
  if (mode === 'storage') {
    post('web_app_device_storage_get_key', { req_id: 'g0', key: 'outbox' });
    post('web_app_device_storage_save_key', { req_id: 's1', key: 'outbox', value: '[1,2]' });
    post('web_app_device_storage_get_key', { req_id: 'g1', key: 'outbox' });
    post('web_app_device_storage_get_key', { req_id: 'g2', key: 'missing' });
    post('web_app_device_storage_save_key', { req_id: 's2', key: '', value: 'x' });
  }
  post('iframe_ready', { reload_supported: false });
  post('web_app_ready');
  post('web_app_request_theme');
  post('web_app_setup_back_button', { is_visible: mode === 'popup' });
  post('web_app_setup_main_button', { is_visible: true, is_active: true, is_progress_visible: false, text: mode === 'popup' ? 'Save' : 'Send', color: '#2481cc', text_color: '#ffffff' });
  document.getElementById('state').textContent = 'ready';
</script></body></html>`;

/** A solid-colour RGB PNG of the given size: what a bot's chart looks like to the page. */
function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const CHART = solidPng(320, 200, [36, 129, 204]);
const CSV = Buffer.from('\uFEFFarea,reach\r\nDanamariyam,12\r\n', 'utf8');

describe.skipIf(chromiumSkipReason)('chat page (needs Chromium)', () => {
  let tg: RunningEmulator;
  let appServer: Server;
  let appUrl: string;
  let bot: Bot;
  let polling: Promise<void>;
  let browser: BrowserContext;
  let profile: string;
  const received: Array<{ data: string; button_text: string }> = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    tg = await startEmulator({ limits: false });
    appServer = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end(MINI_APP),
    );
    await new Promise<void>((r) => appServer.listen(0, '127.0.0.1', r));
    // "localhost" vs the emulator's 127.0.0.1: a different origin, as with a real deployment.
    appUrl = `http://localhost:${(appServer.address() as AddressInfo).port}/app`;

    bot = new Bot(tg.token, { client: { apiRoot: tg.apiRoot } });
    await bot.api.setMyCommands([
      { command: 'start', description: 'Start' },
      { command: 'help', description: 'Help' },
    ]);
    bot.command('start', (ctx) =>
      ctx.reply('Welcome to <b>Gebere</b>! Open the form below.', {
        parse_mode: 'HTML',
        reply_markup: new Keyboard()
          .webApp('Register farmer', `${appUrl}?screen=register`)
          .webApp('Keep on device', `${appUrl}?mode=storage`)
          .resized(),
      }),
    );
    bot.command('help', (ctx) =>
      ctx.reply('Advisories:', {
        reply_markup: new InlineKeyboard()
          .text('Mark read', 'read')
          .webApp('Open advisory', `${appUrl}?mode=popup`),
      }),
    );
    bot.callbackQuery('read', (ctx) => ctx.answerCallbackQuery({ text: 'Marked as read' }));
    bot.command('files', async (ctx) => {
      await ctx.replyWithPhoto(new InputFile(CHART, 'chart.png'), {
        caption: 'Reach per week\nLast 12 weeks',
      });
      await ctx.replyWithDocument(new InputFile(CSV, 'report-kebele-12.csv'), { caption: 'Reports' });
    });
    bot.on('message:web_app_data', async (ctx) => {
      received.push(ctx.message.web_app_data);
      await ctx.reply('Farmer <b>Abebe</b> saved ✅', {
        parse_mode: 'HTML',
        reply_markup: { remove_keyboard: true },
      });
    });
    let started!: () => void;
    const ready = new Promise<void>((r) => {
      started = r;
    });
    polling = bot.start({ onStart: () => started() });
    await ready;

    profile = await mkdtemp(join(tmpdir(), 'emulator-chromium-'));
    // Playwright takes the fresh profile directory as userDataDir rather than --user-data-dir.
    browser = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath(),
      headless: true,
      viewport: { width: 1000, height: 760 },
      args: ['--headless', ...CHROMIUM_ARGS],
    });
  });

  afterAll(async () => {
    expect(pageErrors).toEqual([]);
    await browser?.close();
    await bot?.stop();
    await polling;
    await tg?.close();
    await new Promise((r) => appServer?.close(r));
    if (profile) await rm(profile, { recursive: true, force: true });
  });

  async function openChat(userId: number): Promise<Page> {
    const page = await browser.newPage();
    page.setDefaultTimeout(5000);
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(`${tg.url}?user=${userId}`);
    await page.locator('body[data-ready="true"]').waitFor();
    return page;
  }

  it('reply-keyboard mini-app: main button → sendData → the bot gets web_app_data', async () => {
    const user = tg.createUser({
      first_name: 'Abebe',
      language_code: 'en',
      phone_number: '+251911234567',
    });
    const page = await openChat(user.id);
    await page.locator('#text').fill('/start');
    await page.locator('#text').press('Enter');
    await textOf(page.locator('.row.in .bubble').filter({ hasText: 'Welcome to Gebere!' }).locator('b')).toBe(
      'Gebere',
    );

    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, 'emulator-chat.png') });

    await page.locator('#reply-keyboard button', { hasText: 'Register farmer' }).click();
    const app = page.frameLocator('#app-frame');
    await textOf(app.locator('#state')).toBe('ready');
    const hash = (await app.locator('#hash').textContent()) ?? '';
    expect(hash).toContain('tgWebAppVersion=9.0');
    expect(hash).not.toContain('tgWebAppData');
    const src = await page.locator('#app-frame').getAttribute('src');
    expect(src?.startsWith(`${appUrl}?screen=register#`)).toBe(true);

    const mainButton = page.locator('#main-button');
    await shown(mainButton);
    await textOf(mainButton).toBe('Send');
    expect(await mainButton.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(36, 129, 204)');
    await page.screenshot({ path: join(ARTIFACTS, 'emulator-miniapp.png') });

    await mainButton.click();
    await expect.poll(() => received.length).toBe(1);
    expect(received[0]?.button_text).toBe('Register farmer');
    expect(JSON.parse(received[0]?.data ?? '{}')).toEqual({
      kind: 'farmer',
      name: 'Abebe',
      query: '?screen=register',
    });
    await gone(page.locator('#app'));
    await textOf(page.locator('.service')).toBe(
      'Data from the “Register farmer” button was transferred to the bot.',
    );
    await shown(page.locator('.row.in .bubble').filter({ hasText: 'Farmer Abebe saved ✅' }));
    await gone(page.locator('#reply-keyboard'));

    const events = (await page.evaluate('window.tgEmulator.events')) as Array<{ dir: string; type: string }>;
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ dir: 'in', type: 'web_app_ready' }),
        expect.objectContaining({ dir: 'out', type: 'theme_changed' }),
        expect.objectContaining({ dir: 'out', type: 'main_button_pressed' }),
        expect.objectContaining({ dir: 'in', type: 'web_app_data_send' }),
      ]),
    );
    await page.screenshot({ path: join(ARTIFACTS, 'emulator-chat-data-sent.png') });
    await page.close();
  });

  it('shows a photo the bot sent as the image, and a document as a file to download', async () => {
    const user = tg.createUser({ first_name: 'Hana', language_code: 'en', note: 'report user' });
    const page = await openChat(user.id);
    await expect
      .poll(() => page.locator('#user-select option:checked').textContent())
      .toBe('Hana (en) — report user');
    await page.locator('#text').fill('/files');
    await page.locator('#text').press('Enter');
    const photo = page.locator('.row.in .bubble.with-photo');
    const image = photo.locator('img');
    await shown(image);
    expect(await image.getAttribute('alt')).toBe('Photo: Reach per week');
    await expect
      .poll(() => image.evaluate((i: HTMLImageElement) => [i.complete, i.naturalWidth, i.naturalHeight]))
      .toEqual([true, 320, 200]);
    // Drawn at the bubble's width, in the picture's proportions; the caption below it.
    const box = await image.boundingBox();
    expect(Math.round(((box?.width ?? 0) / (box?.height ?? 1)) * 10)).toBe(16);
    expect(await photo.textContent()).toContain('Reach per week\nLast 12 weeks');

    const file = page.locator('.row.in .bubble .file');
    await textOf(file.locator('.file-name')).toBe('report-kebele-12.csv');
    await textOf(file.locator('.file-size')).toBe(`${CSV.length} B`);
    await textOf(file.locator('.file-icon')).toBe('CSV');
    const [download] = await Promise.all([page.waitForEvent('download'), file.locator('.file-name').click()]);
    expect(download.suggestedFilename()).toBe('report-kebele-12.csv');
    const saved = await download.path();
    expect(saved && (await import('node:fs')).readFileSync(saved)).toEqual(CSV);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, 'emulator-chat-files.png') });
    await page.close();
  });

  it('commands menu, callback toast, inline mini-app with signed initData, back button and popup', async () => {
    const user = tg.createUser({ first_name: 'Hirut', language_code: 'am' });
    const page = await openChat(user.id);
    await page.locator('#menu-button').click();
    await page.locator('#commands-popup button', { hasText: '/help' }).click();
    const message = page.locator('.row.in').filter({ hasText: 'Advisories:' });
    await message.locator('button', { hasText: 'Mark read' }).click();
    await textOf(page.locator('#toast')).toBe('Marked as read');
    await page.screenshot({ path: join(ARTIFACTS, 'emulator-chat-commands.png') });

    await page.locator('#theme-toggle').click();
    await message.locator('button', { hasText: 'Open advisory' }).click();
    const app = page.frameLocator('#app-frame');
    await textOf(app.locator('#state')).toBe('ready');
    const hash = (await app.locator('#hash').textContent()) ?? '';
    const initData = new URLSearchParams(hash.slice(1)).get('tgWebAppData') ?? '';
    expect(() => validate(initData, tg.token)).not.toThrow();
    expect(new URLSearchParams(initData).get('query_id')).toMatch(/^AAE/);
    expect(JSON.parse(new URLSearchParams(hash.slice(1)).get('tgWebAppThemeParams') ?? '{}').bg_color).toBe(
      '#212121',
    );

    await page.locator('#app-back').click();
    await textOf(app.locator('#state')).toBe('back pressed');
    await page.locator('#main-button').click();
    await textOf(page.locator('#modal-title')).toBe('Save?');
    await page.screenshot({ path: join(ARTIFACTS, 'emulator-miniapp-dark-popup.png') });
    await page.locator('#modal-buttons button', { hasText: 'Save' }).click();
    await textOf(app.locator('#popup')).toBe('popup:yes');
    await gone(page.locator('#app'));
    await page.close();
  });

  it('DeviceStorage: kept per bot and user on this device, answered by req_id, across a reopen', async () => {
    const user = tg.createUser({ first_name: 'Almaz', language_code: 'en', phone_number: '+251911000001' });
    const page = await openChat(user.id);
    await page.locator('#text').fill('/start');
    await page.locator('#text').press('Enter');
    await page.locator('#reply-keyboard button', { hasText: 'Keep on device' }).click();
    const app = page.frameLocator('#app-frame');
    await textOf(app.locator('#popup')).toBe(
      'device_storage_key_received:g0: device_storage_key_saved:s1: device_storage_key_received:g1:[1,2] ' +
        'device_storage_key_received:g2: device_storage_failed:s2:KEY_INVALID',
    );
    // Closed and opened again: still there (the client keeps it, not the app's WebView).
    await page.locator('#app-close').click();
    await page.locator('#reply-keyboard button', { hasText: 'Keep on device' }).click();
    await expect
      .poll(() => app.locator('#popup').textContent(), { timeout: 5000 })
      .toContain('device_storage_key_received:g0:[1,2]');
    await page.close();
  });
});
