import { matchScreen } from '@gebere/contract/screens';

/** What the worker builds into itself (webapp/scripts/service-worker.ts writes it). */
export interface Precache {
  /** The build's hash: names the cache, so a new build gets a new one. */
  version: string;
  /** Absolute paths of every hashed file of the build (each screen's and language's chunks, CSS). */
  files: readonly string[];
  /** index.html's entry script: a shell document that does not name it is another build's. */
  entry: string;
}

export const CACHE_PREFIX = 'gebere-shell-';
export const cacheName = (version: string) => `${CACHE_PREFIX}${version}`;

/**
 * How long a navigation waits for the network before the cached shell answers: about five
 * round trips on the field budget's 3G (562 ms), enough for the ~1.5 KB document on a working
 * link, short enough that a DA on a dead one is not left staring at a blank page.
 */
export const NAVIGATION_TIMEOUT_MS = 3000;

/**
 * What the worker does with a request; `undefined` leaves it to the network as if there were
 * no worker (the API under /backend, /tg, the emulator, anything not of this build). Only two
 * kinds are ever answered from the cache:
 * - `page`: a navigation to a screen of the contract's registry (its path or alias): network
 *   first, the cached shell when the network fails or is too slow. The router reads the screen
 *   from the location, so the one shell serves every screen.
 * - `file`: one of the build's hashed files: cache first (its name changes with its content).
 */
export function handlingOf(
  request: { method: string; mode: string; url: string },
  scope: string,
  files: ReadonlySet<string>,
): 'page' | 'file' | undefined {
  if (request.method !== 'GET') return undefined;
  const url = new URL(request.url);
  const base = new URL(scope);
  if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) return undefined;
  if (request.mode === 'navigate')
    return matchScreen(`/${url.pathname.slice(base.pathname.length)}`) ? 'page' : undefined;
  return files.has(url.pathname) && !url.search ? 'file' : undefined;
}
