import '@testing-library/jest-dom/vitest';
import { screens } from '@gebere/i18n/en/screens';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { retryDelays } from '../lib/api/idempotent-call';
import { resetDraftsForTests } from '../lib/forms/draft';
import { addEnglish, type ScreenTexts } from '../lib/i18n/resources-en';
import { initI18n } from '../lib/i18n/texts';
import { resetClosingForTests } from '../telegram/closing';

// findBy*/waitFor wait up to 5 s: lazy chunks and the test DOM are slow on a loaded 2-core CI
// machine, and a wait that times out there is a flake, not a finding.
configure({ asyncUtilTimeout: 5000 });

// Keyed creates retry transport failures; without the pauses here (tests count the attempts).
retryDelays.ms = [0, 0];

// Tests render in English unless they switch; i18n is ready before any test renders. A component
// rendered without its screen still has its English texts (a screen adds its own in the app:
// english-split.test.ts checks that each does).
for (const [namespace, texts] of Object.entries(screens)) addEnglish(namespace as ScreenTexts, texts);
await initI18n('en');

afterEach(() => {
  cleanup();
  // Form drafts outlive a screen (localStorage): each test starts without any.
  window.localStorage.clear();
  resetDraftsForTests();
  // a hand-back's close waits for its toast; the next test's same result must be sent again
  resetClosingForTests();
});

// Timers the rendered code leaves behind: telegram-ui's ripple sets state 70 and 225 ms after a
// tap and never clears either on unmount, so a tap in a file's last test would fire one after
// the test DOM is torn down ("window is not defined"). The file's end clears those still
// pending, with nothing left to render them for, instead of waiting for them.
const pending = new Set<ReturnType<typeof setTimeout>>();
const { setTimeout: realSetTimeout, clearTimeout: realClearTimeout } = globalThis;
globalThis.setTimeout = ((handler: TimerHandler, ms?: number, ...args: unknown[]) => {
  const id = realSetTimeout(
    (...a: unknown[]) => {
      pending.delete(id);
      if (typeof handler === 'function') handler(...a);
    },
    ms,
    ...args,
  );
  pending.add(id);
  return id;
}) as unknown as typeof setTimeout;
globalThis.clearTimeout = ((id?: ReturnType<typeof setTimeout>) => {
  if (id !== undefined) pending.delete(id);
  realClearTimeout(id);
}) as typeof clearTimeout;
afterAll(() => {
  for (const id of pending) realClearTimeout(id);
  pending.clear();
});
