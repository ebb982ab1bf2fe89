// Steps of the field-mode journeys (issue 19): the signal cut and back, an app closed and opened
// again from Telegram's minimized apps, the DA's data kept ready, and a path down the
// value-chain hierarchy to advisories for a kebele.
import type { Language } from '@gebere/i18n';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { expect } from 'vitest';
import { row, rows } from './journey';
import { categoryShown } from './steps';
import { appFrame } from './test-kit';

/**
 * No signal: DevTools' offline emulation, and every call to the server refused as a dead link
 * would. The emulation alone let a reload's first sync through now and then (the new document's
 * requests can start before Chromium applies it), which a phone without signal never does.
 */
const toServer = (url: URL) => /^\/(backend|tg)\//.test(url.pathname);
export async function cutSignal(context: BrowserContext): Promise<void> {
  await context.route(toServer, (route) => route.abort('internetdisconnected'));
  await context.setOffline(true);
}
export async function restoreSignal(context: BrowserContext): Promise<void> {
  await context.unroute(toServer);
  await context.setOffline(false);
}

/** The launch the chat page opened last (its URL, with the launch parameters in the hash). */
export async function lastLaunch(page: Page): Promise<{ url: string; source: string }> {
  const events = (await page.evaluate('window.tgEmulator.events')) as {
    type: string;
    data: { url: string; source: string };
  }[];
  const open = events.filter((e) => e.type === 'open').at(-1);
  if (!open) throw new Error('no mini-app was opened');
  return open.data;
}

/**
 * Closes the mini-app with its ✕ (confirming: it asks while records wait for signal), and opens
 * the same launch again as Telegram restores a minimized app: a new document at the launch URL,
 * which with no signal only the service worker can serve.
 */
export async function closeAndReopen(page: Page, launch: { url: string; source: string }): Promise<Frame> {
  await page.locator('#app-close').click();
  await page.locator('#modal-buttons button', { hasText: 'Close anyway' }).click();
  await page.locator('#app').waitFor({ state: 'hidden' });
  await page.evaluate((l) => {
    (window as unknown as { tgEmulator: { openApp(l: unknown): void } }).tgEmulator.openApp({
      ...l,
      id: 'restored',
    });
  }, launch);
  await page.locator('#app').waitFor({ state: 'visible' });
  const app = await appFrame(page);
  await app.locator('main.screen').waitFor();
  return app;
}

/** Reloads the mini-app's document (Telegram's reload; offline, the service worker answers). */
export async function reloadApp(page: Page): Promise<Frame> {
  const app = await appFrame(page);
  type Marked = { reloading?: boolean };
  await app.evaluate(() => {
    (window as Marked).reloading = true;
    setTimeout(() => window.location.reload(), 0);
  });
  // The new document has no mark (the old one's evaluate may fail while it goes).
  await expect
    .poll(() => app.evaluate(() => !(window as Marked).reloading).catch(() => false), { timeout: 30_000 })
    .toBe(true);
  await app.locator('main.screen').waitFor();
  return app;
}

/**
 * Waits until the app's service worker is active and serves the open document (the screens it
 * has not loaded yet, and a reload, come from its cache without signal).
 */
export async function workerActive(app: Frame): Promise<void> {
  await expect
    .poll(() => app.evaluate(() => navigator.serviceWorker.controller?.state), { timeout: 30_000 })
    .toBe('activated');
}

/** Waits until the hub has kept the kebele's lists for offline use (lib/offline-cache/warm.ts). */
export async function kebeleKept(app: Frame, kebele: number): Promise<void> {
  const mark = JSON.stringify(['warmed', kebele]);
  await expect
    .poll(
      () =>
        app.evaluate(
          (key) =>
            new Promise<boolean>((done) => {
              const open = indexedDB.open('gebere-cache');
              open.onsuccess = () => {
                const db = open.result;
                if (!db.objectStoreNames.contains('reads')) return done(false);
                const got = db.transaction('reads').objectStore('reads').get(key);
                got.onsuccess = () => done(got.result !== undefined);
                got.onerror = () => done(false);
              };
              open.onerror = () => done(false);
            }),
          mark,
        ),
      { timeout: 60_000 },
    )
    .toBe(true);
}

/**
 * A path to advisories for the kebele's area (as da-journey finds it): a category, value chain
 * and practice, and `count` of its sub-practices that have one, named as the form shows them.
 */
export async function advisoryPath(kebele: number, lang: Language, count: number) {
  const area = await row<{ kebele: string; woreda: string; zone: string; region: string }>(
    `select k.id as kebele, k.woreda_id as woreda, w.zone_id as zone, z.region_id as region
     from kebeles k join woredas w on w.id = k.woreda_id join zones z on z.id = w.zone_id where k.id = $1`,
    [kebele],
  );
  const ids = [area.kebele, area.woreda, area.zone, area.region];
  const reachable = '(a.kebele_id = $1 or a.woreda_id = $2 or a.zone_id = $3 or a.region_id = $4)';
  const path = await row<
    Record<'category' | 'chain' | 'practice' | 'practice_id', string> &
      Record<'category_am' | 'chain_am' | 'practice_am', string | null>
  >(
    `select c.name as category, c.name_am as category_am, vc.name as chain, vc.name_am as chain_am,
            p.name as practice, p.name_am as practice_am, p.id as practice_id
     from advisories a join sub_practices sp on sp.id = a.sub_practice_id join practices p on p.id = sp.practice_id
     join value_chains vc on vc.id = p.value_chain_id join value_chain_categories c on c.id = vc.category_id
     where ${reachable} and (select count(distinct sp2.id) from advisories a2
       join sub_practices sp2 on sp2.id = a2.sub_practice_id
       where sp2.practice_id = p.id and ${reachable.replaceAll('a.', 'a2.')}) >= ${count}
     order by p.id limit 1`,
    ids,
  );
  const subs = await rows<{ name: string; name_am: string | null }>(
    `select sp.name, sp.name_am from sub_practices sp where sp.practice_id = $5 and exists (
       select 1 from advisories a where a.sub_practice_id = sp.id and ${reachable})
     order by sp.id limit ${count}`,
    [...ids, path.practice_id],
  );
  expect(subs).toHaveLength(count);
  const local = (name: string, am: string | null) => (lang === 'am' && am?.trim() ? am : name);
  return {
    category: categoryShown({ name: path.category, name_am: path.category_am }, lang),
    chain: local(path.chain, path.chain_am),
    practice: local(path.practice, path.practice_am),
    subPractices: subs.map((s) => local(s.name, s.name_am)),
  };
}

/**
 * Waits until the app has heard that the chat got its summaries (every saved record of the
 * outbox marked told): closed before that, the app posts a summary again at its next open (the
 * companion answers it from its delivered keys; webapp/src/lib/outbox/README.md).
 */
export async function outboxTold(app: Frame): Promise<void> {
  await expect
    .poll(
      () =>
        app.evaluate(
          () =>
            new Promise<boolean>((done) => {
              const open = indexedDB.open('gebere-outbox');
              open.onsuccess = () => {
                const all = open.result.transaction('records').objectStore('records').getAll();
                all.onsuccess = () =>
                  done(
                    all.result.every(
                      (r: { state: string; reported?: boolean }) => r.state !== 'saved' || r.reported,
                    ),
                  );
                all.onerror = () => done(false);
              };
              open.onerror = () => done(false);
            }),
        ),
      { timeout: 20_000 },
    )
    .toBe(true);
}
