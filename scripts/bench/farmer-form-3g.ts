// biome-ignore-all lint/suspicious/noConsole: a command-line benchmark that prints its report
/**
 * Farmer form ready on 3G (a field budget): from navigation start until the farmer
 * registration form is ready — the kebele's development groups in the group select AND the
 * main button shown (`web_app_setup_main_button` with `is_visible: true`) — under Chromium's
 * network emulation (562 ms RTT, 1.44 Mbit/s down, 675 kbit/s up, cache disabled, a fresh
 * profile per load), hosted as Telegram's Android client hosts it: the launch URL (the bot's
 * signed link + the launch hash, tgWebAppPlatform=android, no initData as from a keyboard
 * button) opened directly with `window.TelegramWebviewProxy.postEvent` recording the events and
 * answering theme/viewport/safe-area requests through `Telegram.WebView.receiveEvent`.
 * Beside it, in the same run and alternating load by load: a bare React 19 + telegram-ui page
 * (AppRoot + Button) under the same profile, until its button is in the page.
 * Aim ≤ 2.5 s (anchors on this profile: reactjs-template first paint 2.8 s, bare page 1.9 s).
 * A benchmark, not a test: it prints, it does not fail.
 *
 *   node --import tsx scripts/bench/farmer-form-3g.ts [--runs 5] [--no-build] [--waterfall]
 *
 * `--waterfall` also prints each farmer-form load's requests (start→end, ms from navigation).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildLaunchUrl, THEMES } from '@gebere/telegram-emulator';
import { CHROMIUM_ARGS, chromiumPath } from '@gebere/telegram-emulator/browser';
import { chromium } from 'playwright-core';
import { startBarePage } from './budget-bare-page';
import { ensureBuilds, farmerRegistrationLink, median, startProduct } from './budget-product';

export const PROFILE = { latencyMs: 562, downKbit: 1440, upKbit: 675 };
export const AIM_MS = 2500;

interface Marks {
  mainButtonAt: number | null;
  groupsAt: number | null;
  bareButtonAt: number | null;
  fcp: number | null;
  events: string[];
  /** With --waterfall: each request of the load, `start→end ms path`. */
  waterfall?: string[];
}

/** Runs in the page before its scripts: the Android client's bridge, and the ready marks. */
function androidHost(theme: Record<string, string>) {
  const w = window as unknown as {
    __budget: Marks;
    TelegramWebviewProxy: { postEvent: (type: string, data?: string) => void };
    Telegram?: { WebView?: { receiveEvent?: (type: string, data: unknown) => void } };
  };
  const marks: Marks = { mainButtonAt: null, groupsAt: null, bareButtonAt: null, fcp: null, events: [] };
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

/** One cold load of `url` in a fresh Chromium profile under the 3G profile; the page's marks. */
async function coldLoad(url: string, done: 'app' | 'bare', waterfall = false): Promise<Marks> {
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
    const page = context.pages()[0] ?? (await context.newPage());
    // As source with a `__name` stub: tsx (esbuild keepNames) wraps named inner functions in
    // `__name(…)`, which the page does not have.
    await page.addInitScript({
      content: `var __name = (f) => f;\n(${androidHost.toString()})(${JSON.stringify(THEMES.light)});`,
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PROFILE.latencyMs,
      downloadThroughput: (PROFILE.downKbit * 1000) / 8,
      uploadThroughput: (PROFILE.upKbit * 1000) / 8,
    });
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
    if (waterfall) marks.waterfall = await page.evaluate(requestTimes);
    return marks;
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

export interface FarmerForm3gResult {
  runs: number;
  /** ms from navigation start to ready, per load. */
  app: number[];
  appFcp: number[];
  bare: number[];
  bareFcp: number[];
  appMedianMs: number;
  bareMedianMs: number;
  bareBytes: number;
  groups: number;
}

/**
 * Starts the product (fresh DATA_DIR) and the bare page, loads each `runs` times alternating,
 * and stops both. `log` gets one line per load.
 */
export async function measureFarmerForm3g(
  options: { runs?: number; build?: boolean; waterfall?: boolean; log?: (line: string) => void } = {},
): Promise<FarmerForm3gResult> {
  const runs = options.runs ?? 5;
  const log = options.log ?? (() => {});
  if (options.build !== false) await ensureBuilds(log);
  const product = await startProduct();
  const bare = await startBarePage();
  try {
    const link = await farmerRegistrationLink(product);
    if (link.groups < 1) throw new Error(`demo kebele ${link.kebeleId} has no development groups`);
    const launchUrl = buildLaunchUrl(link.url, {
      initData: undefined,
      version: '8.0',
      platform: 'android',
      theme: 'light',
    });
    const result = {
      app: [] as number[],
      appFcp: [] as number[],
      bare: [] as number[],
      bareFcp: [] as number[],
    };
    for (let i = 0; i < runs; i++) {
      const a = await coldLoad(launchUrl, 'app', options.waterfall);
      const readyAt = Math.max(a.mainButtonAt as number, a.groupsAt as number);
      result.app.push(readyAt);
      result.appFcp.push(a.fcp ?? Number.NaN);
      const b = await coldLoad(bare.url, 'bare');
      // The bare page's button is visible once it is in the page and painted.
      result.bare.push(Math.max(b.bareButtonAt as number, b.fcp as number));
      result.bareFcp.push(b.fcp ?? Number.NaN);
      for (const line of a.waterfall ?? []) log(`  ${line}`);
      log(
        `load ${i + 1}: farmer form ready ${Math.round(readyAt)} ms (groups ${Math.round(a.groupsAt as number)}, main button ${Math.round(a.mainButtonAt as number)}, first paint ${Math.round(a.fcp ?? Number.NaN)})  bare page button ${Math.round(Math.max(b.bareButtonAt as number, b.fcp as number))} ms (first paint ${Math.round(b.fcp ?? Number.NaN)})`,
      );
    }
    return {
      runs,
      ...result,
      appMedianMs: median(result.app),
      bareMedianMs: median(result.bare),
      bareBytes: bare.bytes,
      groups: link.groups,
    };
  } finally {
    await bare.stop();
    await product.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const i = process.argv.indexOf('--runs');
  const runs = i >= 0 ? Number(process.argv[i + 1]) : 5;
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  console.log(
    `farmer form ready on 3G (${PROFILE.latencyMs} ms RTT, ${PROFILE.downKbit / 1000} Mbit/s down, ${PROFILE.upKbit} kbit/s up, cache disabled), Android host, ${runs} cold loads each; load average ${load()}`,
  );
  const r = await measureFarmerForm3g({
    runs,
    build: !process.argv.includes('--no-build'),
    waterfall: process.argv.includes('--waterfall'),
    log: (l) => console.log(`  ${l}`),
  });
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(
    `median: farmer form ${s(r.appMedianMs)} (aim ≤ ${s(AIM_MS)}: ${r.appMedianMs <= AIM_MS ? 'met' : 'NOT met'}), bare React + telegram-ui page ${s(r.bareMedianMs)} (${(r.bareBytes / 1024).toFixed(1)} KB brotli); ${r.groups} groups in the list; load average now ${load()}`,
  );
}
