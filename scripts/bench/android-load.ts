/**
 * One load of a page as Telegram's Android client hosts it, under the 3G profile, for the field
 * budgets (farmer-form-3g.ts): a fresh Chromium profile, `window.TelegramWebviewProxy.postEvent`
 * recording the events and answering theme/viewport/safe-area requests through
 * `Telegram.WebView.receiveEvent`, and the ready marks of the farmer form (the group select
 * filled AND the main button shown) or of the bare page (its button in the page and painted).
 *
 * - cold: the page's first open, HTTP cache disabled;
 * - warm: the second open in the same profile. The first open (unthrottled: it is the open
 *   "with signal") waits until the page is done (for the app: its service worker active and the
 *   screen's data kept on the phone), the page is closed (Telegram closes its web view), and the
 *   measured open comes in a new page with the HTTP cache on.
 * Either can slow the CPU (`cpuRate`, Chromium's throttling: 4 for a low-end phone).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { THEMES } from '@gebere/telegram-emulator';
import { CHROMIUM_ARGS, chromiumPath } from '@gebere/telegram-emulator/browser';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

export const PROFILE = { latencyMs: 562, downKbit: 1440, upKbit: 675 };

export interface Marks {
  mainButtonAt: number | null;
  groupsAt: number | null;
  bareButtonAt: number | null;
  fcp: number | null;
  /** Every long task of the main thread (over 50 ms) so far: [start, duration] in ms. */
  longTasks: Array<[number, number]>;
  events: string[];
  /** With `waterfall`: each request of the load, `start→end ms path`. */
  waterfall?: string[];
  /** With `profile`: the measured open's CPU profile (DevTools' format, until ready). */
  profile?: unknown;
}

export interface LoadOptions {
  warm?: boolean;
  cpuRate?: number;
  waterfall?: boolean;
  /** Records the measured open's CPU profile (Profiler, sampled every 100 µs) into the marks. */
  profile?: boolean;
}

/** Runs in the page before its scripts: the Android client's bridge, and the ready marks. */
function androidHost(theme: Record<string, string>) {
  const w = window as unknown as {
    __budget: Marks;
    TelegramWebviewProxy: { postEvent: (type: string, data?: string) => void };
    Telegram?: { WebView?: { receiveEvent?: (type: string, data: unknown) => void } };
  };
  const marks: Marks = {
    mainButtonAt: null,
    groupsAt: null,
    bareButtonAt: null,
    fcp: null,
    longTasks: [],
    events: [],
  };
  w.__budget = marks;
  const emit = (type: string, data: unknown) =>
    setTimeout(() => w.Telegram?.WebView?.receiveEvent?.(type, data), 0);
  w.TelegramWebviewProxy = {
    postEvent(type, data) {
      const t = performance.now();
      marks.events.push(type);
      let payload: Record<string, unknown> = {};
      try {
        payload = data ? JSON.parse(data) : {};
      } catch {}
      switch (type) {
        case 'web_app_setup_main_button':
          if (payload.is_visible === true && marks.mainButtonAt === null) marks.mainButtonAt = t;
          return;
        case 'web_app_request_theme':
          return emit('theme_changed', { theme_params: theme });
        case 'web_app_request_viewport':
          return emit('viewport_changed', {
            height: window.innerHeight,
            width: window.innerWidth,
            is_expanded: true,
            is_state_stable: true,
          });
        case 'web_app_request_safe_area':
          return emit('safe_area_changed', { top: 0, bottom: 0, left: 0, right: 0 });
        case 'web_app_request_content_safe_area':
          return emit('content_safe_area_changed', { top: 0, bottom: 0, left: 0, right: 0 });
      }
    },
  };
  const check = () => {
    const t = performance.now();
    if (marks.groupsAt === null) {
      const select = document.querySelector<HTMLSelectElement>('select[name="development_group"]');
      if (select && select.options.length > 1) marks.groupsAt = t;
    }
    if (marks.bareButtonAt === null && document.querySelector('[data-bare-button]')) marks.bareButtonAt = t;
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') marks.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) marks.longTasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
}

/**
 * Total Blocking Time by Lighthouse's rule, from the first contentful paint until `readyAt`:
 * each long task cut to that span, its part beyond 50 ms, summed. And the longest task of the
 * whole load until `readyAt` (before the first paint too: the bundles' evaluation).
 */
export function blockingTime(
  marks: Pick<Marks, 'fcp' | 'longTasks'>,
  readyAt: number,
): { tbt: number; longest: number } {
  const from = marks.fcp ?? 0;
  let tbt = 0;
  let longest = 0;
  for (const [start, duration] of marks.longTasks) {
    if (start < readyAt) longest = Math.max(longest, Math.min(start + duration, readyAt) - start);
    const cut = Math.min(start + duration, readyAt) - Math.max(start, from);
    if (cut > 50) tbt += cut - 50;
  }
  return { tbt, longest };
}

/** In the page: every request so far (the document first) as `start→end ms path`. */
function requestTimes(): string[] {
  const entries = [
    ...performance.getEntriesByType('navigation'),
    ...performance.getEntriesByType('resource'),
  ] as PerformanceResourceTiming[];
  return entries.map((e) => {
    const u = new URL(e.name);
    const path = (u.pathname + u.search).slice(0, 70);
    return `${Math.round(e.startTime)}→${Math.round(e.responseEnd)} ms ${path}`;
  });
}

/** Opens `url` in a new page of `context` and waits until it is ready; its marks. */
async function open(
  context: BrowserContext,
  url: string,
  done: 'app' | 'bare',
  throttle: { cacheDisabled: boolean; cpuRate: number; profile?: boolean } | undefined,
): Promise<{ page: Page; marks: Marks }> {
  const page = await context.newPage();
  const cdp = throttle ? await context.newCDPSession(page) : undefined;
  if (cdp && throttle) {
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: throttle.cacheDisabled });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PROFILE.latencyMs,
      downloadThroughput: (PROFILE.downKbit * 1000) / 8,
      uploadThroughput: (PROFILE.upKbit * 1000) / 8,
    });
    if (throttle.cpuRate !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle.cpuRate });
    if (throttle.profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    }
  }
  await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
  // A function, not a string: the product's CSP has no 'unsafe-eval'.
  await page
    .waitForFunction(
      (kind) => {
        const m = (window as unknown as { __budget?: Marks }).__budget;
        if (!m) return false;
        return kind === 'app'
          ? m.mainButtonAt !== null && m.groupsAt !== null
          : m.bareButtonAt !== null && m.fcp !== null;
      },
      done,
      { timeout: 60_000, polling: 50 },
    )
    .catch(async (err: unknown) => {
      const seen = await page
        .evaluate(() => ({
          marks: (window as unknown as { __budget?: Marks }).__budget,
          text: (document.body?.textContent ?? '').slice(0, 300),
          selects: Array.from(document.querySelectorAll('select')).map(
            (s) => `${s.name}:${s.options.length}`,
          ),
        }))
        .catch(() => null);
      throw new Error(`${url}: not ready (${String(err)}); page: ${JSON.stringify(seen)}`);
    });
  const marks = await page.evaluate(() => (window as unknown as { __budget: Marks }).__budget);
  if (cdp && throttle?.profile) marks.profile = (await cdp.send('Profiler.stop')).profile;
  return { page, marks };
}

/** In the app's page: its worker active and the screen's reads kept (IndexedDB). */
async function appKeptItsShell(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const worker = (await navigator.serviceWorker.ready).active;
    if (worker && worker.state !== 'activated')
      await new Promise<void>((done) =>
        worker.addEventListener('statechange', () => worker.state === 'activated' && done()),
      );
  });
  // The reads are kept once the page is idle: asked (through DevTools, not the page) until
  // they are there.
  const cdp = await page.context().newCDPSession(page);
  const origin = new URL(page.url()).origin;
  const kept = () =>
    cdp
      .send('IndexedDB.getMetadata', {
        securityOrigin: origin,
        databaseName: 'gebere-cache',
        objectStoreName: 'reads',
      })
      .then((m) => m.entriesCount)
      .catch(() => 0);
  const deadline = Date.now() + 60_000;
  while ((await kept()) === 0) {
    if (Date.now() > deadline) throw new Error('the screen kept no reads within 60 s');
    await page.waitForTimeout(200);
  }
  await cdp.detach();
}

/** One load of `url` (cold or warm, see above) in a fresh profile; the measured page's marks. */
export async function androidLoad(
  url: string,
  done: 'app' | 'bare',
  options: LoadOptions = {},
): Promise<Marks> {
  const profile = mkdtempSync(join(tmpdir(), 'gebere-budget-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    args: [...CHROMIUM_ARGS],
    viewport: { width: 360, height: 640 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  try {
    // As source with a `__name` stub: tsx (esbuild keepNames) wraps named inner functions in
    // `__name(…)`, which the page does not have.
    await context.addInitScript({
      content: `var __name = (f) => f;\n(${androidHost.toString()})(${JSON.stringify(THEMES.light)});`,
    });
    if (options.warm) {
      const first = await open(context, url, done, undefined);
      if (done === 'app') await appKeptItsShell(first.page);
      await first.page.close();
    }
    const cpuRate = options.cpuRate ?? 1;
    const { page, marks } = await open(context, url, done, {
      cacheDisabled: !options.warm,
      cpuRate,
      profile: options.profile,
    });
    if (options.waterfall) marks.waterfall = await page.evaluate(requestTimes);
    return marks;
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
