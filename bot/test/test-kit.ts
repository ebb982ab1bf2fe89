import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { sign } from '@telegram-apps/init-data-node';
import { GrammyError } from 'grammy';
import { freePort } from '../../scripts/free-port.mjs';
import { createLogger } from '../src/log';
import { type AppOptions, buildApp } from '../src/server/app';
import { createSenderReader } from '../src/server/routes/tg/sender';

export const TEST_TOKEN = '111222333:test-token-abcdefghijklmnopqrstuvw';
export const TEST_LINK_SECRET = 'test-link-secret-0123456789abcdef0123456789';
export const ASSET = 'index-Ab12Cd34.js';
export const ASSET_BODY = 'console.log("gebere app");'.repeat(20);
export const WORKER_BODY = 'self.addEventListener("fetch", () => {});'.repeat(20);

/** A tiny Vite-like build: index.html with the placeholder, a hashed asset and sw.js with .br/.gz. */
export function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gebere-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html><head><meta charset="utf-8"><script id="gebere-config" type="application/json"><!--gebere-runtime-config--></script><script type="module" crossorigin src="/assets/${ASSET}"></script></head><body><div id="root"></div></body></html>`,
  );
  writeFileSync(join(dir, 'assets', ASSET), ASSET_BODY);
  writeFileSync(join(dir, 'assets', `${ASSET}.br`), brotliCompressSync(ASSET_BODY));
  writeFileSync(join(dir, 'assets', `${ASSET}.gz`), gzipSync(ASSET_BODY));
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dir, 'sw.js'), WORKER_BODY);
  writeFileSync(join(dir, 'sw.js.br'), brotliCompressSync(WORKER_BODY));
  writeFileSync(join(dir, 'sw.js.gz'), gzipSync(WORKER_BODY));
  return dir;
}

export interface SentMessage {
  method: 'sendMessage' | 'answerWebAppQuery' | 'sendDocument';
  target: string | number;
  text: string;
  /** The keyboard a sendMessage carried, if any. */
  replyMarkup?: unknown;
  /** The file a sendDocument carried: its name and its bytes as UTF-8 text. */
  document?: { name: string; text: string };
}

/** Records Bot API calls; `refuseQuery` makes answerWebAppQuery fail as an expired query does. */
export function fakeApi(options: { refuseQuery?: boolean } = {}) {
  const sent: SentMessage[] = [];
  const api = {
    async sendMessage(chatId: number | string, text: string, other?: { reply_markup?: unknown }) {
      sent.push({
        method: 'sendMessage',
        target: chatId,
        text,
        ...(other?.reply_markup ? { replyMarkup: other.reply_markup } : {}),
      });
      return { message_id: sent.length } as never;
    },
    async sendDocument(
      chatId: number | string,
      file: { filename?: string; fileData?: unknown },
      other?: { caption?: string },
    ) {
      const data = file.fileData;
      sent.push({
        method: 'sendDocument',
        target: chatId,
        text: other?.caption ?? '',
        document: {
          name: file.filename ?? '',
          text: data instanceof Uint8Array ? Buffer.from(data).toString('utf8') : '',
        },
      });
      return { message_id: sent.length } as never;
    },
    async answerWebAppQuery(queryId: string, result: { input_message_content: { message_text: string } }) {
      if (options.refuseQuery) {
        throw new GrammyError(
          'Call to answerWebAppQuery failed',
          { ok: false, error_code: 400, description: 'Bad Request: QUERY_ID_INVALID' },
          'answerWebAppQuery',
          {},
        );
      }
      sent.push({
        method: 'answerWebAppQuery',
        target: queryId,
        text: result.input_message_content.message_text,
      });
      return { inline_message_id: 'x' } as never;
    },
  };
  return { api: api as unknown as AppOptions['tg']['api'], sent };
}

export function initData(
  user: { id: number; first_name?: string; language_code?: string },
  options: { queryId?: string; authDate?: Date; token?: string } = {},
): string {
  return sign(
    {
      user: { first_name: 'Abebe', ...user },
      ...(options.queryId ? { query_id: options.queryId } : {}),
    } as never,
    options.token ?? TEST_TOKEN,
    options.authDate ?? new Date(),
  );
}

export async function testApp(
  overrides: Partial<AppOptions> = {},
  apiOptions: { refuseQuery?: boolean } = {},
  /** Replaces parts of the /tg options (its Bot API, its delivered-keys store). */
  tg: Partial<AppOptions['tg']> = {},
) {
  const { api, sent } = fakeApi(apiOptions);
  const app = await buildApp({
    logger: createLogger({ level: 'silent' }),
    publicUrl: 'https://gebere.example',
    static: {
      distDir: fakeDist(),
      runtimeConfig: () => ({
        backendUrl: 'https://gebere.example/backend',
        companionUrl: 'https://gebere.example',
        botUsername: 'gebere_test_bot',
        languages: ['en', 'am'],
        defaultLanguage: 'en',
      }),
      csp: { connectSrc: ['https://gebere.example'], frameAncestors: [] },
    },
    tg: {
      api,
      readSender: createSenderReader({ botToken: TEST_TOKEN, linkSecret: TEST_LINK_SECRET }),
      ...tg,
    },
    health: { checks: [] },
    ...overrides,
  });
  return { app, sent };
}

/** A free TCP port: the emulator is the server itself, so the Bot API root names the port. */
export { freePort };
