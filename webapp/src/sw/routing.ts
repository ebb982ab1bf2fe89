import { LANG_PARAM, matchScreen } from '@gebere/contract/screens';

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
 * The cache key of the document a navigation to `url` is answered with: its screen (path
 * parameters dropped, aliases as their screen) and language, under the scope. Nothing else of
 * the URL: a signed link's `sig`, `tg` and the other parameters never reach a key, and the launch
 * hash (initData) is never sent to the worker at all. Undefined for a URL that is no screen.
 */
export function documentKey(url: string, scope: string): string | undefined {
  const u = new URL(url);
  const base = new URL(scope);
  if (u.origin !== base.origin || !u.pathname.startsWith(base.pathname)) return undefined;
  const screen = matchScreen(`/${u.pathname.slice(base.pathname.length)}`);
  if (!screen) return undefined;
  const lang = u.searchParams.get(LANG_PARAM);
  const key = new URL(base.href);
  key.search = `screen=${screen.name}${lang && /^[a-z]{2,3}$/.test(lang) ? `&${LANG_PARAM}=${lang}` : ''}`;
  return key.href;
}

/**
 * What the worker does with a request; `undefined` leaves it to the network as if there were
 * no worker (the API under /backend, /tg, the emulator, anything not of this build). Only two
 * kinds are ever answered from the cache:
 * - `page`: a navigation to a screen of the contract's registry (its path or alias): this
 *   build's document from the cache at once (the screen's own, else the root's shell), the
 *   network's copy kept for the next open. The router reads the screen from the location, so
 *   the one shell serves every screen.
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
