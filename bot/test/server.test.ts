import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Composer } from 'grammy';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/log';
import { type RunningServer, type ServerOverrides, startServer } from '../src/server/index';
import { fakeDist, freePort } from './test-kit';

const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
});

async function start(env: Record<string, string>, overrides: ServerOverrides = { throttle: false }) {
  const config = loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'gebere-server-')),
    PORT: String(await freePort()),
    ENABLE_BACKEND: 'false',
    WEBAPP_DIST: fakeDist(),
    ...env,
  });
  const server = await startServer(config, createLogger({ level: 'silent' }), overrides);
  running.push(server);
  await server.botReady;
  const emulator = server.emulator?.emulator;
  if (!emulator) throw new Error('expected emulator mode');
  return { server, emulator, base: `http://127.0.0.1:${config.port}` };
}

describe.each(['polling', 'webhook'] as const)('with the emulator, %s mode', (mode) => {
  it('delivers /start to the bot and the localised reply back', async () => {
    // Telegram's send limits on (the default), as in production.
    const { emulator } = await start({ BOT_MODE: mode }, {});
    const webhook = await emulator.call('getWebhookInfo');
    const url = (webhook as { url: string }).url;
    if (mode === 'webhook') expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/telegram\/webhook$/);
    else expect(url).toBe('');
    const en = emulator.createUser({ first_name: 'Abebe', language_code: 'en' });
    await en.send('/start');
    expect((await en.waitForMessage((m) => m.text?.includes('Welcome to Gebere'))).text).toBeTruthy();
    const am = emulator.createUser({ first_name: 'Almaz', language_code: 'am' });
    await am.send('/start');
    const reply = await am.waitForMessage((m) => /[\u1200-\u137F]/.test(m.text ?? ''));
    expect(reply.text).not.toContain('Welcome');
  });
});

describe('hand-back through the running server', () => {
  it('answers a menu launch’s web app query into the user’s chat, and /readyz is ready', async () => {
    const { server, emulator, base } = await start({});
    await server.telegram.api.setChatMenuButton({
      menu_button: { type: 'web_app', text: 'Gebere', web_app: { url: `${base}/feedback` } },
    });
    const user = emulator.createUser({ first_name: 'Sara', language_code: 'en' });
    const launch = user.launchFromMenu();
    expect(launch.queryId).toBeTruthy();
    const res = await fetch(`${base}/tg/result`, {
      method: 'POST',
      headers: { authorization: `tma ${launch.initData}`, 'content-type': 'application/json' },
      body: JSON.stringify({ result: { kind: 'feedback_sent', advisory_id: 3, answers: 2 } }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ delivered: 'answer_web_app_query' });
    // As in Telegram, the answer appears as the user's own message "via @bot".
    const sent = user.history().find((m) => m.text?.includes('feedback was sent'));
    expect(sent?.raw.via_bot?.username).toBe(emulator.botInfo.username);

    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ checks: { telegram: 'ok' } });
  });
});

describe('graceful shutdown', () => {
  it.each(['polling', 'webhook'] as const)(
    '%s: finishes the update in progress before stopping',
    async (mode) => {
      let entered: () => void = () => {};
      const inHandler = new Promise<void>((resolve) => {
        entered = resolve;
      });
      // The job ends only once the stop has begun: the stop must wait for it.
      let release: () => void = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const slow = new Composer();
      slow.on('message:text', async (ctx) => {
        entered();
        await released;
        await ctx.reply('done after a slow job');
      });
      const { server, emulator } = await start({ BOT_MODE: mode }, { throttle: false, middleware: slow });
      const user = emulator.createUser({ first_name: 'Kebede' });
      await user.send('work');
      await inHandler;
      const stopping = server.stop();
      release();
      await stopping;
      expect(user.botMessages().map((m) => m.text)).toContain('done after a slow job');
    },
  );
});
