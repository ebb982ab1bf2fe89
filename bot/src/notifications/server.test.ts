import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signInitData } from '../../test/backend/test-kit/auth-headers';
import { fakeDist, freePort } from '../../test/test-kit';
import { loadConfig } from '../config';
import { createLogger } from '../log';
import { type RunningServer, startServer } from '../server/index';

/**
 * The engine as the product runs it: started by startServer, fed through the backend's own
 * calls (a DA registers, a notification is created), delivering into the emulator, counted by
 * the details call, stopped with the server.
 */
describe('the notification engine in the running server', () => {
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop();
  });

  it('a send-now notification created through the API reaches the DA in its kebele', async () => {
    const port = await freePort();
    const config = loadConfig({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'gebere-notify-')),
      PORT: String(port),
      WEBAPP_DIST: fakeDist(),
      LOG_LEVEL: 'silent',
    });
    server = await startServer(config, createLogger({ level: 'silent' }), { throttle: false });
    await server.botReady;
    const emulator = server.emulator?.emulator;
    if (!emulator) throw new Error('expected emulator mode');
    const base = `http://127.0.0.1:${port}/backend`;
    const call = async (method: string, path: string, auth: string, body?: unknown) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: auth, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      // biome-ignore lint/suspicious/noExplicitAny: answers are read loosely here, the contract is checked by the backend
      const json = (await res.json()) as any;
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
      return json;
    };
    const service = `Bearer ${config.backend.serviceToken}`;

    const user = emulator.createUser({ first_name: 'Almaz', language_code: 'en' });
    await user.send('/start');
    const tma = `tma ${signInitData(user.id, { botToken: config.telegram.token })}`;
    const botUser = await call('POST', '/api/bot-users/', service, {
      telegram_id: user.id,
      chat_id: user.id,
      first_name: 'Almaz',
      phone_number: '+251911223344',
    });
    const first = async (path: string) =>
      ((await call('GET', path, service)) as Array<{ id: number }>)[0]?.id;
    const region = await first('/regions/?paginate=false');
    const zone = await first(`/zones/?region=${region}&paginate=false`);
    const woreda = await first(`/woredas/?zone=${zone}&paginate=false`);
    const kebele = await first(`/kebeles/?woreda=${woreda}&paginate=false`);
    const role = await first('/api/da-roles/?paginate=false');
    const da = await call('POST', '/api/da-profiles/', tma, {
      first_name: 'Almaz',
      father_name: 'Bekele',
      grand_father_name: 'Desta',
      phone_number: '911223344',
      telegram_phone_number: '911223344',
      sex: 'female',
      region,
      zone,
      woreda,
      kebele,
      role,
      created_by: botUser.id,
    });
    await call('PATCH', `/api/bot-users/${botUser.id}/`, service, {
      da_profile: da.id,
      verification_status: 'VERIFIED',
    });
    // Notifications need an operator's grant (docs/authorization.md).
    await call('POST', '/api/role-grants/', service, {
      phone_number: '911223344',
      role: 'notification_manager',
      location_type: 'kebele',
      location_id: kebele,
    });
    const created = await call('POST', '/api/location-notifications/', tma, {
      name: 'Register your farmers',
      message: 'Before the field day, please.',
      created_by: botUser.id,
      content_type: 'farmer_registration',
      send_now: true,
      location_type: 'kebele',
      location_id: kebele,
    });

    // The planner ticks every 5 s.
    const m = await user.waitForMessage((x) => x.text?.startsWith('📢 Register your farmers'), {
      timeoutMs: 20_000,
    });
    const button = (m.reply_markup as { inline_keyboard: Array<Array<{ web_app?: { url: string } }>> })
      .inline_keyboard[0]?.[0];
    expect(button?.web_app?.url).toMatch(
      new RegExp(`^${config.publicUrl}/farmer_registration\\?da_id=${da.id}&kebele_id=${kebele}&`),
    );
    // The engine marks the delivery sent once Telegram has answered, which may be just after the
    // message shows in the chat.
    await expect
      .poll(
        async () => (await call('GET', `/api/location-notifications/${created.id}/details`, tma)).deliveries,
        {
          timeout: 10_000,
        },
      )
      .toMatchObject({ queued: 0, sent: 1, failed: 0, expected_finish: null });
  }, 180_000);
});
