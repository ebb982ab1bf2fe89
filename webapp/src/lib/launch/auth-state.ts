import { create } from 'zustand';
import { currentProof, isLinkExpired } from './proof';

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
