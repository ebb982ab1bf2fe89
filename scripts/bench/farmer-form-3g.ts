// biome-ignore-all lint/suspicious/noConsole: a command-line benchmark that prints its report
/**
 * Farmer form ready on 3G (a field budget): from navigation start until the farmer
 * registration form is ready — the kebele's development groups in the group select AND the
 * main button shown (`web_app_setup_main_button` with `is_visible: true`) — under Chromium's
 * network emulation (562 ms RTT, 1.44 Mbit/s down, 675 kbit/s up), hosted as Telegram's Android
 * client hosts it (android-load.ts): the launch URL (the bot's signed link + the launch hash,
 * tgWebAppPlatform=android, no initData as from a keyboard button). Four ways of opening
 * ({@link MODES}): cold (fresh profile, cache disabled) and warm (the second open in the same
 * profile, the offline shell installed), each at the CPU's own speed and slowed 4×. Beside it,
 * in the same run and alternating load by load: a bare React 19 + telegram-ui page (AppRoot +
 * Button) opened the same way, until its button is in the page; the ratio is of the medians.
 * Aims: cold ≤ 2.5 s (anchors on this profile: reactjs-template first paint 2.8 s, bare page
 * 1.9 s); warm reopen ≤ 0.6 s, ≤ 0.9 s at 4× CPU. A benchmark, not a test: it prints, it does
 * not fail.
 *
 *   node --import tsx scripts/bench/farmer-form-3g.ts [--runs 5] [--no-build] [--waterfall] [--profile] [--cold-only|--warm-only]
 *
 * `--waterfall` also prints each farmer-form load's requests (start→end, ms from navigation);
 * `--profile` where each farmer-form load spent the main thread's time until ready (by script
 * and by function, self time, at the load's CPU rate).
 */
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { buildLaunchUrl } from '@gebere/telegram-emulator';
import { androidLoad, blockingTime, PROFILE } from './android-load';
import { startBarePage } from './budget-bare-page';
import { ensureBuilds, farmerRegistrationLink, median, startProduct } from './budget-product';

export { PROFILE };
export const AIM_MS = 2500;
export const WARM_AIM_MS = { 1: 600, 4: 900 } as Record<number, number>;

/** One way of opening: cold or warm (the second open, offline shell installed), CPU slowed or not. */
export interface OpenMode {
  warm: boolean;
  cpuRate: number;
}
export const MODES: readonly OpenMode[] = [
  { warm: false, cpuRate: 1 },
  { warm: false, cpuRate: 4 },
  { warm: true, cpuRate: 1 },
  { warm: true, cpuRate: 4 },
];
export const modeName = (m: OpenMode) => `${m.warm ? 'warm reopen' : 'cold'}, CPU ${m.cpuRate}×`;

export interface ModeResult extends OpenMode {
  /** ms from navigation start to ready, per load. */
  app: number[];
  appFcp: number[];
  bare: number[];
  bareFcp: number[];
  /** Per load: Total Blocking Time from first paint until ready, and the longest task (ms). */
  appTbt: number[];
  appLongest: number[];
  bareTbt: number[];
  bareLongest: number[];
  appMedianMs: number;
  bareMedianMs: number;
  /** app ÷ bare, of the medians. */
  ratio: number;
}

export interface FarmerForm3gResult {
  runs: number;
  modes: ModeResult[];
  bareBytes: number;
  groups: number;
}

/**
 * Starts the product (fresh DATA_DIR) and the bare page, loads each `runs` times per mode,
 * alternating app and bare page load by load, and stops both. `log` gets one line per load.
 */
export async function measureFarmerForm3g(
  options: {
    runs?: number;
    build?: boolean;
    waterfall?: boolean;
    profile?: boolean;
    modes?: readonly OpenMode[];
    log?: (line: string) => void;
  } = {},
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
    const modes: ModeResult[] = [];
    for (const mode of options.modes ?? MODES) {
      const r = {
        app: [] as number[],
        appFcp: [] as number[],
        bare: [] as number[],
        bareFcp: [] as number[],
        appTbt: [] as number[],
        appLongest: [] as number[],
        bareTbt: [] as number[],
        bareLongest: [] as number[],
      };
      for (let i = 0; i < runs; i++) {
        const a = await androidLoad(launchUrl, 'app', {
          ...mode,
          waterfall: options.waterfall,
          profile: options.profile,
        });
        const readyAt = Math.max(a.mainButtonAt as number, a.groupsAt as number);
        r.app.push(readyAt);
        r.appFcp.push(a.fcp ?? Number.NaN);
        const b = await androidLoad(bare.url, 'bare', mode);
        // The bare page's button is visible once it is in the page and painted.
        const bareAt = Math.max(b.bareButtonAt as number, b.fcp as number);
        r.bare.push(bareAt);
        r.bareFcp.push(b.fcp ?? Number.NaN);
        const appBlocking = blockingTime(a, readyAt);
        const bareBlocking = blockingTime(b, bareAt);
        r.appTbt.push(appBlocking.tbt);
        r.appLongest.push(appBlocking.longest);
        r.bareTbt.push(bareBlocking.tbt);
        r.bareLongest.push(bareBlocking.longest);
        for (const line of a.waterfall ?? []) log(`  ${line}`);
        if (a.profile) for (const line of profileSummary(a.profile as CpuProfile)) log(`  ${line}`);
        log(
          `${modeName(mode)}, load ${i + 1}: farmer form ready ${Math.round(readyAt)} ms (groups ${Math.round(a.groupsAt as number)}, main button ${Math.round(a.mainButtonAt as number)}, first paint ${Math.round(a.fcp ?? Number.NaN)}, blocking ${Math.round(appBlocking.tbt)}, longest task ${Math.round(appBlocking.longest)})  bare page button ${Math.round(bareAt)} ms (first paint ${Math.round(b.fcp ?? Number.NaN)}, blocking ${Math.round(bareBlocking.tbt)}, longest task ${Math.round(bareBlocking.longest)})`,
        );
      }
      const appMedianMs = median(r.app);
      const bareMedianMs = median(r.bare);
      modes.push({ ...mode, ...r, appMedianMs, bareMedianMs, ratio: appMedianMs / bareMedianMs });
    }
    return { runs, modes, bareBytes: bare.bytes, groups: link.groups };
  } finally {
    await bare.stop();
    await product.stop();
  }
}

interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  samples: number[];
  timeDeltas: number[];
}

/** Self time of a CPU profile by script and by function, the largest first. */
function profileSummary(profile: CpuProfile, top = 12): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const scripts = new Map<string, number>();
  const functions = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id);
    const us = profile.timeDeltas[i + 1] ?? 0;
    if (!frame) return;
    const script = frame.url
      ? (new URL(frame.url).pathname.split('/').pop() ?? frame.url)
      : `(${frame.functionName})`;
    scripts.set(script, (scripts.get(script) ?? 0) + us);
    const fn = `${frame.functionName || '(anonymous)'} ${script}:${frame.lineNumber + 1}`;
    functions.set(fn, (functions.get(fn) ?? 0) + us);
  });
  const list = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, us]) => `${(us / 1000).toFixed(1).padStart(7)} ms  ${k}`);
  return ['self time by script:', ...list(scripts), 'self time by function:', ...list(functions)];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const i = process.argv.indexOf('--runs');
  const runs = i >= 0 ? Number(process.argv[i + 1]) : 5;
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  console.log(
    `farmer form ready on 3G (${PROFILE.latencyMs} ms RTT, ${PROFILE.downKbit / 1000} Mbit/s down, ${PROFILE.upKbit} kbit/s up), Android host, ${runs} loads per way of opening, beside the bare page; load average ${load()}`,
  );
  const r = await measureFarmerForm3g({
    runs,
    build: !process.argv.includes('--no-build'),
    waterfall: process.argv.includes('--waterfall'),
    profile: process.argv.includes('--profile'),
    modes: process.argv.includes('--cold-only')
      ? [{ warm: false, cpuRate: 1 }]
      : process.argv.includes('--warm-only')
        ? MODES.filter((m) => m.warm)
        : MODES,
    log: (l) => console.log(`  ${l}`),
  });
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  for (const m of r.modes)
    console.log(
      `median, ${modeName(m)}: farmer form ${s(m.appMedianMs)}, bare React + telegram-ui page ${s(m.bareMedianMs)}, ratio ${m.ratio.toFixed(2)}×; blocking time ${Math.round(median(m.appTbt))} / ${Math.round(median(m.bareTbt))} ms, longest task ${Math.round(median(m.appLongest))} / ${Math.round(median(m.bareLongest))} ms`,
    );
  console.log(
    `bare page ${(r.bareBytes / 1024).toFixed(1)} KB brotli; ${r.groups} groups in the list; cold 1× aim ≤ ${s(AIM_MS)}; load average now ${load()}`,
  );
}
