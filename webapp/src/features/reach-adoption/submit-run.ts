import { type ApiError, isRetryable } from '@gebere/api-client/errors';
import { newIdempotencyKey } from '@gebere/api-client/idempotency-key';
import { LIMITS } from '@gebere/contract/rules';
import type { TFunction } from '../../lib/i18n/texts';
import { loadOutbox } from '../../lib/outbox/load';
import { refTo } from '../../lib/outbox/record';
import { toast } from '../../lib/ui/toast';
import { handBack, haptic } from '../../telegram';
import { batchCall, type RecordKind, recordApi, singleCall } from './calls';
import { splitFailures } from './failures';
import { pairKey, type RecordPair, type ScreenPair, uniquePairs } from './pairs';
import { refusalReason } from './refusal-reason';
import { type FailedPair, submitRecords } from './submit-records';
import { retryTiming, type SubmitPhase } from './use-record-submit';

/**
 * What a press of Submit does (README.md "Submit"), loaded on the first press (prefetched a
 * second after the screen shows) with the engine: the screen's first load has only the hook
 * (use-record-submit.ts).
 */

const distinct = (pairs: readonly ScreenPair[], field: keyof ScreenPair) =>
  new Set(pairs.map((p) => p[field])).size;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

type Live = Awaited<ReturnType<typeof loadOutbox>>;
type Box = NonNullable<Awaited<ReturnType<Live['outbox']>>>;

/** The pairs kept in the outbox, one keyed batch record per ≤ 500, all of one submit's batch. */
interface Kept {
  live: Live;
  box: Box;
  batch: string;
  records: { key: string; pairs: RecordPair[] }[];
  /** Lets sync send them again (after the screen's own send). */
  release: () => void;
}

/**
 * Keeps the pairs in the outbox before they go (README.md "Submit"): a closed app or a lost
 * signal loses none. Null where there is no outbox (then they are only sent, as before).
 */
async function keepPairs(
  kind: RecordKind,
  daId: number,
  pairs: RecordPair[],
  batch: string,
): Promise<Kept | null> {
  const live = await loadOutbox().catch(() => null);
  const box = await live?.outbox();
  if (!live || !box) return null;
  const records = chunks(pairs, LIMITS.batchMax).map((part) => ({ key: newIdempotencyKey(), pairs: part }));
  // Held from sync before they are kept: the screen sends them itself.
  const release = box.hold(records.map((r) => r.key));
  for (const r of records) {
    const { route, input } = batchCall(kind, daId, r.pairs);
    if (!(await live.keep({ key: r.key, route, input, batch }))) {
      release();
      return null;
    }
  }
  return { live, box, batch, records, release };
}

/**
 * Pairs of farmers kept on the phone, not yet saved (`@<key>`): the outbox keeps them naming
 * their farmer's record, one record per farmer (so a farmer refused refuses only its own pairs),
 * and sync sends them once the farmer is saved (lib/outbox/README.md "Sync"). How many it kept.
 */
async function keepForKeptFarmers(
  kind: RecordKind,
  daId: number,
  pairs: readonly ScreenPair[],
  batch: string,
  batchRoute: boolean,
): Promise<number> {
  if (!pairs.length) return 0;
  const live = await loadOutbox().catch(() => null);
  if (!live) return 0;
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
  for (const records of byFarmer.values()) {
    const calls = batchRoute
      ? chunks(records, LIMITS.batchMax).map((part) => batchCall(kind, daId, part))
      : records.map((pair) => singleCall(kind, daId, pair));
    for (const { route, input } of calls)
      if (await live.keep({ key: newIdempotencyKey(), route, input, batch }))
        kept += 'records' in input.body ? input.body.records.length : 1;
  }
  live.syncLater();
  return kept;
}

/**
 * After the screen's own send: the pairs the server answered (recorded or refused) leave the
 * outbox; those that got no answer stay, for sync to send when the signal returns.
 */
async function keepOnlyUnanswered(
  kind: RecordKind,
  daId: number,
  kept: Kept,
  unanswered: readonly RecordPair[],
  batchRoute: boolean,
  /** What the server answered them when it did (a 5xx): the status line says so, not "no signal". */
  error: ApiError | undefined,
) {
  const left = new Set(unanswered.map(pairKey));
  for (const r of kept.records) {
    const rest = r.pairs.filter((p) => left.has(pairKey(p)));
    if (rest.length === 0 || !batchRoute) await kept.box.drop(r.key);
    else {
      const { route, input } = batchCall(kind, daId, rest);
      await kept.box.keep({ key: r.key, route, input, batch: kept.batch });
      if (error) await kept.box.unanswered(r.key, error);
    }
  }
  // A backend without the batch routes: each pair left is kept as its own single call.
  if (!batchRoute)
    for (const pair of unanswered) {
      const { route, input } = singleCall(kind, daId, pair);
      const key = newIdempotencyKey();
      await kept.live.keep({ key, route, input, batch: kept.batch });
      if (error) await kept.box.unanswered(key, error);
    }
  if (unanswered.length) kept.live.syncLater();
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
      /** What the server answered the kept ones when it did (a 5xx), for the toast's words. */
      serverError?: ApiError;
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
  const waitingFarmers = await keepForKeptFarmers(s.kind, s.daId, later, batch, s.batchSupported.current);
  const kept = pairs.length ? await keepPairs(s.kind, s.daId, pairs, batch) : null;
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
    if (kept) await keepOnlyUnanswered(s.kind, s.daId, kept, waiting, report.batchSupported, serverError);
    s.last.current = {
      failed: report.failed.filter((p) => !waiting.includes(p)),
      queued: [...waiting, ...later.slice(0, waitingFarmers)],
      answered: pairs.length - waiting.length,
      batch,
      ...(serverError ? { serverError } : {}),
    };
    for (const p of all) s.settled.current.add(pairKey(p));
    if (report.failed.length) haptic.notify('error');
  } finally {
    kept?.release();
    s.setPhase({ name: 'idle' });
  }
}

/**
 * The DA's receipt in the chat (README "Hand-back"): `recorded` is every record this screen
 * saved (earlier submits included); of the latest submit, `failed` are those the server
 * refused (with the first one's reason), `queued` those kept in the outbox for the signal,
 * `unconfirmed` those that got no answer where there is no outbox (they may be saved).
 */
async function finish(s: SubmitState): Promise<void> {
  const { failed, queued: waiting, batch, serverError } = s.last.current;
  const queued = waiting.length;
  const { refused, unconfirmed } = splitFailures(failed);
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
        undefined,
        serverError ? { error: serverError, count: queued } : {},
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
