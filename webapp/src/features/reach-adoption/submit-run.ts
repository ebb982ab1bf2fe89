import type { ApiError, ApiResult } from '@gebere/api-client';
import type { HandBackResult, RouteName } from '@gebere/contract';
import { LIMITS } from '@gebere/contract/rules';
import { describeApiError } from '../../lib/api/errors';
import { withRetries } from '../../lib/api/idempotent-call';
import type { TFunction } from '../../lib/i18n/texts';
import { refTo } from '../../lib/outbox/record';
import {
  type KeyedSend,
  newSession,
  type Outcome,
  press,
  type SaveRecord,
  type SaveSession,
} from '../../lib/outbox/save';
import { batchCall, type RecordKind, singleCall } from './calls';
import { pairKey, type RecordPair, type ScreenPair, uniquePairs } from './pairs';
import { retryTiming, type SubmitPhase } from './use-record-submit';

/**
 * What a press of Submit does (README.md "Submit"): the pairs as keyed records of the save core
 * (lib/outbox/save.ts: kept in the outbox first, sent, retried, kept for the signal when no
 * answer comes), then the counts handed back. Loaded on the first press (prefetched a second
 * after the screen shows); the screen's first load has only the hook (use-record-submit.ts).
 */

/** What the server answered for a record's pairs: those recorded, and those refused with why. */
export interface Answered {
  recorded: ScreenPair[];
  refused: RefusedPair[];
}
export interface RefusedPair extends ScreenPair {
  reason: string;
}

type PairsRecord = SaveRecord<Answered>;

/** What the records of a submit are made of (the benchmark gives only these). */
export interface PairsOf {
  kind: RecordKind;
  daId: number;
  /** False once the backend showed it has no batch routes. */
  batchSupported: { current: boolean };
}

/** The screen's state across presses (the hook keeps it). */
export interface SubmitState extends PairsOf {
  t: TFunction;
  setPhase(phase: SubmitPhase): void;
  /** The spec's hand-back (telegram/), and the error haptic. */
  handBack(result: HandBackResult): Promise<boolean>;
  failed(): void;
  session: { current: SaveSession<Answered, { error: ApiError }> | null };
  /** Every pair of an earlier submit: never sent again. */
  settled: { current: Set<string> };
  /** Every pair the server recorded, earlier submits included. */
  recorded: { current: Map<string, ScreenPair> };
}

/** A pair as the route takes it: a farmer kept on the phone (`@<key>`) names its record until saved. */
const onWire = (p: ScreenPair): RecordPair => ({
  farmer: typeof p.farmer === 'string' ? (refTo(p.farmer.slice(1)) as unknown as number) : p.farmer,
  advisory: p.advisory,
});

/** A backend that lacks the batch route (an organisation's older backend). */
const isMissingRoute = (error: ApiError) =>
  error.kind === 'http' && (error.status === 404 || error.status === 405 || error.status === 501);

const sendCall = (send: KeyedSend, call: { route: RouteName; input: unknown }) =>
  send(call.route, call.input as never);

/** One pair, the spec's single call. */
function single(s: PairsOf, pair: ScreenPair): PairsRecord {
  return {
    payload: [pair],
    send: async (send) => {
      const r = await sendCall(send, singleCall(s.kind, s.daId, onWire(pair)));
      return r.ok ? { ok: true, data: { recorded: [pair], refused: [] } } : r;
    },
  };
}

interface BatchItemAnswer extends RecordPair {
  ok: boolean;
  errors?: Record<string, string[]>;
}

/**
 * Up to 500 pairs in one call; the backend answers per pair, so a refused pair fails alone. A
 * pair the answer left out is asked for alone (the backend is idempotent per pair); a backend
 * without the batch route gets single calls, now and for the rest of the screen's life.
 */
function batch(s: PairsOf, pairs: ScreenPair[]): PairsRecord {
  return {
    payload: pairs,
    count: pairs.length,
    send: async (send) => {
      const r = await sendCall(send, batchCall(s.kind, s.daId, pairs.map(onWire)));
      if (!r.ok) {
        if (!isMissingRoute(r.error)) return r;
        s.batchSupported.current = false;
        return { ...r, more: pairs.map((p) => single(s, p)) };
      }
      const results = (r.data as { results: BatchItemAnswer[] }).results;
      // A pair's answer: in order; else found by pair (a farmer named by reference is in order).
      const answerOf = (p: ScreenPair, i: number) =>
        [results[i], ...results].find(
          (x) => x?.advisory === p.advisory && (typeof p.farmer === 'string' || x.farmer === p.farmer),
        );
      const answered: Answered = { recorded: [], refused: [] };
      const left: ScreenPair[] = [];
      for (const [i, p] of pairs.entries()) {
        const answer = answerOf(p, i);
        if (!answer) left.push(p);
        else if (answer.ok) answered.recorded.push(p);
        else
          answered.refused.push({
            ...p,
            reason: Object.values(answer.errors ?? {})
              .flat()
              .join(', '),
          });
      }
      return { ok: true, data: answered, more: left.map((p) => single(s, p)) };
    },
  };
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The records of a submit: batches of the pairs (≤ 500), or single calls where the backend has no
 * batch routes; the pairs of a farmer kept on the phone in records of their own, which wait for
 * that farmer's record (lib/outbox/README.md "Sync"), so a farmer refused refuses only its pairs.
 */
export function pairRecords(s: PairsOf, pairs: readonly ScreenPair[]): PairsRecord[] {
  const byFarmer = new Map<number | string, ScreenPair[]>();
  const waiting = (p: ScreenPair) => typeof p.farmer === 'string';
  for (const p of pairs.filter(waiting)) byFarmer.set(p.farmer, [...(byFarmer.get(p.farmer) ?? []), p]);
  const records = (list: ScreenPair[]) =>
    s.batchSupported.current
      ? chunks(list, LIMITS.batchMax).map((part) => batch(s, part))
      : list.map((p) => single(s, p));
  return [...records(pairs.filter((p) => !waiting(p))), ...[...byFarmer.values()].flatMap(records)];
}

/** Why a call was refused: a 400's own text (the backend's, localised), else the failure said. */
const reasonOf = (error: ApiError) =>
  (error.status === 400 ? (error.detail ?? Object.values(error.fieldErrors).join(', ')) : '') ||
  describeApiError(error);

/** The pairs of a submit by what became of them (queued: kept in the outbox for the signal). */
export function tally(outcomes: readonly Outcome<Answered>[]) {
  const t = { recorded: [] as ScreenPair[], refused: [] as RefusedPair[], unconfirmed: [] as ScreenPair[] };
  const queued: ScreenPair[] = [];
  for (const o of outcomes) {
    const pairs = o.record.payload as ScreenPair[];
    if (o.state === 'saved') {
      t.recorded.push(...o.data.recorded);
      t.refused.push(...o.data.refused);
    } else if (o.state === 'kept') queued.push(...pairs);
    else if (o.state === 'unconfirmed') t.unconfirmed.push(...pairs);
    else if (o.state === 'refused')
      t.refused.push(...pairs.map((p) => ({ ...p, reason: reasonOf(o.failure.error) })));
  }
  return { ...t, queued };
}

const distinct = (pairs: readonly ScreenPair[], field: keyof ScreenPair) =>
  new Set(pairs.map((p) => p[field])).size;

/**
 * The DA's receipt in the chat (README "Hand-back"): `recorded` is every record this screen
 * saved (earlier submits included); of the latest submit, `failed` are those the server refused
 * (with the first one's reason), `queued` those kept in the outbox for the signal, `unconfirmed`
 * those that got no answer where there is no outbox (they may be saved).
 */
function receipt(s: SubmitState, outcomes: readonly Outcome<Answered>[]): HandBackResult {
  const { recorded, refused, unconfirmed, queued } = tally(outcomes);
  const all = new Map(s.recorded.current);
  for (const p of recorded) all.set(pairKey(p), p);
  const pairs = [...all.values(), ...refused, ...unconfirmed, ...queued];
  const reason = refused[0]?.reason;
  const counts = {
    farmers: distinct(pairs, 'farmer'),
    advisories: distinct(pairs, 'advisory'),
    recorded: all.size,
    failed: refused.length,
    unconfirmed: unconfirmed.length,
    ...(queued.length ? { queued: queued.length } : {}),
    ...(reason ? { reason: reason.slice(0, LIMITS.handBackNameMax) } : {}),
  };
  return s.kind === 'reach'
    ? { kind: 'reach_recorded', ...counts }
    : { kind: 'adoption_recorded', ...counts };
}

/** The engine's backoff: about base·2ⁿ, capped, with equal jitter (never 0, never in step). */
export const backoff = (random = Math.random) =>
  [0, 1, 2].map((n) => {
    const cap = Math.min(retryTiming.maxDelayMs, retryTiming.baseDelayMs * 2 ** n);
    return Math.round(cap / 2 + (random() * cap) / 2);
  });

/** How reach and adoption send: retried three times with backoff; singles six on the wire. */
export const sending = {
  retry: <T>(send: () => Promise<ApiResult<T>>) => withRetries(send, backoff()),
  concurrency: 6,
};

/** Records the pairs not yet settled, then hands the summary back (spec §4). */
export async function submitAndHandBack(s: SubmitState, pairs: readonly ScreenPair[]): Promise<void> {
  const pending = uniquePairs(pairs).filter((p) => !s.settled.current.has(pairKey(p)));
  s.session.current ??= newSession();
  const session = s.session.current;
  try {
    const end = await press(
      session,
      {
        ...sending,
        partial: true,
        records: () => pairRecords(s, pending),
        button: s.t('common.submit'),
        onProgress: (done, total) => s.setPhase({ name: 'running', done, total }),
        onFailed: s.failed,
        successText: (saved) =>
          saved.every((a) => a.refused.length === 0)
            ? s.t(
                s.kind === 'reach'
                  ? 'reach.reach_recorded_successfully'
                  : 'reach.adoption_recorded_successfully',
              )
            : '',
        handBack: (saved, outcomes) => {
          if (saved.some((a) => a.refused.length)) s.failed();
          return s.handBack(receipt(s, outcomes));
        },
      },
      undefined,
    );
    if (end === 'nothing') return;
    for (const p of tally(session.last).recorded) s.recorded.current.set(pairKey(p), p);
    for (const p of pending) s.settled.current.add(pairKey(p));
  } finally {
    s.setPhase({ name: 'idle' });
  }
}
