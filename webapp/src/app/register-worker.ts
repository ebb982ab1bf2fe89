import { SERVICE_WORKER_FILE } from '@gebere/contract/screens';
import { afterLoadWhenIdle } from '../lib/loading';

/**
 * Registers the service worker (src/sw/: the shell for opening without signal) once `after` has
 * settled (main.tsx: the API client's prefetch, itself after the page's `load`) and the page is
 * idle: its install downloads the build's other files, which must never compete with what the
 * DA is waiting for (the screen, its data, the client the first save needs). Where the app is
 * served from (Vite's base) is its scope. Browsers without service workers (iOS Telegram's web
 * view) run the app as before; a failed registration is retried on the next open. Not in dev:
 * the dev server has no worker.
 */
export function registerWorker(after: Promise<unknown>): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const base = import.meta.env.BASE_URL;
  void after.finally(() =>
    afterLoadWhenIdle(() => {
      navigator.serviceWorker
        .register(`${base}${SERVICE_WORKER_FILE}`, { scope: base, updateViaCache: 'none' })
        .catch(() => undefined);
    }),
  );
}
