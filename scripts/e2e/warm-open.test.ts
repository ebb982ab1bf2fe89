// Field mode, the everyday case: a DA reopens a form they opened before. The service worker
// (webapp/src/sw/) answers the document from its cache at once and the form is drawn from the
// data kept on the phone (webapp/src/lib/offline-cache/) without waiting for the network, then
// refreshed when the server answers; a new build waits for the next open, never mid-form.
// A demo DA in Chromium; the network held by the browser context's routes (the page's requests
// and the worker's alike).

import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVICE_WORKER_FILE } from '@gebere/contract/screens';
import type { Page, Route } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { daInChat } from './demo-das';
import { storedValues, workerInstalled } from './field-mode-steps';
import { expectCleanRun, journeyFile } from './journey';
import { openFromReply, tr } from './steps';
import { chromiumSkipReason, ensureWebappBuilt, startProduct } from './test-kit';

// Removed once the journey's product has stopped (hooks run last registered first).
const leftovers: string[] = [];
afterAll(() => Promise.all(leftovers.map((dir) => rm(dir, { recursive: true, force: true }))));
const journey = journeyFile();
const POLL = { timeout: 20_000 };
const NEXT_BUILD = '<meta name="gebere-build" content="next">';

/** A copy of the webapp's build as its next build would be: a new worker, a marked shell. */
async function nextBuild(version: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'gebere-next-build-'));
  await cp(await ensureWebappBuilt(), dir, { recursive: true });
  const worker = await readFile(join(dir, SERVICE_WORKER_FILE), 'utf8');
  expect(worker).toContain(version);
  await writeFile(join(dir, SERVICE_WORKER_FILE), worker.replaceAll(version, `${version}next`));
  const html = await readFile(join(dir, 'index.html'), 'utf8');
  await writeFile(join(dir, 'index.html'), html.replace('</head>', `${NEXT_BUILD}</head>`));
  for (const file of await readdir(dir))
    if (/^(index\.html|sw\.js)\.(br|gz)$/.test(file)) await rm(join(dir, file));
  return dir;
}

/** Every cache of the page's origin, by name. */
const cacheNames = (page: Page) => page.evaluate(() => caches.keys());
const groupOptions = (page: Page) =>
  page.locator('select[name="development_group"] option').evaluateAll((os) => os.map((o) => o.textContent));

describe.skipIf(chromiumSkipReason)('a warm open (needs Chromium)', () => {
  expectCleanRun(journey, 'warm-open');
  const t = tr('en');
  let warm: Promise<{ link: string; kebele: number; da: number }> | undefined;

  /** The DA opens the farmer form once with signal: the worker and the kept data are in place. */
  const opened = () => {
    warm ??= (async () => {
      const { browser } = journey;
      const { page: chat } = await daInChat(journey, t, 'en');
      const link = new URL((await openFromReply(chat, t('bot.menu.register_farmer'))).url());
      link.hash = '';
      await chat.close(); // in scope: an open chat page would keep the old worker in use
      const app = await openPage(link.href);
      await workerInstalled(app);
      await expect
        .poll(async () => (await storedValues(app, 'gebere-cache', 'reads')).length, POLL)
        .toBeGreaterThan(0);
      await app.close();
      expect(browser.errors).toEqual([]);
      return {
        link: link.href,
        kebele: Number(link.searchParams.get('kebele_id')),
        da: Number(link.searchParams.get('da_id')),
      };
    })();
    return warm;
  };

  const openPage = async (url: string) => {
    const page = await journey.browser.context.newPage();
    page.setDefaultTimeout(20_000);
    page.on('pageerror', (e) => journey.browser.errors.push(`${page.url()}: ${e.message}`));
    await page.goto(url, { waitUntil: 'commit' });
    await page.locator('input[name="farmer_name"]').waitFor();
    return page;
  };

  it('shows the form and its kept groups while the network has not answered, then the server’s', async () => {
    const { link, kebele, da } = await opened();
    const { context } = journey.browser;
    // From now on no request reaches the server until the test lets it: the document (the
    // navigation preload), the groups, anything else.
    const held: Route[] = [];
    const everything = () => true;
    const hold = (route: Route) => {
      held.push(route);
    };
    await context.route(everything, hold);
    try {
      // The server's list changes meanwhile: the refresh must bring it.
      const added = `Warm ${Date.now() % 100000}`;
      await journey.product.backend('POST', '/api/development-groups/', {
        group_name: added,
        group_type: 'mixed',
        kebele,
        created_by: da,
      });
      const page = await openPage(link);
      await expect.poll(async () => (await groupOptions(page)).length, POLL).toBeGreaterThan(1);
      expect(await groupOptions(page)).not.toContain(added);
      await page.getByRole('heading', { name: t('farmer.title') }).waitFor();
      const groupsHeld = held.filter((r) => r.request().url().includes('/development-groups'));
      expect(groupsHeld.length, 'the groups request is still in flight').toBeGreaterThan(0);
      await page.locator('input[name="farmer_name"]').fill('Abebe Kebede');

      // The answers come: the list is the server's, and what the DA typed stays.
      await context.unroute(everything, hold);
      for (const route of held.splice(0)) await route.continue().catch(() => undefined);
      await expect.poll(() => groupOptions(page), POLL).toContain(added);
      expect(await page.locator('input[name="farmer_name"]').inputValue()).toBe('Abebe Kebede');
      expect(await page.getByRole('status').filter({ hasText: 'No connection' }).count()).toBe(0);
      await page.close();
    } finally {
      await context.unroute(everything, hold).catch(() => undefined);
      for (const route of held) await route.continue().catch(() => undefined);
    }
  });

  it('takes a new build on the next open, never under an open form', async () => {
    const { link } = await opened();
    const { context } = journey.browser;
    const probe = await openPage(link);
    const [current] = await cacheNames(probe);
    const version = current?.replace('gebere-shell-', '') ?? '';
    expect(version).not.toBe('');
    await probe.close();

    // A new build is deployed: the server restarts on the same data and port with a build whose
    // worker has a new precache version and whose shell (the same files, marked) names the same
    // entry, as a real build's does.
    const next = await nextBuild(version);
    const old = journey.product;
    await old.server.stop();
    // As a restarted process would: no socket the browser keeps alive reaches the stopped server.
    old.server.app.server.closeAllConnections();
    journey.product = await startProduct({
      DATA_DIR: old.config.dataDir,
      PORT: new URL(old.base).port,
      WEBAPP_DIST: next,
    });
    try {
      // The DA opens the form: this build's shell, and the new worker installs behind it.
      const form = await openPage(link);
      await form.locator('input[name="farmer_name"]').fill('Almaz Tesfaye');
      await expect
        .poll(
          () => form.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state),
          POLL,
        )
        .toBe('installed');
      expect(await form.locator('meta[name="gebere-build"]').count(), 'the open form keeps its build').toBe(
        0,
      );
      expect(await form.locator('input[name="farmer_name"]').inputValue()).toBe('Almaz Tesfaye');
      expect(await cacheNames(form)).toEqual(
        expect.arrayContaining([`gebere-shell-${version}`, `gebere-shell-${version}next`]),
      );
      await form.close();

      // Closed, nothing runs the old build: the new worker takes over (and drops the old cache).
      const worker = context.serviceWorkers().at(-1);
      await expect
        .poll(() => worker?.evaluate(() => caches.keys()), POLL)
        .toEqual([`gebere-shell-${version}next`]);
      // The next open: the new build's shell.
      const reopened = await openPage(link);
      expect(
        await reopened.locator('meta[name="gebere-build"]').count(),
        'the next open is the new build',
      ).toBe(1);
      await reopened.getByRole('heading', { name: t('farmer.title') }).waitFor();
      await reopened.close();
    } finally {
      leftovers.push(next, old.config.dataDir);
    }
  });
});
