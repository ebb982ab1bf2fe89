import { type DependencyList, useCallback, useEffect, useState } from 'react';

/**
 * Runs `start` once the page's own files have loaded (the `load` event) and then when idle, so
 * that work the first screen does not need (the API client's prefetch, the service worker)
 * never competes with it: on HTTP/1.1 over 3G it would queue before the screen's data request.
 */
export function afterLoadWhenIdle(start: () => void): void {
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 1500 });
    else setTimeout(start, 300);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

/**
 * `start` run once and shared by every caller (a chunk, a store): a failure (a download lost to a
 * weak signal) is forgotten, so the next call starts again.
 */
export function once<T>(start: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    if (pending) return pending;
    const started = start();
    pending = started;
    started.catch(() => {
      if (pending === started) pending = undefined;
    });
    return started;
  };
}

export type Loading = { status: 'loading' };

/**
 * What a screen shows while it reads: `load` runs when `deps` change and again on `retry`, the
 * state is `loading` meanwhile, and an answer that comes after the screen moved on (other deps,
 * unmounted) is dropped, so it never draws over a newer one. `load` resolves to the state to
 * show, failures included; without `load` (the link lacks what the read needs) nothing is read.
 */
export function useLoad<S>(
  load: (() => Promise<S>) | undefined,
  deps: DependencyList,
): { state: S | Loading; retry: () => void } {
  const [state, setState] = useState<S | Loading>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const wanted = load !== undefined;
  useEffect(() => {
    if (!load) return;
    let live = true;
    setState({ status: 'loading' });
    void load().then((next) => {
      if (live) setState(next);
    });
    return () => {
      live = false;
    };
  }, [wanted, attempt, ...deps]);
  return { state, retry: useCallback(() => setAttempt((n) => n + 1), []) };
}
