import { AppRoot } from '@telegram-apps/telegram-ui';
import { render, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { expect } from 'vitest';
import { ConfirmHost } from '../components/confirm-dialog';
import { Toaster } from '../components/toaster';
import { checkProof, resetInitialUrlForTests, useAuthStore } from '../lib/launch/proof';
import { toast } from '../lib/ui/toast';
import { setLaunchForTests } from '../telegram/launch';

/**
 * Puts the page at `url` (path + query, as the bot's link would) and re-reads the proof from
 * it, as main.tsx does at launch. Launch defaults to a plain browser (no Telegram).
 */
export function openAt(url: string): void {
  window.history.replaceState(null, '', url);
  resetInitialUrlForTests();
  setLaunchForTests(undefined);
  useAuthStore.setState({ status: 'ok' });
  toast.clear();
  checkProof();
}

/** Renders inside telegram-ui's AppRoot with the toaster and the confirm host, like the app. */
export function renderInApp(ui: ReactElement) {
  return render(
    <AppRoot appearance="light" platform="base">
      {ui}
      <Toaster />
      <ConfirmHost />
    </AppRoot>,
  );
}

/** A signed-link query valid for an hour (the server checks the signature, not these tests). */
export function signedQuery(params: Record<string, string | number>, expiresInSeconds = 3600): string {
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  const q = new URLSearchParams({
    ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
  });
  q.set('tg', '1000001');
  q.set('exp', String(exp));
  q.set('sig', 'test-signature');
  return q.toString();
}

/**
 * `button()` once it is enabled, for a second press after the first one's outcome shows. A
 * screen's error (a toast especially) can be on screen a moment before its button leaves the
 * busy state, and a press on the still-disabled button is lost: wait for the button, not a time.
 */
export async function whenEnabled(button: () => HTMLElement): Promise<HTMLElement> {
  await waitFor(() => expect(button()).toBeEnabled());
  return button();
}
