/**
 * The URL the mini-app was opened with, captured before the router changes it. The bot's
 * signed link is proof of identity only as received (path and query), and in-app navigation
 * (home → a screen) must not lose it.
 */
let initial: { pathname: string; search: string } | undefined;

export function captureInitialUrl(): void {
  initial ??= { pathname: window.location.pathname, search: window.location.search };
}

export function initialUrl(): { pathname: string; search: string } {
  captureInitialUrl();
  return initial as { pathname: string; search: string };
}

/** Tests only. */
export function resetInitialUrlForTests(): void {
  initial = undefined;
}
