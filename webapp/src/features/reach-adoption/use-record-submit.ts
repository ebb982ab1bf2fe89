import { newIdempotencyKey } from '@gebere/api-client/idempotency-key';
import { useEffect, useRef, useState } from 'react';
import { memorySlot } from '../../lib/api/idempotent-call';
import { useSave } from '../../lib/forms/save';
import { useT } from '../../lib/i18n/texts';
import type { RecordKind } from './calls';
import { pendingPairs, type ScreenPair } from './pairs';
import type { SubmitState, SubmitSummary } from './submit-run';

export type SubmitPhase = { name: 'idle' } | { name: 'running'; done: number; total: number };

const run = () => import('./submit-run');

/**
 * Recording the selected pairs and handing the summary back (spec §4: one record per pair,
 * successes and failures counted, then the bot is told and the app closes, even if some
 * records failed), through the one save (lib/forms/save.ts): a press is one record, sent as the
 * engine's calls, each kept in the outbox first; those that get no answer stay there and are
 * sent when the signal returns (the chat is told again then). What is recorded, refused or kept
 * is remembered for the life of the screen, so a second press (when only the hand-back failed)
 * sends nothing again. The work itself is submit-run.ts, loaded on the first press.
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
  const batch = useRef('');
  const slot = useRef(memorySlot());

  // The submit's chunk (with the engine) is small: fetch it while the user is choosing.
  useEffect(() => {
    const id = setTimeout(() => void run().catch(() => undefined), 1000);
    return () => clearTimeout(id);
  }, []);

  const {
    run: press,
    busy,
    save,
  } = useSave<readonly ScreenPair[], SubmitSummary, { error: never }, SubmitSummary>({
    records: async (pairs) => {
      const { record } = await run();
      const pending = pendingPairs(state.settled.current, pairs);
      return [
        {
          payload: pending,
          slot: slot.current,
          send: async (send) => ({ ok: true, data: await record(state, pending, send, batch.current) }),
        },
      ];
    },
    more: (pairs) => pendingPairs(state.settled.current, pairs).length > 0,
    given: (saved) => saved[0] ?? state.last.current,
    batch: () => {
      batch.current = newIdempotencyKey();
      return { id: batch.current, open: false };
    },
    failureText: () => t('errors.network_error'),
    button: t('common.submit'),
    // Nothing refused or waiting: cheered at once (else the "kept" toast, or the hand-back's counts).
    successText: (summary) =>
      summary.failed.length || summary.queued.length
        ? undefined
        : t(kind === 'reach' ? 'reach.reach_recorded_successfully' : 'reach.adoption_recorded_successfully'),
    handBack: async () => (await run()).finish(state),
  });

  return { phase, busy, submit: (pairs: readonly ScreenPair[]) => press(() => save(pairs)) };
}
