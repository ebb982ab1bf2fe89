import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EMULATOR_TOKEN, loadConfig } from '../src/config';
import { createLogger } from '../src/log';
import { type RunningServer, startServer } from '../src/server/index';
import { fakeDist, freePort } from './test-kit';

const running: RunningServer[] = [];
afterEach(async () => {
  // The further copy first: it talks to the first one's emulator.
  for (const s of running.splice(0).reverse()) await s.stop();
});

async function start(env: Record<string, string>) {
  const config = loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'gebere-copies-')),
    PORT: String(await freePort()),
    ENABLE_BACKEND: 'false',
    ENABLE_NOTIFICATIONS: 'false',
    WEBAPP_DIST: fakeDist(),
    ...env,
  });
  const server = await startServer(config, createLogger({ level: 'silent' }), { throttle: false });
  running.push(server);
  await server.botReady;
  return server;
}

describe('a further copy in emulator mode', () => {
  it('uses the first copy’s emulator (TELEGRAM_API_ROOT) instead of mounting its own', async () => {
    const first = await start({});
    const emulator = first.emulator?.emulator;
    if (!emulator) throw new Error('expected the first copy to run the emulator');
    const second = await start({ TELEGRAM_API_ROOT: first.config.telegram.apiRoot, ENABLE_BOT: 'false' });

    expect(second.emulator).toBeUndefined();
    expect(second.config.telegram).toMatchObject({
      emulator: false,
      emulatorToken: true,
      token: EMULATOR_TOKEN,
    });
    expect(second.openUrl).toBe(`${first.config.telegram.apiRoot}/`);
    const secondBase = `http://127.0.0.1:${second.config.port}`;
    expect((await fetch(`${secondBase}/emulator/`)).status).toBe(404);

    // A mini-app launched in the first copy's chat page hands its result back through the second.
    const user = emulator.createUser({ first_name: 'Sara', language_code: 'en' });
    await user.send('/start');
    const launch = user.launchFromMenu();
    const res = await fetch(`${secondBase}/tg/result`, {
      method: 'POST',
      headers: { authorization: `tma ${launch.initData}`, 'content-type': 'application/json' },
      body: JSON.stringify({ result: { kind: 'feedback_sent', advisory_id: 3, answers: 2 } }),
    });
    expect(res.status).toBe(200);
    expect(user.history().some((m) => m.text?.includes('feedback was sent'))).toBe(true);
    // The first copy's page frames the second copy's mini-app.
    const page = await fetch(`${secondBase}/feedback`);
    const port = new URL(first.config.telegram.apiRoot).port;
    expect(page.headers.get('content-security-policy')).toContain(`http://localhost:${port}`);
  });

  it('refuses a TELEGRAM_API_ROOT without BOT_TOKEN that is not an emulator', () => {
    expect(() =>
      loadConfig({
        DATA_DIR: mkdtempSync(join(tmpdir(), 'gebere-copies-')),
        TELEGRAM_API_ROOT: 'https://api.telegram.org',
      }),
    ).toThrow(/may only name another copy's emulator/);
  });
});
