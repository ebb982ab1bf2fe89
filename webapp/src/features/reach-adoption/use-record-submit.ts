import { useEffect, useRef, useState } from 'react';
import { useBusy } from '../../lib/forms/use-busy';
import { useT } from '../../lib/i18n/texts';
import { toast } from '../../lib/ui/toast';
import { handBack, haptic } from '../../telegram';
import { type RecordKind, recordApi } from './calls';
import { splitFailures } from './failures';
import { pairKey, type RecordPair, uniquePairs } from './pairs';
import type { FailedPair } from './submit-records';

export type SubmitPhase =
  | { name: 'idle' }
  | { name: 'running'; done: number; total: number }
  /**
   * `recorded` of `total`: the pairs of the current selection (the latest submit) that are
   * recorded, for "2 of 4 recorded"; `failed` are the rest of that selection.
   */
  | { name: 'failed'; failed: readonly FailedPair[]; recorded: number; total: number };

const distinct = (pairs: readonly RecordPair[], field: keyof RecordPair) =>
  new Set(pairs.map((p) => p[field])).size;

/** Backoff of the engine's retries; tests shorten it. */
export const retryTiming = { baseDelayMs: 400, maxDelayMs: 5000 };

type Action = { name: 'submit'; pairs: readonly RecordPair[] } | { name: 'retry' } | { name: 'continue' };

/**
 * Recording the selected pairs and handing the summary back (spec §4: one record per pair,
 * successes and failures counted, then the bot is told and the app closes).
 *
 * What is recorded is remembered for the life of the screen, so a second submit only sends
 * what is not yet recorded (and, when only the hand-back failed, only retries the hand-back).
 * Failed pairs stay on screen with 'Retry' (those pairs again) and 'Continue' (tell the bot
 * with the failures counted). The selection is never cleared here.
 */
export function useRecordSubmit(kind: RecordKind, daId: number) {
  const t = useT();
  const [phase, setPhase] = useState<SubmitPhase>({ name: 'idle' });
  const recorded = useRef(new Map<string, RecordPair>());
  const failed = useRef<readonly FailedPair[]>([]);
  // The pairs of the latest submit: what "M of T recorded" is about. Pairs recorded by an
  // earlier submit and since unticked are not part of it.
  const selection = useRef<readonly RecordPair[]>([]);
  const batchSupported = useRef(true);

  // The engine is its own small chunk: fetch it while the user is choosing.
  useEffect(() => {
    const id = setTimeout(() => void import('./submit-records').catch(() => undefined), 1000);
    return () => clearTimeout(id);
  }, []);

  const failedPhase = (): SubmitPhase => ({
    name: 'failed',
    failed: failed.current,
    recorded: selection.current.filter((p) => recorded.current.has(pairKey(p))).length,
    total: selection.current.length,
  });

  /** Records `pairs`; true when none failed. */
  async function record(pairs: readonly RecordPair[]): Promise<boolean> {
    setPhase({ name: 'running', done: 0, total: pairs.length });
    let report: Awaited<ReturnType<typeof import('./submit-records').submitRecords>>;
    try {
      const { submitRecords } = await import('./submit-records');
      report = await submitRecords(pairs, {
        api: recordApi(kind, daId),
        useBatch: batchSupported.current,
        ...retryTiming,
        onProgress: (done, total) => setPhase({ name: 'running', done, total }),
      });
    } catch (error) {
      setPhase(failed.current.length ? failedPhase() : { name: 'idle' });
      throw error; // useBusy toasts it; the selection stays
    }
    batchSupported.current = report.batchSupported;
    for (const p of report.recorded) recorded.current.set(pairKey(p), p);
    failed.current = report.failed;
    if (report.failed.length) {
      haptic.notify('error');
      setPhase(failedPhase());
      return false;
    }
    setPhase({ name: 'idle' });
    return true;
  }

  /**
   * The DA's receipt in the chat (README "Hand-back"): `recorded` is every record this screen
   * saved, confirmed by the server (earlier submits included: they are in the database even if
   * unticked since); of the current selection's pairs not confirmed saved, `failed` are those the
   * server refused and `unconfirmed` those that got no answer (they may be saved) — both the DA
   * should record again (safe: the backend is idempotent), worded apart as on the screen.
   */
  async function finish(): Promise<void> {
    const all = [...recorded.current.values(), ...failed.current];
    const { refused, unconfirmed } = splitFailures(failed.current);
    const counts = {
      farmers: distinct(all, 'farmer'),
      advisories: distinct(all, 'advisory'),
      recorded: recorded.current.size,
      failed: refused.length,
      unconfirmed: unconfirmed.length,
    };
    if (failed.current.length === 0)
      toast.success(
        t(kind === 'reach' ? 'reach.reach_recorded_successfully' : 'reach.adoption_recorded_successfully'),
      );
    await handBack(
      kind === 'reach' ? { kind: 'reach_recorded', ...counts } : { kind: 'adoption_recorded', ...counts },
    );
  }

  const { run, busy } = useBusy(async (action: Action) => {
    if (action.name === 'submit') {
      selection.current = uniquePairs(action.pairs);
      const pending = action.pairs.filter((p) => !recorded.current.has(pairKey(p)));
      // This submit is the user's latest word: earlier failures outside it are dropped.
      failed.current = [];
      if (pending.length && !(await record(pending))) return;
    } else if (action.name === 'retry') {
      if (!(await record(failed.current))) return;
    }
    await finish();
  });

  return {
    phase,
    busy,
    submit: (pairs: readonly RecordPair[]) => run({ name: 'submit', pairs }),
    retryFailed: () => run({ name: 'retry' }),
    continueWithFailures: () => run({ name: 'continue' }),
  };
}
