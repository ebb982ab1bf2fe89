// Steps of the field-mode journeys on the app's side: a screen opened as an app of its
// own, the mini-app opened from the menu button and closed, a farmer typed in, what the outbox
// keeps on the phone, and the writes the browser sends. The signal itself, reloads and reopened
// apps: field-steps.ts.

import { isSettled, type OutboxRecord } from '@gebere/webapp/outbox/record';
import type { BrowserContext, Frame, Page, Request } from 'playwright-core';
import { expect } from 'vitest';
import type { T } from './steps';
import { choose, pressMainButton } from './steps';
import { appFrame, type Browser } from './test-kit';

/** Waits until the page's service worker is installed and active (it keeps the shell from now). */
export async function workerInstalled(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state), {
      timeout: 20_000,
    })
    .toBe('activated');
}

/**
 * A screen opened from its launch URL as a page of its own (a second app open on the phone), once
 * it is ready: its form shows, the worker keeps the shell, and the outbox has loaded.
 */
export async function openScreenPage(browser: Browser, url: string, t: T, ready: string): Promise<Page> {
  const page = await browser.context.newPage();
  page.setDefaultTimeout(20_000);
  page.on('pageerror', (e) => browser.errors.push(`${page.url()}: ${e.message}`));
  await page.goto(url);
  await page.locator(ready).waitFor();
  await workerInstalled(page);
  await page.getByText(t('common.outbox.all_saved')).waitFor();
  return page;
}

/** The chat's menu button: the home hub, with initData Telegram signs now. */
export async function openFromMenu(chat: Page): Promise<Frame> {
  await chat.locator('#menu-button').click();
  await chat.locator('#app').waitFor({ state: 'visible' });
  const app = await appFrame(chat);
  await app.locator('main.screen').waitFor();
  return app;
}

/**
 * Closes the mini-app as a person does: Back while the header offers it (a screen opened from the
 * hub), then ✕; when Telegram asks first (input typed, records unsent), "Close anyway".
 */
export async function closeMiniApp(chat: Page): Promise<void> {
  const app = chat.locator('#app');
  const back = chat.locator('#app-back');
  const close = chat.locator('#app-close');
  const anyway = chat.locator('#modal-buttons button', { hasText: 'Close anyway' });
  await expect
    .poll(
      async () => {
        if (await anyway.isVisible()) await anyway.click();
        else if (await close.isVisible()) await close.click();
        else if (await back.isVisible()) await back.click();
        return app.isHidden();
      },
      { timeout: 20_000 },
    )
    .toBe(true);
}

export interface NewFarmer {
  names: [string, string, string];
  /** As typed: 09… or 07… */
  phone: string;
}

/** Types a farmer's own fields into the farmer form (the group is each journey's choice). */
export async function fillFarmer(app: Frame, f: NewFarmer): Promise<void> {
  for (const [i, field] of ['farmer_name', 'father_name', 'grand_father_name'].entries())
    await app.locator(`input[name="${field}"]`).fill(f.names[i] as string);
  await app.locator('input[name="phone_number"]').fill(f.phone);
  await choose(app, 'gender', 'female');
}

/** Types a farmer into the farmer form, into an existing group, and presses Register. */
export async function registerFarmer(app: Frame, f: NewFarmer, groupId: number | string): Promise<void> {
  await fillFarmer(app, f);
  await choose(app, 'development_group', String(groupId));
  // The in-page button (a browser launch) or Telegram's main button under the frame.
  const inPage = app.locator('.inpage-main-button button');
  if (await inPage.count()) await inPage.click();
  else await pressMainButton(app.page());
}

/** What the outbox keeps on the phone, read from IndexedDB. */
export type KeptRecord = OutboxRecord;

/**
 * The values an IndexedDB store of the app's origin holds (those under `key` only, when given);
 * none while the app has not created it.
 */
export const storedValues = <V>(
  where: Page | Frame,
  db: string,
  store: string,
  key?: unknown,
): Promise<V[]> =>
  where.evaluate(
    ([db, store, key]) =>
      new Promise<V[]>((done, fail) => {
        const open = indexedDB.open(db as string);
        open.onerror = () => fail(open.error);
        open.onsuccess = () => {
          const opened = open.result;
          if (!opened.objectStoreNames.contains(store as string)) {
            opened.close();
            return done([]);
          }
          const all = opened
            .transaction(store as string)
            .objectStore(store as string)
            .getAll(key as IDBValidKey | undefined);
          all.onsuccess = () => {
            opened.close();
            done(all.result as V[]);
          };
          all.onerror = () => fail(all.error);
        };
      }),
    [db, store, key] as const,
  );

/** What the outbox keeps on the phone, oldest first. */
export const keptRecords = async (where: Page | Frame): Promise<KeptRecord[]> =>
  (await storedValues<KeptRecord>(where, 'gebere-outbox', 'records')).sort((a, b) => a.seq - b.seq);

/**
 * What the outbox still has to send, sum up in the chat or show: all it keeps but the settled
 * records (saved and told), which stay a while out of sight (KEEP_SAVED_MS).
 */
export const openRecords = async (where: Page | Frame): Promise<KeptRecord[]> =>
  (await keptRecords(where)).filter((r) => !isSettled(r));

/** The outbox is at rest: nothing pending or saved-but-untold on the phone, no write on its way. */
export async function settled(where: Page | Frame, onTheWay: () => number): Promise<void> {
  await expect
    .poll(async () => (await openRecords(where)).filter((r) => r.state !== 'refused').length, {
      timeout: 30_000,
    })
    .toBe(0);
  await expect.poll(onTheWay, { timeout: 30_000 }).toBe(0);
}

/** Remove on the first refused record, then Telegram's popup: Remove (`confirm`) or Cancel. */
export async function removeRefused(chat: Page, app: Frame, t: T, confirm: boolean): Promise<void> {
  await app
    .locator('.outbox-refused li')
    .first()
    .getByRole('button', { name: t('common.remove') })
    .click();
  const modal = chat.locator('#modal');
  await modal.getByText(t('common.outbox.drop_confirm')).waitFor();
  await modal
    .locator('#modal-buttons button', { hasText: t(confirm ? 'common.remove' : 'common.cancel') })
    .click();
  await modal.waitFor({ state: 'hidden' });
}

/** The reasons the outbox status shows beside refused records, in order. */
export const refusedReasons = (where: Page | Frame) =>
  where.locator('.outbox-refused .outbox-reason').allTextContents();

/** One write the app sent to the server, and how it was answered. */
export interface SentWrite {
  url: string;
  authorization: string | undefined;
  capturedAt: string | undefined;
  key: string | undefined;
  status: number | undefined;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every write the browser sends to `pattern` (any page or frame; POST, PUT, PATCH or DELETE),
 * with its proof, capture time, key and answer (none when there was no signal), and how many are
 * still on their way.
 */
export function watchWrites(context: BrowserContext, pattern: RegExp) {
  const sent: SentWrite[] = [];
  // The writes seen starting and not yet ended. A count would go below zero for a write already
  // on its way when the watch began (a retry the outbox sent a moment before): it ends here
  // without having started here.
  const onTheWay = new Set<Request>();
  const watched = (request: Request) => WRITES.has(request.method()) && pattern.test(request.url());
  const note = async (request: Request) => {
    if (!watched(request)) return;
    try {
      const headers = await request.allHeaders();
      const response = await request.response().catch(() => null);
      sent.push({
        url: request.url(),
        authorization: headers.authorization,
        capturedAt: headers['x-captured-at'],
        key: headers['idempotency-key'],
        status: response?.status(),
      });
    } finally {
      onTheWay.delete(request);
    }
  };
  const start = (r: Request) => {
    if (watched(r)) onTheWay.add(r);
  };
  const end = (r: Request) => void note(r);
  context.on('request', start);
  context.on('requestfinished', end);
  context.on('requestfailed', end);
  return {
    sent,
    onTheWay: () => onTheWay.size,
    stop() {
      context.off('request', start);
      context.off('requestfinished', end);
      context.off('requestfailed', end);
    },
  };
}
