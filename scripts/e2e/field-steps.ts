// Steps of the field-mode journeys around the app: the signal cut and back, an app
// reloaded, or closed and opened again from Telegram's minimized apps, its service worker, the
// DA's data kept ready, and the chat told. What the app shows and keeps: field-mode-steps.ts.
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { expect } from 'vitest';
import { closeMiniApp, openRecords, storedValues } from './field-mode-steps';
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
  await closeMiniApp(page);
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
    .poll(async () => (await storedValues(app, 'gebere-cache', 'reads', mark)).length, { timeout: 60_000 })
    .toBe(1);
}

/**
 * Waits until this open's first sync pass has ended (the status's `data-passes`): a pass sends
 * and tells the chat before it ends, so "nothing was sent, nothing told twice" can be read then.
 */
export async function firstPassDone(app: Page | Frame): Promise<void> {
  await app.locator('.outbox-status:not([data-passes="0"])').waitFor();
}

/**
 * Waits until the app has heard that the chat got its summaries (every saved record of the
 * outbox marked told): closed before that, the app posts a summary again at its next open (the
 * companion answers it from its delivered keys; webapp/src/lib/outbox/README.md).
 */
export async function outboxTold(app: Frame): Promise<void> {
  await expect
    .poll(async () => (await openRecords(app)).every((r) => r.state !== 'saved'), {
      timeout: 20_000,
    })
    .toBe(true);
}
