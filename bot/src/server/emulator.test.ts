import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_CHAT_USERS, DEMO_REPORTER_TELEGRAM_ID } from '../backend/seed/demo/chat-users';
import { loadConfig } from '../config';
import { createLogger } from '../log';
import { startEmulator } from './emulator';

const started: Array<{ close(): void }> = [];
afterEach(() => {
  for (const e of started.splice(0)) e.close();
});

async function usersOffered(env: Record<string, string>) {
  const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'gebere-emulator-')), ...env });
  const emulator = await startEmulator(config, createLogger({ level: 'silent' }));
  started.push(emulator);
  return emulator.emulator.store.listUsers().map((r) => ({ ...r.user, note: r.note, phone: r.phoneNumber }));
}

describe('the local Telegram with the demo data', () => {
  it('offers the demo report user first, then a DA in each language, with who they are', async () => {
    const users = await usersOffered({});
    expect(users.map((u) => u.id)).toEqual(DEMO_CHAT_USERS.map((u) => u.id));
    expect(users[0]).toMatchObject({
      id: DEMO_REPORTER_TELEGRAM_ID,
      first_name: 'Hana',
      language_code: 'en',
    });
    expect(users.map((u) => u.language_code)).toEqual(['en', 'en', 'am', 'om']);
    for (const u of users) expect(u.note).toBeTruthy();
    // A DA signs in with the phone the demo knows them by.
    expect(users[1]).toMatchObject({ first_name: 'Abebe', phone: '+251911234501' });
  });

  it('offers no one without the demo data, or with an outside backend (its people are not ours)', async () => {
    expect(await usersOffered({ DEMO_DATA: 'false' })).toEqual([]);
    expect(await usersOffered({ BACKEND_URL: 'https://extension.example.org/api' })).toEqual([]);
  });
});
