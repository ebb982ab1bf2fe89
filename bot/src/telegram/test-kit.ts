// Test support for the bot's conversation tests (not product code): the emulator, the embedded
// backend on a private copy of the seeded PGlite template, and the real bot (runtime + createBot)
// between them.
import { Writable } from 'node:stream';
import { createApiClient } from '@gebere/api-client';
import {
  type ChatMessage,
  type RunningEmulator,
  startEmulator,
  type TestUser,
} from '@gebere/telegram-emulator';
import Fastify, { type FastifyInstance } from 'fastify';
import type { InlineKeyboardButton, KeyboardButton } from 'grammy/types';
import pino from 'pino';
import { openTestDb } from '../../test/backend/test-kit/databases';
import { freePort } from '../../test/test-kit';
import { type VerifiedLink, verifyLink } from '../auth/link';
import type { Db } from '../backend/db/types';
import { backendPlugin } from '../backend/index';
import type { Logger } from '../log';
import { fetchActingFor } from './acting-for';
import { createBot } from './bot';
import type { SessionData } from './context';
import type { LinkOptions } from './links';
import { createTelegramRuntime, type TelegramRuntime } from './runtime';
import { createDbSessionStorage } from './session-storage';

export const LINK_SECRET = 'bot-test-link-secret-0123456789abcdef0123';
export const SERVICE_TOKEN = 'bot-test-service-token-0123456789';
export const PUBLIC_URL = 'https://gebere.test';
export const LINK_TTL = 7 * 86_400;

/** Seeded demo DAs (bot/src/backend/seed/demo/people.ts). */
export const DEMO_DAS = {
  abebe: { first_name: 'Abebe', phone: '+251911234501' },
  meseret: { first_name: 'Meseret', phone: '+251935678906' },
  dawit: { first_name: 'Dawit', phone: '+251712345603' },
} as const;

export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

export interface Harness {
  tg: RunningEmulator;
  db: Db;
  backend: FastifyInstance;
  backendUrl: string;
  links: LinkOptions;
  logs: LogLine[];
  logger: Logger;
  /** Moves the clock the bot signs links with. */
  clock: { offset: number };
  /** Starts the bot (again) against `backendUrl` (default: the test backend). */
  startBot(options?: { backendUrl?: string; tg?: RunningEmulator }): Promise<TelegramRuntime>;
  stopBot(): Promise<void>;
  close(): Promise<void>;
}

function captureLogger(lines: LogLine[]): Logger {
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return pino({ level: 'debug' }, stream);
}

export async function startHarness(): Promise<Harness> {
  const [tg, testDb] = await Promise.all([startEmulator({ limits: false }), openTestDb('pglite')]);
  const { db } = testDb;
  const backend = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });
  await backend.register(backendPlugin, {
    prefix: '/backend',
    db,
    validateResponses: true,
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
  const backendUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/backend`;
  // The links' clock, which a test may move forward.
  const clock = { offset: 0 };
  const links: LinkOptions = {
    publicUrl: PUBLIC_URL,
    linkSecret: LINK_SECRET,
    ttlSeconds: LINK_TTL,
    now: () => Math.floor(Date.now() / 1000) + clock.offset,
  };
  const logs: LogLine[] = [];
  const logger = captureLogger(logs);
  const runtimes: TelegramRuntime[] = [];

  const startBot: Harness['startBot'] = async (options = {}) => {
    const on = options.tg ?? tg;
    const api = createApiClient({
      baseUrl: options.backendUrl ?? backendUrl,
      authorization: () => `Bearer ${SERVICE_TOKEN}`,
      // As deps.ts does: each call names the Telegram user whose update it serves.
      fetch: fetchActingFor(globalThis.fetch),
      timeoutMs: 5_000,
    });
    const runtime = createTelegramRuntime({
      token: on.token,
      apiRoot: on.apiRoot,
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
        links,
        sessions: createDbSessionStorage<SessionData>(db),
        logger,
      }),
    });
    await runtime.start();
    runtimes.push(runtime);
    return runtime;
  };
  const stopBot = async () => {
    await Promise.all(runtimes.splice(0).map((r) => r.stop()));
  };

  return {
    tg,
    db,
    backend,
    backendUrl,
    links,
    logs,
    logger,
    clock,
    startBot,
    stopBot,
    async close() {
      await stopBot();
      await tg.close();
      await backend.close();
      await testDb.dispose();
    },
  };
}

export { freePort };

/** Lists `phone` (national form) on the organisation's roster for a kebele, as `gebere import roster` does. */
export async function addToRoster(
  h: Harness,
  phone: string,
  kebele: number,
  first_name = 'Almaz',
): Promise<void> {
  const r = await h.db.query<{ code: string; role: string }>(
    'select code, (select name from da_roles order by id limit 1) as role from kebeles where id = $1',
    [kebele],
  );
  const { code, role } = r.rows[0] as { code: string; role: string };
  const imported = await h.backend.inject({
    method: 'POST',
    url: '/backend/api/import/roster/',
    headers: { authorization: `Bearer ${SERVICE_TOKEN}` },
    payload: {
      first_row: 2,
      rows: [
        {
          phone_number: `0${phone}`,
          first_name,
          father_name: 'Bekele',
          grand_father_name: 'Desta',
          gender: 'female',
          kebele: code,
          role,
        },
      ],
    },
  });
  if (imported.statusCode !== 200) throw new Error(`roster import: ${imported.statusCode} ${imported.body}`);
}

type AnyButton = KeyboardButton | InlineKeyboardButton | string;
const labelOf = (b: AnyButton) => (typeof b === 'string' ? b : b.text);

/** The reply keyboard the chat shows now, as rows of buttons. */
export function replyButtons(u: TestUser): Exclude<KeyboardButton, string>[] {
  const rows = (u.keyboard()?.markup.keyboard ?? []) as KeyboardButton[][];
  return rows.flat().map((b) => (typeof b === 'string' ? { text: b } : b));
}

export function replyLabels(u: TestUser): string[] {
  return replyButtons(u).map(labelOf);
}

/** The URL of a reply-keyboard web_app button. */
export function webAppUrl(u: TestUser, label: string): string {
  const button = replyButtons(u).find((b) => b.text === label) as KeyboardButton.WebAppButton | undefined;
  if (!button?.web_app) throw new Error(`no web_app button "${label}" in ${replyLabels(u).join(', ')}`);
  return button.web_app.url;
}

export function inlineButtons(m: ChatMessage | undefined): InlineKeyboardButton[] {
  const markup = m?.reply_markup as { inline_keyboard?: InlineKeyboardButton[][] } | undefined;
  return markup?.inline_keyboard?.flat() ?? [];
}

/** Verifies a link as the backend does and returns its parameters (without tg/exp/sig). */
export function readLink(url: string): { path: string; params: Record<string, string>; link: VerifiedLink } {
  const link = verifyLink(LINK_SECRET, url);
  if (!link.ok) throw new Error(`link does not verify (${link.reason}): ${url}`);
  if (!url.startsWith(`${PUBLIC_URL}/`)) throw new Error(`link not under PUBLIC_URL: ${url}`);
  const params = Object.fromEntries(link.params.entries());
  delete params.tg;
  delete params.exp;
  return { path: link.path, params, link };
}

/** `path?query` of a link: what a screen sends as `Authorization: link …`. */
export function linkProof(url: string): string {
  const u = new URL(url);
  return `link ${u.pathname}${u.search}`;
}

/** A contact message as Telegram sends it when someone shares another person's card. */
export async function shareOtherContact(tg: RunningEmulator, u: TestUser, phone: string, userId: number) {
  const actions = tg.emulator.actions as unknown as {
    post(userId: number, content: Record<string, unknown>): ChatMessage;
  };
  return actions.post(u.id, { contact: { phone_number: phone, first_name: 'Other', user_id: userId } });
}
