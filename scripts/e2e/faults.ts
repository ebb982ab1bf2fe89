// Field faults for the journeys, injected in the chat page (its routes see the framed mini-app's
// requests): what a cheap Android phone on 2G/3G in Ethiopia lives with. Every injector is
// deterministic, so a failing run replays exactly.
import type { Page, Route } from 'playwright-core';

/**
 * The answer of every `every`-th write is lost after the server saved it (the connection resets
 * on the way back). The screens must retry without duplicating anything. Returns the URLs whose
 * answers were lost.
 */
export async function loseSomeAnswers(page: Page, pattern: RegExp, every = 3): Promise<string[]> {
  let seen = 0;
  const lost: string[] = [];
  await page.route(pattern, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    const response = await route.fetch();
    if (seen++ % every === 0) {
      lost.push(route.request().url());
      return route.abort('connectionreset');
    }
    return route.fulfill({ response });
  });
  return lost;
}

/** mulberry32: a tiny seeded generator, so "30% dropped" is the same 30% on every run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * What happened to one request: `lost_request` never reached the server (a dead cell before it
 * left the phone); `lost_answer` was saved by the server and its answer never came back.
 */
export type Fate = 'passed' | 'lost_request' | 'lost_answer';

export interface FaultEntry {
  method: string;
  path: string;
  fate: Fate;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The backend drops `rate` of the writes matching `pattern`, half before the server sees them
 * and half after it saved (answer lost), in a seeded order. Returns the log of every write, so
 * a test can say which faults it actually went through.
 */
export async function dropSomeWrites(
  page: Page,
  pattern: RegExp,
  { seed, rate = 0.3 }: { seed: number; rate?: number },
): Promise<FaultEntry[]> {
  const next = seeded(seed);
  const log: FaultEntry[] = [];
  await page.route(pattern, async (route) => {
    const request = route.request();
    if (!WRITES.has(request.method())) return route.fallback();
    const r = next();
    const fate: Fate = r < rate / 2 ? 'lost_request' : r < rate ? 'lost_answer' : 'passed';
    log.push({ method: request.method(), path: new URL(request.url()).pathname, fate });
    if (fate === 'lost_request') return route.abort('connectionreset');
    const response = await route.fetch();
    if (fate === 'lost_answer') return route.abort('connectionreset');
    return route.fulfill({ response });
  });
  return log;
}

/** Counts per fate, for "the run went through both kinds of fault" checks. */
export const fates = (log: readonly FaultEntry[]) => ({
  passed: log.filter((e) => e.fate === 'passed').length,
  lost_request: log.filter((e) => e.fate === 'lost_request').length,
  lost_answer: log.filter((e) => e.fate === 'lost_answer').length,
});

export interface Network {
  /** Requests the mini-app made while the network was down (all failed). */
  readonly refused: string[];
  /** From now on every request matching the pattern fails as if the phone lost its signal. */
  down(): void;
  up(): void;
  /** Goes down when `when(request)` first holds, after letting that request through or not. */
  downWhen(when: (route: Route) => boolean, letThrough: boolean): void;
}

/**
 * The mini-app's network can go away (every request matching `pattern` fails with
 * ERR_INTERNET_DISCONNECTED) and come back, while the chat page (Telegram's own connection)
 * keeps working. Requests not matching go on as usual.
 */
export async function flakyNetwork(page: Page, pattern: RegExp): Promise<Network> {
  let isDown = false;
  let trigger: { when: (route: Route) => boolean; letThrough: boolean } | null = null;
  const refused: string[] = [];
  await page.route(pattern, async (route) => {
    const request = route.request();
    if (!isDown && trigger?.when(route)) {
      const { letThrough } = trigger;
      trigger = null;
      isDown = true;
      if (letThrough) {
        // This one reached the server and was saved; its answer dies with the network.
        await route.fetch();
        refused.push(`${request.method()} ${new URL(request.url()).pathname} (answer lost)`);
        return route.abort('internetdisconnected');
      }
    }
    if (isDown) {
      refused.push(`${request.method()} ${new URL(request.url()).pathname}`);
      return route.abort('internetdisconnected');
    }
    return route.fallback();
  });
  return {
    refused,
    down: () => {
      isDown = true;
    },
    up: () => {
      isDown = false;
    },
    downWhen: (when, letThrough) => {
      trigger = { when, letThrough };
    },
  };
}

export interface FailingServer {
  /** How many writes it answered with the error. */
  readonly failed: number;
  /** From now on writes reach the server again. */
  recover(): void;
}

/**
 * The backend answers every write matching `pattern` with `status` (a 500: the server failed,
 * nothing saved) until `recover()`: the phone has signal, the server does not cope.
 */
export async function failingServer(page: Page, pattern: RegExp, status = 500): Promise<FailingServer> {
  let failing = true;
  let failed = 0;
  await page.route(pattern, async (route) => {
    if (!failing || !WRITES.has(route.request().method())) return route.fallback();
    failed++;
    return route.fulfill({ status, contentType: 'application/json', body: '{"detail":"Server Error"}' });
  });
  return {
    get failed() {
      return failed;
    },
    recover: () => {
      failing = false;
    },
  };
}
