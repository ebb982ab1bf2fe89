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
