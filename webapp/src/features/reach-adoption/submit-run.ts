import type { RouteName } from '@gebere/contract';
import { LIMITS } from '@gebere/contract/rules';
import { describeApiError, noAnswer } from '../../lib/api/errors';
import type { KeyedSend } from '../../lib/forms/save';
import type { TFunction } from '../../lib/i18n/texts';
import { loadOutbox } from '../../lib/outbox/load';
import { refTo } from '../../lib/outbox/record';
import { handBack, haptic } from '../../telegram';
import type { RecordKind } from './calls';
import { pairKey, type RecordPair, type ScreenPair } from './pairs';
import { chunks, type FailedPair, submitRecords } from './submit-records';
import type { SubmitPhase } from './use-record-submit';

/**
 * What a press of Submit sends (README.md "Submit"), loaded on the first press (prefetched a
 * second after the screen shows) with the engine: the screen's first load has only the hook
 * (use-record-submit.ts), which saves through the one save (lib/forms/save.ts).
 */

const distinct = (pairs: readonly ScreenPair[], field: keyof ScreenPair) =>
  new Set(pairs.map((p) => p[field])).size;

/**
 * The batch call for `records` (≤ 500): what the engine sends, each call kept in the outbox
 * until answered.
 */
function batchCall(
  kind: RecordKind,
  daId: number,
  records: RecordPair[],
): ReachBatchCall | AdoptionBatchCall {
  return kind === 'reach'
    ? { route: 'createReachBatch', input: { body: { user: daId, records } } }
    : {
        route: 'createAdoptionBatch',
        input: { body: { created_by: daId, adoption_type: 'SELF_REPORTED', records } },
      };
}

interface ReachBatchCall {
  route: 'createReachBatch';
  input: { body: { user: number; records: RecordPair[] } };
}
interface AdoptionBatchCall {
  route: 'createAdoptionBatch';
  input: { body: { created_by: number; adoption_type: 'SELF_REPORTED'; records: RecordPair[] } };
}

/** The single call for one pair (a backend without the batch routes; the outbox keeps these then). */
function singleCall(kind: RecordKind, daId: number, pair: RecordPair): ReachCall | AdoptionCall {
  const { farmer, advisory } = pair;
  return kind === 'reach'
    ? { route: 'createReach', input: { body: { farmer, advisory, user: daId } } }
    : {
        route: 'createAdoption',
        input: { body: { farmer, advisory, created_by: daId, adoption_type: 'SELF_REPORTED' } },
      };
}

interface ReachCall {
  route: 'createReach';
  input: { body: { farmer: number; advisory: number; user: number } };
}
interface AdoptionCall {
  route: 'createAdoption';
  input: { body: { farmer: number; advisory: number; created_by: number; adoption_type: 'SELF_REPORTED' } };
}

/**
 * The pairs as calls: one batch call per ≤ 500 pairs, or, with no batch route, one single call
 * per pair.
 */
function callsOf(kind: RecordKind, daId: number, pairs: RecordPair[], batchRoute: boolean) {
  return batchRoute
    ? chunks(pairs, LIMITS.batchMax).map((part) => batchCall(kind, daId, part))
    : pairs.map((pair) => singleCall(kind, daId, pair));
}

/**
 * Pairs of farmers kept on the phone, not yet saved (`@<key>`): kept naming their farmer's record,
 * one call per farmer (so a farmer refused refuses only its own pairs), never sent by the press
 * (`send.later`). How many pairs were kept.
 */
async function keepForKeptFarmers(s: SubmitState, send: KeyedSend, pairs: readonly ScreenPair[]) {
  const byFarmer = new Map<string, RecordPair[]>();
  for (const p of pairs) {
    // The reference stands in the pair for the farmer's id until it is saved.
    const farmer = refTo(String(p.farmer).slice(1)) as unknown as number;
    byFarmer.set(String(p.farmer), [
      ...(byFarmer.get(String(p.farmer)) ?? []),
      { farmer, advisory: p.advisory },
    ]);
  }
  let kept = 0;
  for (const farmerPairs of byFarmer.values())
    for (const call of callsOf(s.kind, s.daId, farmerPairs, s.batchSupported.current))
      if (await send.later(call.route, call.input as never))
        kept += 'records' in call.input.body ? call.input.body.records.length : 1;
  return kept;
}

/** What the latest press came to (the hand-back counts it with all the screen recorded). */
export interface SubmitSummary {
  failed: readonly FailedPair[];
  queued: readonly ScreenPair[];
  answered: number;
  /** The press's outbox batch (its "kept" toast goes once none of it waits). */
  batch?: string;
}

/** The screen's state across presses (the hook keeps it): what is settled, recorded, the latest press. */
export interface SubmitState {
  kind: RecordKind;
  daId: number;
  t: TFunction;
  setPhase(phase: SubmitPhase): void;
  settled: { current: Set<string> };
  recorded: { current: Map<string, RecordPair> };
  last: { current: SubmitSummary };
  batchSupported: { current: boolean };
}

/**
 * Records `all` (the press's one record of the save): the engine sends the pairs, each of its
 * calls its own outbox entry (`send.part`); failures are refused, kept for later (no answer: the
 * outbox keeps the call), or unconfirmed (no answer and no outbox). Pairs of farmers kept on the
 * phone go to the outbox only (sent once their farmer is saved).
 */
export async function record(
  s: SubmitState,
  all: readonly ScreenPair[],
  send: KeyedSend,
  batch: string,
): Promise<SubmitSummary> {
  s.setPhase({ name: 'running', done: 0, total: all.length });
  const pairs = all.filter((p): p is RecordPair => typeof p.farmer === 'number');
  const later = all.filter((p) => typeof p.farmer === 'string');
  try {
    const waitingFarmers = await keepForKeptFarmers(s, send, later);
    const queued = new Set<string>();
    const part = async (call: { route: RouteName; input: unknown }, of: readonly RecordPair[]) => {
      const sent = await send.part(call.route, call.input as never);
      if (sent.queued) for (const p of of) queued.add(pairKey(p));
      return sent.result.ok ? { ok: true as const, data: sent.result.data as never } : sent.result;
    };
    const report = await submitRecords(pairs, {
      api: {
        batch: (records) => part(batchCall(s.kind, s.daId, records), records),
        single: (pair) => part(singleCall(s.kind, s.daId, pair), [pair]),
      },
      useBatch: s.batchSupported.current,
      // The one save retries each call (lib/api/idempotent-call.ts), then the outbox keeps it.
      attempts: 1,
      onProgress: (done, total) => s.setPhase({ name: 'running', done, total }),
    });
    s.batchSupported.current = report.batchSupported;
    for (const p of report.recorded) s.recorded.current.set(pairKey(p), p);
    // Not answered (no signal, a struggling server): kept in the outbox, no longer a failure.
    // Without an outbox, one with no answer stays unconfirmed (it may be saved).
    const waiting = report.failed.filter((p) => queued.has(pairKey(p)));
    for (const p of all) s.settled.current.add(pairKey(p));
    if (report.failed.length) haptic.notify('error');
    s.last.current = {
      failed: report.failed.filter((p) => !waiting.includes(p)),
      queued: [...waiting, ...later.slice(0, waitingFarmers)],
      answered: pairs.length - waiting.length,
      batch,
    };
    return s.last.current;
  } finally {
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
export async function finish(s: SubmitState): Promise<boolean> {
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
  if (queued > 0)
    void loadOutbox().then((m) =>
      m.toastKept(
        { batch: batch ?? '' },
        waiting.map((p) => ('error' in p ? (p as FailedPair).error : undefined)),
      ),
    );
  // Nothing answered at all (no signal): the chat hears of it when the outbox syncs; a
  // hand-back now would only fail for want of signal too.
  if (queued > 0 && s.last.current.answered === 0) return true;
  return handBack(
    s.kind === 'reach' ? { kind: 'reach_recorded', ...counts } : { kind: 'adoption_recorded', ...counts },
  );
}
