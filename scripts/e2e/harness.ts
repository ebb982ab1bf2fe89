// End-to-end harness: the real product (startServer: embedded backend on a fresh PGlite with demo
// data, the emulator instead of Telegram, the bot, the built webapp) on an ephemeral port, and
// Chromium (found by @gebere/telegram-emulator/browser) driving the emulator's chat page at a
// phone's 360×640.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, chromiumPath } from '@gebere/telegram-emulator/browser';
import { type BrowserContext, chromium, type Frame, type Page } from 'playwright-core';
import { type Config, loadConfig } from '../../bot/src/config';
import { createLogger } from '../../bot/src/log';
import { type RunningServer, startServer } from '../../bot/src/server';
import { newest, webappSources } from '../build-freshness.mjs';

export { chromiumSkipReason } from '@gebere/telegram-emulator/browser';

export const ROOT = join(import.meta.dirname, '..', '..');
export const ARTIFACTS = join(ROOT, 'artifacts', 'e2e');
export const VIEWPORT = { width: 360, height: 640 };

/**
 * Builds webapp/dist when it is missing or older than its sources (the rule of scripts/start.mjs).
 * A lock directory keeps two test files from building at once.
 */
export async function ensureWebappBuilt(): Promise<string> {
  const web = join(ROOT, 'webapp');
  const dist = join(web, 'dist');
  const sources = () => newest(webappSources(ROOT));
  const built = () => (existsSync(join(dist, 'index.html')) ? statSync(join(dist, 'index.html')).mtimeMs : 0);
  if (built() >= sources()) return dist;
  const lock = join(tmpdir(), 'gebere-e2e-webapp-build.lock');
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock older than 3 minutes was left by a killed run.
      if (Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? 0) > 180_000)
        rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error('timed out waiting for another webapp build');
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  // Vitest sets NODE_ENV=test, which would make Vite build in dev flavour (import.meta.env.DEV,
  // the dev mock): build as `npm start` does.
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' };
  for (const key of Object.keys(env)) if (key.startsWith('VITEST') || key === 'TEST') delete env[key];
  try {
    if (built() < sources()) {
      // vite is the webapp's dependency: pnpm links its binary under webapp/, not the root.
      const vite = spawnSync(join(web, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
        cwd: web,
        encoding: 'utf8',
        env,
      });
      if (vite.status !== 0)
        throw new Error(`webapp build failed:\n${vite.error?.message ?? ''}\n${vite.stdout}\n${vite.stderr}`);
      const pre = spawnSync(process.execPath, ['scripts/precompress.mjs'], {
        cwd: web,
        encoding: 'utf8',
        env,
      });
      if (pre.status !== 0) throw new Error(`precompress failed:\n${pre.stderr}`);
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
  return dist;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface Product {
  server: RunningServer;
  config: Config;
  base: string;
  emulator: NonNullable<RunningServer['emulator']>['emulator'];
  /** The backend with the bot's service token, as the bot calls it. */
  backend(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown): Promise<unknown>;
  close(): Promise<void>;
}

/** The product as `npm start` runs it, minus the port and the data directory. */
export async function startProduct(env: Record<string, string> = {}): Promise<Product> {
  const dist = await ensureWebappBuilt();
  const dataDir = await mkdtemp(join(tmpdir(), 'gebere-e2e-'));
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

/** The chat page for one emulator user. */
export async function openChat(
  browser: Browser,
  product: Product,
  userId: number,
  theme: 'light' | 'dark' = 'light',
  /** Another origin for the chat page (e.g. http://127.0.0.1:PORT, another site than PUBLIC_URL). */
  base = product.base,
): Promise<Page> {
  const page = await browser.context.newPage();
  page.setDefaultTimeout(20_000);
  page.on('pageerror', (e) => browser.errors.push(`${page.url()}: ${e.message}`));
  await page.goto(`${base}/emulator/?user=${userId}`);
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

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
}
