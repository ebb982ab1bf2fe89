// The bot during a database outage: PGlite on disk really closed under the bot and the backend,
// then opened again. Users hear the documented "not reachable" answer in their language, and a
// contact shared meanwhile is kept and applied once the database is back, telling the user.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createApiClient } from '@gebere/api-client';
import { type Language, translate } from '@gebere/i18n';
import { type RunningEmulator, startEmulator } from '@gebere/telegram-emulator';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pgliteDb } from '../backend/db/pglite';
import type { Db } from '../backend/db/types';
import { backendPlugin } from '../backend/index';
import { createBot } from './bot';
import type { SessionData } from './context';
import { createPendingContacts, type PendingContacts } from './pending-contacts';
import { createTelegramRuntime, type TelegramRuntime } from './runtime';
import { createDbSessionStorage } from './session-storage';
import { LINK_SECRET, PUBLIC_URL, replyButtons, SERVICE_TOKEN } from './test-kit';

const work = mkdtempSync(join(tmpdir(), 'gebere-bot-outage-'));
const dir = join(work, 'pglite');

/**
 * The database as the server holds it, over a PGlite whose files stay on disk: `down()` closes
 * it (every query then fails as a closed PGlite does), `up()` opens the same files again.
 */
function reopenable(first: Db): Db & { down(): Promise<void>; up(): Promise<void> } {
  let db = first;
  return {
    kind: 'pglite',
    query: (sql, params) => db.query(sql, params),
    exec: (sql) => db.exec(sql),
    transaction: (fn) => db.transaction(fn),
    close: () => db.close(),
    down: () => db.close(),
    async up() {
      db = pgliteDb(await PGlite.create({ dataDir: dir }));
    },
  };
}

let tg: RunningEmulator;
let db: ReturnType<typeof reopenable>;
let backend: FastifyInstance;
let runtime: TelegramRuntime;
let pending: PendingContacts;
const pendingFile = join(work, 'pending-contacts.json');

beforeAll(async () => {
  const template = new Blob([await readFile(inject('backendPgliteTemplate'))]);
  db = reopenable(pgliteDb(await PGlite.create({ dataDir: dir, loadDataDir: template })));
  tg = await startEmulator({ limits: false });
  backend = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });
  await backend.register(backendPlugin, {
    prefix: '/backend',
    db,
    actorCacheMs: 0,
    auth: {
      botToken: tg.token,
      linkSecret: LINK_SECRET,
      serviceToken: SERVICE_TOKEN,
      initDataMaxAgeSeconds: 3600,
    },
  });
  await backend.listen({ port: 0, host: '127.0.0.1' });
  const address = backend.server.address();
  const api = createApiClient({
    baseUrl: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/backend`,
    authorization: () => `Bearer ${SERVICE_TOKEN}`,
    timeoutMs: 5_000,
  });
  const logger = pino({ level: 'silent' });
  const sessions = createDbSessionStorage<SessionData>(db);
  pending = createPendingContacts({ file: pendingFile, logger, intervalMs: 100 });
  runtime = createTelegramRuntime({
    token: tg.token,
    apiRoot: tg.apiRoot,
    environment: 'prod',
    mode: 'polling',
    webhookUrl: '',
    webhookSecret: 'unused',
    receiveUpdates: true,
    logger,
    fetch: globalThis.fetch,
    throttle: false,
    middleware: createBot({
      api,
      links: { publicUrl: PUBLIC_URL, linkSecret: LINK_SECRET, ttlSeconds: 3600 },
      sessions,
      logger,
      pendingContacts: pending,
    }),
  });
  await runtime.start();
  // As server/index.ts wires it: the sessions' database answers again, then the replay.
  pending.start({
    probe: async () => sessions.read('probe:outage'),
    replay: (update) => runtime.bot.handleUpdate(update),
    tell: (chatId, text) => runtime.api.sendMessage(chatId, text),
  });
});

afterAll(async () => {
  await pending?.stop();
  await runtime?.stop();
  await tg?.close();
  await backend?.close();
  await db?.close();
  rmSync(work, { recursive: true, force: true });
});

const phones: Record<Language, string> = { en: '911000444', am: '911000555', om: '911000666' };

describe.each(['en', 'am', 'om'] as const)('a database outage in %s', (lang) => {
  const t = (key: 'bot.backend_down' | 'bot.contact_kept' | 'bot.contact_applied' | 'bot.ask_contact') =>
    translate(lang, key);

  it('answers "not reachable"; a contact shared meanwhile is applied once the database is back', async () => {
    const u = tg.createUser({
      first_name: 'Chaltu',
      language_code: lang,
      phone_number: `+251${phones[lang]}`,
    });
    await u.send('/start');
    await u.waitForMessage((m) => m.text === t('bot.ask_contact'));
    const share = replyButtons(u)[0]?.text as string;

    await db.down();
    try {
      await u.send('/menu');
      await u.waitForMessage((m) => m.text === t('bot.backend_down'));
      await u.pressReply(share);
      await u.waitForMessage((m) => m.text === `${t('bot.backend_down')}\n\n${t('bot.contact_kept')}`);
      // Kept where a restart finds it (the database itself is down).
      expect(
        createPendingContacts({ file: pendingFile, logger: pino({ level: 'silent' }) }).chats(),
      ).toContain(u.id);
      expect(readFileSync(pendingFile, 'utf8')).toContain(phones[lang]);
    } finally {
      await db.up();
    }

    // Without a word from the user: told, then the contact goes on as if it had just arrived.
    await u.waitForMessage((m) => m.text === t('bot.contact_applied'));
    await u.waitForMessage((m) => m.text?.startsWith(translate(lang, 'bot.not_registered')));
    const row = await db.query<{ phone_number: string }>(
      'select phone_number from bot_users where telegram_id = $1',
      [u.id],
    );
    expect(row.rows[0]?.phone_number).toBe(phones[lang]);
    // Forgotten once applied, in memory and in the file (written when the replay returns).
    await expect.poll(() => readFileSync(pendingFile, 'utf8')).not.toContain(phones[lang]);
    expect(pending.chats()).not.toContain(u.id);
  }, 60_000);
});
