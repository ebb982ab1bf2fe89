import type { ApiResult } from '@gebere/api-client/transport';
import { useSyncExternalStore } from 'react';
import { afterLoadWhenIdle } from '../after-load';
import { noAnswer } from '../api/errors';

/**
 * Field mode "data ready before the signal goes": the reads a DA's screens make (who they are,
 * their kebele's development groups and those groups' farmers, the value-chain hierarchy, the
 * kebele's advisories) go through {@link readThrough}. With signal, the answer is used and kept
 * (store.ts: IndexedDB, per Telegram user and build, bounded) once the page is idle; with no
 * answer (offline, timed out) the kept one is used instead, and the screen shows when it was
 * fetched ({@link useAsOf}, the "as of" line of every screen). A refusal (401, 403, 404) is
 * never answered from the cache: the server has spoken.
 *
 * This file is on every screen's first load and stays tiny: the store (idb) is its own chunk,
 * loaded after the page is idle to keep, or at once when it must answer offline.
 */

/** The status of an answer read from the cache (HTTP's "non-authoritative information"). */
export const KEPT_STATUS = 203;

/** What a read is kept under: its route and input, as sent. */
export type ReadKey = readonly unknown[];

type Store = typeof import('./store');
let storeModule: Promise<Store> | undefined;
function loadStore(): Promise<Store> {
  storeModule ??= import('./store');
  storeModule.catch(() => {
    storeModule = undefined;
  });
  return storeModule;
}

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

/**
 * `fetch`'s answer; when none came (network, timeout), the answer kept for `key` the last time it
 * came, if any. Never throws.
 */
export async function readThrough<T>(
  key: ReadKey,
  fetch: () => Promise<ApiResult<T>>,
): Promise<ApiResult<T>> {
  const result = await fetch();
  if (result.ok) {
    afterLoadWhenIdle(() => {
      loadStore()
        .then((store) => store.keep(key, result.data))
        .catch(() => undefined); // no storage: nothing kept, nothing lost
    });
    return result;
  }
  if (!noAnswer(result.error)) return result;
  const kept = await loadStore()
    .then((store) => store.kept(key))
    .catch(() => undefined);
  if (!kept) return result;
  noteKept(kept.at);
  return { ok: true, status: KEPT_STATUS, data: kept.data as T };
}

/**
 * The answer kept for `key` and when it was fetched, without asking the network (the farmer
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
