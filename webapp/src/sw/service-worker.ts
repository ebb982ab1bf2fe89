// The service worker (served at the app's root as /sw.js, built by scripts/service-worker.ts):
// keeps this build's shell so that a screen opens again at once, with signal or without.
// Nothing else is ever answered from the cache (routing.ts): API calls always go to the network.
//
// Updates never mix builds: a page runs the build of the worker that answered its document, and
// this worker answers only this build's document (the shell names this build's entry, whose
// files are all precached here). A new build's worker installs in the background with its own
// cache and waits (no skipWaiting) until no open app runs this one: the DA's next open gets it,
// never a form already on the screen.
import { CACHE_PREFIX, cacheName, documentKey, handlingOf, type Precache } from './routing';

// The few worker types used here (the webapp compiles against the DOM library, not WebWorker's).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  preloadResponse: Promise<Response | undefined>;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScope {
  registration: { scope: string; navigationPreload?: { enable(): Promise<void> } };
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}

declare const __GEBERE_PRECACHE__: Precache;
const worker = self as unknown as WorkerScope;
const precache = __GEBERE_PRECACHE__;
const CACHE = cacheName(precache.version);
const files = new Set(precache.files);
// The shell document: the app's root (the home screen's document, for the default language).
const shellUrl = () => worker.registration.scope;

/**
 * One file at a time, so the app keeps the other connections for the DA's own calls; a file an
 * older build's cache already has is copied, not downloaded again. Any failure fails the install:
 * the previous worker (or none) stays, and the browser tries again later.
 */
async function install(): Promise<void> {
  const cache = await caches.open(CACHE);
  for (const file of precache.files) {
    if (await cache.match(file)) continue;
    const response = (await caches.match(file)) ?? (await fetch(file, { priority: 'low' }));
    if (!response.ok) throw new Error(`${file}: ${response.status}`);
    await cache.put(file, response);
  }
  const shell = await fetch(shellUrl(), { cache: 'no-cache' });
  // A server still on another build (a rolling deploy) would pair this shell with files not here.
  if (!shell.ok || !(await shell.clone().text()).includes(precache.entry))
    throw new Error(`the shell at ${shellUrl()} is not this build's`);
  await cache.put(shellUrl(), shell);
}

/**
 * Older builds' caches go once this build is active: no open app still runs them. The open app
 * is taken at once (claim): the screens its document has not loaded yet then come from the cache
 * too, so a visit begun with signal goes on without it in the same open (an older build's page
 * fetches its own files from the network, as it did).
 */
async function activate(): Promise<void> {
  const names = await caches.keys();
  await Promise.all(
    names.filter((n) => n.startsWith(CACHE_PREFIX) && n !== CACHE).map((n) => caches.delete(n)),
  );
  await worker.clients.claim();
  // The browser sends the document's request while the worker boots (slow on cheap phones):
  // its answer refreshes the kept document without a request of the worker's own.
  await worker.registration.navigationPreload?.enable().catch(() => undefined);
}

/**
 * Stale-while-revalidate: the screen's document as this worker last kept it (else the root's
 * shell) at once, without waiting for the network, not even on 3G. The navigation preload's
 * answer (the browser sends it while the worker boots) is kept for the next open when it is
 * still this build's: it carries the screen's preload links and the current runtime settings.
 * Another build's is dropped (its worker brings its own shell). Without a kept document (an
 * evicted cache), the network answers as if there were no worker.
 */
async function page(event: FetchEvent): Promise<Response> {
  const cache = await caches.open(CACHE);
  const key = documentKey(event.request.url, worker.registration.scope);
  const kept = (key && (await cache.match(key))) || (await cache.match(shellUrl()));
  if (!kept) return (await event.preloadResponse.catch(() => undefined)) ?? fetch(event.request);
  if (key) event.waitUntil(keepDocument(cache, key, event.preloadResponse));
  return kept;
}

/**
 * Keeps a screen's document from the network under its key (routing.ts `documentKey`: no proof
 * in it), rebuilt so that nothing of the request (its URL, with a signed link's `sig`) is kept.
 */
async function keepDocument(cache: Cache, key: string, answer: Promise<Response | undefined>) {
  const response = await answer.catch(() => undefined);
  if (response?.status !== 200) return;
  const html = await response.text().catch(() => '');
  if (!html.includes(precache.entry)) return;
  const headers = new Headers(response.headers);
  for (const name of ['content-encoding', 'content-length', 'etag']) headers.delete(name);
  await cache.put(key, new Response(html, { status: 200, headers }));
}

async function file(request: Request): Promise<Response> {
  const cached = await caches.open(CACHE).then((cache) => cache.match(request, { ignoreVary: true }));
  return cached ?? fetch(request);
}

worker.addEventListener('install', (event) => event.waitUntil(install()));
worker.addEventListener('activate', (event) => event.waitUntil(activate()));
worker.addEventListener('fetch', (event) => {
  const handling = handlingOf(event.request, worker.registration.scope, files);
  if (handling === 'page') event.respondWith(page(event));
  else if (handling === 'file') event.respondWith(file(event.request));
});
