// The service worker (served at the app's root as /sw.js, built by scripts/service-worker.ts):
// keeps this build's shell so that a screen opened once with signal opens again without it.
// Nothing else is ever answered from the cache (routing.ts): API calls always go to the network.
import { CACHE_PREFIX, cacheName, handlingOf, NAVIGATION_TIMEOUT_MS, type Precache } from './routing';

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
  // Lets the browser start the document's request while the worker boots (slow on cheap phones).
  await worker.registration.navigationPreload?.enable().catch(() => undefined);
}

/** Network first; the cached shell when the network fails, answers 5xx, or is slower than the timeout. */
async function page(event: FetchEvent): Promise<Response> {
  const network = event.preloadResponse.then((preloaded) => preloaded ?? fetch(event.request));
  network.catch(() => undefined); // answered from the cache instead: not an unhandled failure
  const late = new Promise<undefined>((resolve) => setTimeout(resolve, NAVIGATION_TIMEOUT_MS, undefined));
  const response = await Promise.race([network, late]).catch(() => undefined);
  if (response && response.status < 500) return response;
  const shell = await caches.open(CACHE).then((cache) => cache.match(shellUrl()));
  return shell ?? response ?? network;
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
