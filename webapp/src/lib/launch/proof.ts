import { LINK_PARAMS, proofHeader } from '@gebere/contract/auth';
import { create } from 'zustand';
import { getLaunch } from './launch';
import { type Proof, proofOf } from './proof-of';

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

export type { Proof };

/** The proof this launch carries: initData, else the signed link as received, else none. */
export function currentProof(): Proof | null {
  const { pathname, search } = initialUrl();
  return proofOf(getLaunch().rawInitData, pathname, search);
}

/** The `Authorization` value for backend and companion calls, or undefined without proof. */
export function authorization(): string | undefined {
  const proof = currentProof();
  return proof ? proofHeader(proof) : undefined;
}

/**
 * Whether the signed link's `exp` (Unix seconds) has passed. Only matters when the link is
 * the proof: with initData the server checks initData instead.
 */
export function isLinkExpired(now = Date.now()): boolean {
  if (currentProof()?.kind !== 'link') return false;
  const exp = Number(new URLSearchParams(initialUrl().search).get(LINK_PARAMS.expires));
  return Number.isFinite(exp) && exp > 0 && exp * 1000 <= now;
}

/**
 * Whether this launch can act: `expired` (the signed link's exp passed), `unauthorized` (the
 * backend answered 401), `missing` (no proof at all: a plain browser). Screens that need
 * identity show a message telling the user to reopen from the bot instead of the form.
 */
export type AuthStatus = 'ok' | 'expired' | 'unauthorized' | 'missing';

export const useAuthStore = create<{ status: AuthStatus }>(() => ({ status: 'ok' }));

export function checkProof(now = Date.now()): AuthStatus {
  const status: AuthStatus = !currentProof() ? 'missing' : isLinkExpired(now) ? 'expired' : 'ok';
  useAuthStore.setState({ status });
  return status;
}

/** A 401 from the backend or the companion server. */
export function markUnauthorized(): void {
  useAuthStore.setState({ status: isLinkExpired() ? 'expired' : 'unauthorized' });
}

export const useAuthStatus = () => useAuthStore((s) => s.status);
