import { isRetryable } from '@gebere/api-client/errors';
import { newIdempotencyKey } from '@gebere/api-client/idempotency-key';
import { LIMITS } from '@gebere/contract/rules';
import { describeApiError, noAnswer } from '../../lib/api/errors';
import type { TFunction } from '../../lib/i18n/texts';
import { loadOutbox } from '../../lib/outbox/load';
import { refTo } from '../../lib/outbox/record';
import type { Call, HeldRecord } from '../../lib/outbox/save';
import { toast } from '../../lib/ui/toast';
import { handBack, haptic } from '../../telegram';
import { batchCall, type RecordKind, recordApi, singleCall } from './calls';
import { pairKey, type RecordPair, type ScreenPair, uniquePairs } from './pairs';
import { chunks, type FailedPair, submitRecords } from './submit-records';
import { retryTiming, type SubmitPhase } from './use-record-submit';

/**
 * What a press of Submit does (README.md "Submit"), loaded on the first press (prefetched a
 * second after the screen shows) with the engine: the screen's first load has only the hook
 * (use-record-submit.ts).
 */

const distinct = (pairs: readonly ScreenPair[], field: keyof ScreenPair) =>
  new Set(pairs.map((p) => p[field])).size;

/**
 * The pairs as outbox records: one keyed batch record per ≤ 500 pairs (all of one submit's
 * batch), or, with no batch route, one single record per pair.
 */
function callsOf(kind: RecordKind, daId: number, pairs: RecordPair[], batchRoute: boolean): Call[] {
  return batchRoute
    ? chunks(pairs, LIMITS.batchMax).map((part) => batchCall(kind, daId, part))
    : pairs.map((pair) => singleCall(kind, daId, pair));
}

type Live = Awaited<ReturnType<typeof loadOutbox>> | null;

const keyed = (calls: Call[]): HeldRecord[] => calls.map((c) => ({ key: newIdempotencyKey(), ...c }));

/**
 * Pairs of farmers kept on the phone, not yet saved (`@<key>`): kept naming their farmer's record,
 * one record per farmer (so a farmer refused refuses only its own pairs), never sent by the press
 * (lib/outbox/save.ts `keepLater`). How many pairs were kept.
 */
async function keepForKeptFarmers(s: SubmitState, live: Live, pairs: readonly ScreenPair[], batch: string) {
  const byFarmer = new Map<string, RecordPair[]>();
  for (const p of pairs) {
    // The reference stands in the pair for the farmer's id until it is saved.
    const farmer = refTo(String(p.farmer).slice(1)) as unknown as number;
    byFarmer.set(String(p.farmer), [
      ...(byFarmer.get(String(p.farmer)) ?? []),
      { farmer, advisory: p.advisory },
    ]);
  }
  const records = [...byFarmer.values()].flatMap((r) =>
    keyed(callsOf(s.kind, s.daId, r, s.batchSupported.current)),
  );
  const kept = (await live?.keepLater(records, batch)) ?? [];
  return kept.reduce((n, r) => n + ((r.input.body as { records?: unknown[] }).records?.length ?? 1), 0);
}

/** The screen's state across presses (the hook keeps it): what is settled, recorded, the latest submit. */
export interface SubmitState {
  kind: RecordKind;
  daId: number;
  t: TFunction;
  setPhase(phase: SubmitPhase): void;
  settled: { current: Set<string> };
  recorded: { current: Map<string, RecordPair> };
  last: {
    current: {
      failed: readonly FailedPair[];
      queued: readonly ScreenPair[];
      answered: number;
      /** The submit's outbox batch (its "kept" toast goes once none of it waits). */
      batch?: string;
    };
  };
  batchSupported: { current: boolean };
}

/**
 * Records `pairs`: the engine sends them; failures are refused, kept for later, or unconfirmed.
 * Pairs of farmers kept on the phone go to the outbox only (sent once their farmer is saved).
 */
async function record(s: SubmitState, all: ScreenPair[]): Promise<void> {
  s.setPhase({ name: 'running', done: 0, total: all.length });
  const batch = newIdempotencyKey();
  const pairs = all.filter((p): p is RecordPair => typeof p.farmer === 'number');
  const later = all.filter((p) => typeof p.farmer === 'string');
  const live = await loadOutbox().catch(() => null);
  const waitingFarmers = await keepForKeptFarmers(s, live, later, batch);
  // Kept first, held from sync while the engine sends them (lib/outbox/save.ts `keepHeld`).
  const records = keyed(pairs.length ? callsOf(s.kind, s.daId, pairs, true) : []);
  const kept = records.length ? ((await live?.keepHeld(records, batch)) ?? null) : null;
  try {
    const report = await submitRecords(pairs, {
      api: recordApi(s.kind, s.daId),
      useBatch: s.batchSupported.current,
      ...retryTiming,
      onProgress: (done, total) => s.setPhase({ name: 'running', done, total }),
    });
    s.batchSupported.current = report.batchSupported;
    for (const p of report.recorded) s.recorded.current.set(pairKey(p), p);
    // Not answered (no signal, a struggling server): kept in the outbox, no longer a failure.
    // Without an outbox, one with no answer stays unconfirmed (it may be saved).
    const waiting = kept ? report.failed.filter((p) => p.error !== undefined && isRetryable(p.error)) : [];
    const serverError = waiting.map((p) => p.error).find((e) => e?.kind === 'http');
    const left = new Set(waiting.map(pairKey));
    for (const r of kept ? records : []) {
      const rest = (r.input.body as { records: RecordPair[] }).records.filter((p) => left.has(pairKey(p)));
      await kept?.settle(
        r,
        rest.length ? callsOf(s.kind, s.daId, rest, report.batchSupported) : [],
        serverError,
      );
    }
    s.last.current = {
      failed: report.failed.filter((p) => !waiting.includes(p)),
      queued: [...waiting, ...later.slice(0, waitingFarmers)],
      answered: pairs.length - waiting.length,
      batch,
    };
    for (const p of all) s.settled.current.add(pairKey(p));
    if (report.failed.length) haptic.notify('error');
  } finally {
    kept?.release();
    s.setPhase({ name: 'idle' });
  }
}

/**
 * Why a pair was refused: a 400's own text (the backend's, localised: like a batch refusal), else
 * the failure in the user's language.
 */
function refusalReason(pair: FailedPair): string {
  if (!pair.error) return pair.message; // refused inside a batch: the server's field errors
  const { status, detail, fieldErrors } = pair.error;
  const serverText = status === 400 ? (detail ?? Object.values(fieldErrors).join(', ')) : '';
  return serverText || describeApiError(pair.error);
}

/**
 * The DA's receipt in the chat (README "Hand-back"): `recorded` is every record this screen
 * saved (earlier submits included); of the latest submit, `failed` are those the server
 * refused (with the first one's reason), `queued` those kept in the outbox for the signal,
 * `unconfirmed` those that got no answer where there is no outbox (they may be saved).
 */
async function finish(s: SubmitState): Promise<void> {
  const { failed, queued: waiting, batch } = s.last.current;
  const queued = waiting.length;
  // Refused (the server said no) or unconfirmed (no answer even after the retries: maybe saved).
  const unanswered = (p: FailedPair) => p.error !== undefined && noAnswer(p.error);
  const [refused, unconfirmed] = [failed.filter((p) => !unanswered(p)), failed.filter(unanswered)];
  const all = [...s.recorded.current.values(), ...failed, ...waiting];
  const reason = refused[0] && refusalReason(refused[0]);
  const counts = {
    farmers: distinct(all, 'farmer'),
    advisories: distinct(all, 'advisory'),
    recorded: s.recorded.current.size,
    failed: refused.length,
    unconfirmed: unconfirmed.length,
    ...(queued ? { queued } : {}),
    ...(reason ? { reason: reason.slice(0, LIMITS.handBackNameMax) } : {}),
  };
  if (failed.length === 0 && queued === 0)
    toast.success(
      s.t(s.kind === 'reach' ? 'reach.reach_recorded_successfully' : 'reach.adoption_recorded_successfully'),
    );
  else if (queued > 0)
    void loadOutbox().then((m) =>
      m.toastKept(
        { batch: batch ?? '' },
        waiting.map((p) => ('error' in p ? (p as FailedPair).error : undefined)),
      ),
    );
  // Nothing answered at all (no signal): the chat hears of it when the outbox syncs; a
  // hand-back now would only fail for want of signal too.
  if (queued > 0 && s.last.current.answered === 0) return;
  await handBack(
    s.kind === 'reach' ? { kind: 'reach_recorded', ...counts } : { kind: 'adoption_recorded', ...counts },
  );
}

/** Records the pairs not yet settled, then hands the summary back. */
export async function submitAndHandBack(s: SubmitState, pairs: readonly ScreenPair[]): Promise<void> {
  const pending = uniquePairs(pairs).filter((p) => !s.settled.current.has(pairKey(p)));
  if (pending.length) await record(s, pending);
  await finish(s);
}
