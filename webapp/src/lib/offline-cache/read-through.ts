import type { ApiResult } from '@gebere/api-client/transport';
import { useSyncExternalStore } from 'react';
import { noAnswer } from '../api/errors';
import { afterLoadWhenIdle, once } from '../loading';

/**
 * Field mode "data ready before the signal goes": the reads a DA's screens make (who they are,
 * their kebele's development groups and those groups' farmers, the value-chain hierarchy, the
 * kebele's advisories) go through {@link readThrough}. With signal, the answer is used and kept
 * (store.ts: IndexedDB, per Telegram user and build, bounded) once the page is idle; with no
 * answer (offline, timed out) the kept one is used instead, and the screen shows when it was
 * fetched ({@link useAsOf}, the "as of" line of every screen). A refusal (401, 403, 404) is
 * never answered from the cache, and the kept answer goes with it: the server has spoken.
 *
 * A screen that can redraw (`later`) is drawn from the kept answer at once on a warm open, and
 * again from the server's when it comes; a refusal then replaces what the kept one drew.
 *
 * This file is on every screen's first load and stays tiny: the store (idb) is its own chunk,
 * loaded after the page is idle to keep, or at once when it must answer offline.
 */

/** The status of an answer read from the cache (HTTP's "non-authoritative information"). */
export const KEPT_STATUS = 203;

/** What a read is kept under: its route and input, as sent. */
export type ReadKey = readonly unknown[];

type Store = typeof import('./store');
const loadStore = once((): Promise<Store> => import('./store'));

// The "as of" of the page's current screen: the oldest fetch time of the kept answers it used.
let asOf: { screen: string; at: number } | undefined;
const listeners = new Set<() => void>();
const screenNow = () => `${window.location.pathname}${window.location.search}`;

function noteKept(at: number): void {
  const screen = screenNow();
  if (asOf?.screen === screen && asOf.at <= at) return;
  asOf = { screen, at };
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => (asOf && asOf.screen === screenNow() ? asOf.at : undefined);

/** When the oldest kept answer this screen shows was fetched (ms), or undefined when all is live. */
export function useAsOf(): number | undefined {
  return useSyncExternalStore(subscribe, snapshot);
}

/** What the server refuses this launch: the kept answer must not be shown again. */
const refused = (status: number | null) => status === 401 || status === 403 || status === 404;

/**
 * Whether a kept answer may be read before the network's: under the service worker (a warm
 * open), whose cache holds the store's chunk, so a cold open downloads nothing more for it.
 */
const keptFirst = () => typeof navigator !== 'undefined' && !!navigator.serviceWorker?.controller;

/**
 * `fetch`'s answer; when none came (network, timeout), the answer kept for `key` the last time it
 * came, if any. With `later`, the kept answer is answered at once when it is there before the
 * network's (a warm open: {@link keptFirst}), and the network's then goes to `later`: the live
 * answer, or a 4xx (a refusal above all), which the screen shows instead (the server has
 * spoken). No answer, or a 5xx, leaves what the kept one drew, with its "as of" line (a form the
 * DA may be filling is not taken away by a broken server). Never throws.
 */
export async function readThrough<T>(
  key: ReadKey,
  fetch: () => Promise<ApiResult<T>>,
  later?: (result: ApiResult<T>) => void,
): Promise<ApiResult<T>> {
  const network = fetch();
  if (later && keptFirst()) {
    const first = await Promise.race([network.then(() => undefined), keptAnswer(key)]);
    if (first) {
      void network.then((result) => {
        if (result.ok) keepLater(key, result.data);
        // A broken server (5xx) has refused nothing: what was drawn stays, as with no answer.
        else if (noAnswer(result.error) || (result.error.status ?? 0) >= 500) return noteKept(first.at);
        else if (refused(result.error.status)) forget(key);
        later(result);
      });
      return { ok: true, status: KEPT_STATUS, data: first.data as T };
    }
  }
  const result = await network;
  if (result.ok) {
    keepLater(key, result.data);
    return result;
  }
  if (!noAnswer(result.error)) {
    if (refused(result.error.status)) forget(key);
    return result;
  }
  const kept = await keptAnswer(key);
  if (!kept) return result;
  noteKept(kept.at);
  return { ok: true, status: KEPT_STATUS, data: kept.data as T };
}

function keepLater(key: ReadKey, data: unknown): void {
  afterLoadWhenIdle(() => {
    loadStore()
      .then((store) => store.keep(key, data))
      .catch(() => undefined); // no storage: nothing kept, nothing lost
  });
}

function forget(key: ReadKey): void {
  loadStore()
    .then((store) => store.forget(key))
    .catch(() => undefined);
}

/**
 * The answer kept for `key` and when it was fetched, without asking the network (and the farmer
 * form's look at the kebele's farmers before a registration); undefined when none. Never throws.
 */
export function keptAnswer(key: ReadKey): Promise<{ at: number; data: unknown } | undefined> {
  return loadStore()
    .then((store) => store.kept(key))
    .catch(() => undefined);
}

/**
 * With signal, once the page is idle: the reads the DA may need offline for their kebele
 * (warm.ts, its own chunk), unless made lately.
 */
export function keepReadyFor(kebele: number): void {
  if (!navigator.onLine) return;
  afterLoadWhenIdle(() => {
    import('./warm').then((m) => m.warm(kebele)).catch(() => undefined);
  });
}

/** Tests only: forget the "as of" time. */
export function resetAsOfForTests(): void {
  asOf = undefined;
}
