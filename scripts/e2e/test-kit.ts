// End-to-end harness: the real product (startServer: embedded backend on a fresh PGlite with demo
// data, the emulator instead of Telegram, the bot, the built webapp) on an ephemeral port, and
// Chromium (found by @gebere/telegram-emulator/browser) driving the emulator's chat page at a
// phone's 360×640.
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Config, loadConfig } from '@gebere/bot/config';
import { createLogger } from '@gebere/bot/log';
import { type RunningServer, startServer } from '@gebere/bot/server';
import { seededPglite } from '@gebere/bot/test-kit';
import type { Language } from '@gebere/i18n';
import { CHROMIUM_ARGS, chromiumPath } from '@gebere/telegram-emulator/browser';
import { type BrowserContext, chromium, type Frame, type Page } from 'playwright-core';
import { ensureWebappBuilt as buildWebapp } from '../build-freshness.mjs';
import { freePort } from '../free-port.mjs';
import { captureDb } from './db-capture';

export { chromiumSkipReason } from '@gebere/telegram-emulator/browser';

export const ROOT = join(import.meta.dirname, '..', '..');
export const ARTIFACTS = join(ROOT, 'artifacts', 'e2e');
export const VIEWPORT = { width: 360, height: 640 };

/**
 * The one language each browser journey runs in, rotated so that English, Amharic and Afaan
 * Oromo each drive journeys. A journey in every language would repeat what the language-wide
 * checks already prove: every key in every language (shared/i18n's resource tests), every screen
 * in every language with no English of ours on it (a11y-sweep.test.ts, which keeps all three), and
 * the bot's texts per language (the chats of the Amharic and Oromo journeys, english-leaks.ts).
 * A journey's language-specific data (names, phones, seeds) stays for every language it lists in
 * `journeyLanguage`, so moving a journey to another language is a change of this table.
 */
export const JOURNEY_LANGUAGE = {
  da: 'am',
  fault: 'en',
  field: 'am',
  'field-mode': 'en',
  'long-outage': 'am',
  manager: 'om',
  'notification-feedback': 'om',
  outbox: 'en',
  // A name typed in Ethiopic is what it walks.
  records: 'am',
  refusal: 'am',
  reports: 'en',
} as const satisfies Record<string, Language>;

/**
 * `JOURNEY_LANGUAGES=all` (a release check, not the everyday run): every journey in every
 * language it has data for, as a language change to the product is proven before it ships.
 */
const EVERY_LANGUAGE = process.env.JOURNEY_LANGUAGES === 'all';

/**
 * `[the journey's language]` for its `describe.each`, of the languages it has data for (a table
 * entry outside them is a mistake, said at once); all of them with `JOURNEY_LANGUAGES=all`.
 */
export function journeyLanguage<L extends Language>(
  journey: keyof typeof JOURNEY_LANGUAGE,
  languages: readonly L[],
): L[] {
  const lang = JOURNEY_LANGUAGE[journey] as Language;
  if (!(languages as readonly Language[]).includes(lang))
    throw new Error(`${journey} journey: no data for ${lang} (it has ${languages.join(', ')})`);
  return EVERY_LANGUAGE ? [...languages] : [lang as L];
}

/** Builds webapp/dist when it is missing or older than its sources (scripts/build-freshness.mjs). */
export const ensureWebappBuilt = (): Promise<string> => buildWebapp(ROOT);

export interface Product {
  server: RunningServer;
  config: Config;
  base: string;
  emulator: NonNullable<RunningServer['emulator']>['emulator'];
  /** The backend with the bot's service token, as the bot calls it. */
  backend(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ): Promise<unknown>;
  close(): Promise<void>;
}

/**
 * The product as `npm start` runs it, minus the port and the data directory. On PGlite with the
 * demo its database starts as `npm start` starts from bot/dist, prepared: the test run's template
 * (migrated and seeded from these very sources) is unpacked first, instead of ~4 s of initdb,
 * migrations and seed in every journey.
 */
export async function startProduct(env: Record<string, string> = {}): Promise<Product> {
  const dist = await ensureWebappBuilt();
  const dataDir = await mkdtemp(join(tmpdir(), 'gebere-e2e-'));
  if (!env.DATABASE_URL && (env.DEMO_DATA ?? 'true') === 'true') await seededPglite(dataDir);
  const port = await freePort();
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: String(port),
    WEBAPP_DIST: dist,
    DEMO_DATA: 'true',
    LOG_LEVEL: 'warn',
    ...env,
  });
  const server = await startServer(config, createLogger({ level: 'warn' }), { throttle: false });
  captureDb(server.db);
  await server.botReady;
  const emulator = server.emulator?.emulator;
  if (!emulator) throw new Error('expected emulator mode (no BOT_TOKEN)');
  // The chat page where `npm start` sends people (PUBLIC_URL, http://localhost:PORT): the same
  // site as the mini-app it frames.
  const base = config.publicUrl;
  return {
    server,
    config,
    base,
    emulator,
    async backend(method, url, payload) {
      const res = await server.app.inject({
        method,
        url: `/backend${url}`,
        headers: { authorization: `Bearer ${config.backend.serviceToken}` },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      if (res.statusCode >= 400) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return res.json();
    },
    async close() {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Browser {
  context: BrowserContext;
  errors: string[];
  close(): Promise<void>;
}

export async function launchBrowser(): Promise<Browser> {
  const profile = await mkdtemp(join(tmpdir(), 'gebere-e2e-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    viewport: VIEWPORT,
    deviceScaleFactor: 1,
    args: ['--headless', ...CHROMIUM_ARGS],
  });
  const errors: string[] = [];
  return {
    context,
    errors,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** The chat page for one emulator user (null: the page's own choice, as a first visit opens it). */
export async function openChat(
  browser: Browser,
  product: Product,
  userId: number | null,
  theme: 'light' | 'dark' = 'light',
  /** Another origin for the chat page (e.g. http://127.0.0.1:PORT, another site than PUBLIC_URL). */
  base = product.base,
): Promise<Page> {
  const page = await browser.context.newPage();
  page.setDefaultTimeout(20_000);
  page.on('pageerror', (e) => browser.errors.push(`${page.url()}: ${e.message}`));
  await page.goto(`${base}/emulator/${userId === null ? '' : `?user=${userId}`}`);
  await page.locator('body[data-ready="true"]').waitFor();
  await setTheme(page, theme);
  return page;
}

/** The chat page's theme (kept by the page in localStorage); mini-apps opened later get it. */
export async function setTheme(page: Page, theme: 'light' | 'dark') {
  if ((await page.locator('body').getAttribute('data-theme')) !== theme)
    await page.locator('#theme-toggle').click();
  await page.locator(`body[data-theme="${theme}"]`).waitFor();
}

/** The mini-app's frame once the chat page has opened it. */
export async function appFrame(page: Page): Promise<Frame> {
  const handle = await page.locator('#app-frame').elementHandle();
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error('no mini-app frame');
  return frame;
}

/**
 * The phone's screen as a person sees it (the chat page's 360×640 `#screen`, wherever the page
 * is scrolled), under artifacts/e2e/.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${name}.png`);
  const screen = page.locator('#screen');
  if (await screen.count()) await screen.screenshot({ path });
  else await page.screenshot({ path });
}
