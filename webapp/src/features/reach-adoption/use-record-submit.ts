import { useEffect, useRef, useState } from 'react';
import { useBusy } from '../../lib/forms/use-busy';
import { useT } from '../../lib/i18n/texts';
import type { RecordKind } from './calls';
import type { ScreenPair } from './pairs';
import type { SubmitState } from './submit-run';

export type SubmitPhase = { name: 'idle' } | { name: 'running'; done: number; total: number };

/** Backoff of the engine's retries; tests shorten it. */
export const retryTiming = { baseDelayMs: 400, maxDelayMs: 5000 };

/**
 * Recording the selected pairs and handing the summary back (spec §4: one record per pair,
 * successes and failures counted, then the bot is told and the app closes, even if some
 * records failed). The pairs are kept in the outbox first; those that get no answer stay
 * there and are sent when the signal returns (the chat is told again then). What is recorded,
 * refused or kept is remembered for the life of the screen, so a second press (when only the
 * hand-back failed) sends nothing again. The work itself is submit-run.ts, loaded on the first
 * press.
 */
export function useRecordSubmit(kind: RecordKind, daId: number) {
  const t = useT();
  const [phase, setPhase] = useState<SubmitPhase>({ name: 'idle' });
  const state: SubmitState = {
    kind,
    daId,
    t,
    setPhase,
    settled: useRef(new Set<string>()),
    recorded: useRef(new Map()),
    last: useRef({ failed: [], queued: [], answered: 0 }),
    batchSupported: useRef(true),
  };

  // The submit's chunk (with the engine) is small: fetch it while the user is choosing.
  useEffect(() => {
    const id = setTimeout(() => void import('./submit-run').catch(() => undefined), 1000);
    return () => clearTimeout(id);
  }, []);

  const { run, busy } = useBusy(async (pairs: readonly ScreenPair[]) => {
    const { submitAndHandBack } = await import('./submit-run');
    await submitAndHandBack(state, pairs);
  });

  return { phase, busy, submit: (pairs: readonly ScreenPair[]) => run(pairs) };
}
