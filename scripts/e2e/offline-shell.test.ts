// Field mode, the shell part: a screen opened once with signal opens again without it
// (Android's web view runs the app's service worker, webapp/src/sw/), with its data kept in
// IndexedDB (webapp/src/lib/offline-cache/), and the worker never answers an API call from its
// cache. A demo DA in Chromium; the network cut by DevTools'
// offline emulation.

import { createLinkMaker } from '@gebere/bot/telegram';
import { screenLink } from '@gebere/contract/screens';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { daInChat } from './demo-das';
import { storedValues, workerInstalled } from './field-mode-steps';
import { expectCleanRun, journeyFile } from './journey';
import { openFromReply, tr } from './steps';
import { chromiumSkipReason } from './test-kit';

const journey = journeyFile();

/** Every cache of the page's origin, by name, as the paths it holds. */
const cacheContents = (page: Page) =>
  page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys())
      out[name] = (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
    return out;
  });

describe.skipIf(chromiumSkipReason)('the app without signal (needs Chromium)', () => {
  expectCleanRun(journey, 'offline-shell');
  const t = tr('en');

  it('reopens a screen offline from the cached shell; API calls never come from the cache', async () => {
    const { product, browser } = journey;
    const { u, page: chat } = await daInChat(journey, t, 'en');
    const link = new URL((await openFromReply(chat, t('bot.menu.register_farmer'))).url());
    link.hash = '';
    await chat.close();

    // A cache an older build left behind (planted before this build's worker exists).
    const other = await browser.context.newPage();
    await other.goto(`${product.base}/healthz`);
    await other.evaluate(() =>
      caches.open('gebere-shell-older').then((c) => c.put('/older', new Response('x'))),
    );
    await other.close();

    const app = await browser.context.newPage();
    app.setDefaultTimeout(20_000);
    app.on('pageerror', (e) => browser.errors.push(`${app.url()}: ${e.message}`));
    const backend: Array<{ url: string; fromCache: boolean }> = [];
    app.on('response', (r) => {
      if (/^\/(backend|tg)\//.test(new URL(r.url()).pathname))
        backend.push({ url: r.url(), fromCache: r.fromServiceWorker() });
    });

    // Online: the screen opens, and after its first paint the worker installs this build.
    await app.goto(link.href);
    await app.locator('input[name="farmer_name"]').waitFor();
    await workerInstalled(app);
    const stored = await cacheContents(app);
    const names = Object.keys(stored);
    expect(names, 'the older build’s cache is deleted').toEqual([expect.stringMatching(/^gebere-shell-/)]);
    const kept = stored[names[0] as string] ?? [];
    expect(kept).toContain('/');
    expect(
      kept.some((p) => /\/resources-am-/.test(p)),
      'every language’s texts',
    ).toBe(true);
    expect(kept.filter((p) => p !== '/' && !p.startsWith('/assets/'))).toEqual([]);

    // Online again, now under the worker: the data still comes from the server.
    await app.reload();
    await app.locator('input[name="farmer_name"]').waitFor();
    expect(backend.filter((r) => r.url.includes('/development-groups')).length).toBeGreaterThanOrEqual(2);
    expect(backend.filter((r) => r.fromCache)).toEqual([]);

    // The screen's data is kept too, in IndexedDB (lib/offline-cache/), once the page is idle.
    await expect
      .poll(async () => (await storedValues(app, 'gebere-cache', 'reads')).length, { timeout: 20_000 })
      .toBeGreaterThan(0);

    // Offline: the reload gets the cached shell (not Chromium's error page), and the form its
    // kebele's groups from the data kept on the phone, saying how old they are.
    await browser.context.setOffline(true);
    try {
      const offline = await app.reload();
      expect(offline?.fromServiceWorker()).toBe(true);
      await app.getByRole('heading', { name: t('farmer.title') }).waitFor();
      await app.locator('input[name="farmer_name"]').waitFor();
      await app.getByRole('status').filter({ hasText: 'No connection: showing what was fetched' }).waitFor();

      // Another screen never opened on this phone opens offline too: title and form.
      const make = createLinkMaker({
        publicUrl: product.base,
        linkSecret: product.config.links.secret,
        ttlSeconds: 3600,
      });
      const ids = {
        da_id: Number(link.searchParams.get('da_id')),
        kebele_id: Number(link.searchParams.get('kebele_id')),
      };
      const { path, query } = screenLink('addDevelopmentGroup', { ...ids, lang: 'en' });
      await app.goto(make(path, query, u.id));
      await app.getByRole('heading', { name: t('group.title') }).waitFor();
      await app.locator('input[name="group_name"]').waitFor();
      expect(backend.filter((r) => r.fromCache)).toEqual([]);
    } finally {
      await browser.context.setOffline(false);
    }
    await app.close();
  });
});
