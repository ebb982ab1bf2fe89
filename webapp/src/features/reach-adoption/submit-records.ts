import { type ApiError, isRetryable as defaultIsRetryable } from '@gebere/api-client';
import { LIMITS } from '@gebere/contract/rules';
import { NETWORK_ERROR } from '../../lib/api/lazy-client';
import { pairKey, type RecordPair, uniquePairs } from './pairs';

export { allPairs, type RecordPair, uniquePairs } from './pairs';

/**
 * The reach/adoption submit engine: one record per farmer × advisory pair (spec §4), sent as
 * fast as a weak connection allows and counted exactly. Pure: no React, no SDK, no globals; the
 * API and the clock are injected, so tests drive failures and time, and the benchmark
 * (scripts/bench/reach-submit.ts) runs it in Node against the real backend.
 *
 * - Batch calls (≤ 500 pairs each, a few in flight) where the backend has them; the backend
 *   answers per pair, so one bad pair fails alone.
 * - A backend without the batch route (404/405/501) gets single calls, `concurrency` in flight.
 * - Retryable failures (no answer, timeout, 5xx, 429) are retried with exponential backoff and
 *   jitter. Records are idempotent on the server (same DA, farmer, advisory → same record), so
 *   a retry after a lost answer never duplicates.
 * - Every unique pair ends either recorded or failed: recorded + failed = unique pairs.
 */

export type CallOutcome<T> = { ok: true; data: T } | { ok: false; error: ApiError };

export interface BatchItemAnswer extends RecordPair {
  ok: boolean;
  errors?: Record<string, string[]>;
}

export interface RecordApi {
  /** POST …/batch/ with these pairs; per-pair results in order. Omit when there is none. */
  batch?: (pairs: RecordPair[]) => Promise<CallOutcome<{ results: BatchItemAnswer[] }>>;
  /** POST one pair. */
  single: (pair: RecordPair) => Promise<CallOutcome<unknown>>;
}

export interface Clock {
  sleep(ms: number): Promise<void>;
  /** In [0, 1): the jitter. */
  random(): number;
}

export const realClock: Clock = {
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random: () => Math.random(),
};

export interface SubmitOptions {
  api: RecordApi;
  clock?: Clock;
  /** False once the backend showed it has no batch route (kept by the caller between runs). */
  useBatch?: boolean;
  /** Pairs per batch call; the contract's limit is 500. */
  batchSize?: number;
  /** Batch calls in flight at once. */
  batchConcurrency?: number;
  /** Single calls in flight at once (the fallback). */
  concurrency?: number;
  /** Tries per call, the first included. */
  attempts?: number;
  /** Backoff before retry n (0-based) is about base·2ⁿ, capped at max, with jitter. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  isRetryable?: (error: ApiError) => boolean;
  /** Pairs settled (recorded or finally failed) so far, of all unique pairs. */
  onProgress?: (done: number, total: number) => void;
}

export interface FailedPair extends RecordPair {
  /** What the user can be told: the server's field errors, or the transport error's text. */
  message: string;
  /** The API error when the whole call failed; absent when the backend refused this pair. */
  error?: ApiError;
}

export interface SubmitReport {
  recorded: RecordPair[];
  failed: FailedPair[];
  /** Whether the batch route can be used next time. */
  batchSupported: boolean;
  /** HTTP calls made, retries included. */
  calls: number;
}

/** A backend that lacks the batch route (an organisation's older backend). */
const isMissingRoute = (error: ApiError) =>
  error.kind === 'http' && (error.status === 404 || error.status === 405 || error.status === 501);

/** Runs `work` over `items` with at most `limit` running at once. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const runner = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, runner));
}

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const fieldErrorText = (errors: Record<string, string[]> | undefined) =>
  Object.values(errors ?? {})
    .flat()
    .join(', ');

export async function submitRecords(
  pairs: readonly RecordPair[],
  options: SubmitOptions,
): Promise<SubmitReport> {
  const {
    api,
    clock = realClock,
    batchConcurrency = 2,
    concurrency = 6,
    attempts = 4,
    baseDelayMs = 400,
    maxDelayMs = 5000,
    isRetryable = defaultIsRetryable,
    onProgress,
  } = options;
  const batchSize = Math.max(1, Math.min(options.batchSize ?? LIMITS.batchMax, LIMITS.batchMax));
  let batchSupported = (options.useBatch ?? true) && api.batch !== undefined;

  const todo = uniquePairs(pairs);
  const total = todo.length;
  const recorded: RecordPair[] = [];
  const failed: FailedPair[] = [];
  let calls = 0;
  const progress = () => onProgress?.(recorded.length + failed.length, total);
  progress();

  const backoff = (retry: number) => {
    const cap = Math.min(maxDelayMs, baseDelayMs * 2 ** retry);
    return Math.round(cap / 2 + (clock.random() * cap) / 2); // "equal jitter": never 0, never in step
  };

  async function withRetry<T>(call: () => Promise<CallOutcome<T>>): Promise<CallOutcome<T>> {
    for (let attempt = 0; ; attempt++) {
      calls++;
      let outcome: CallOutcome<T>;
      try {
        outcome = await call();
      } catch {
        // The API helpers never throw; if an injected one does, it is a lost answer.
        outcome = { ok: false, error: NETWORK_ERROR };
      }
      if (outcome.ok || attempt + 1 >= attempts || !isRetryable(outcome.error)) return outcome;
      await clock.sleep(backoff(attempt));
    }
  }

  const succeed = (p: RecordPair) => {
    recorded.push({ farmer: p.farmer, advisory: p.advisory });
  };
  const fail = (p: RecordPair, message: string, error?: ApiError) => {
    failed.push({ farmer: p.farmer, advisory: p.advisory, message, ...(error ? { error } : {}) });
  };

  async function sendSingles(list: readonly RecordPair[]) {
    await pool(list, concurrency, async (p) => {
      const outcome = await withRetry(() => api.single({ farmer: p.farmer, advisory: p.advisory }));
      if (outcome.ok) succeed(p);
      else fail(p, outcome.error.message, outcome.error);
      progress();
    });
  }

  async function sendBatch(list: RecordPair[]) {
    if (!batchSupported || !api.batch) return sendSingles(list);
    const batch = api.batch;
    const outcome = await withRetry(() => batch(list));
    if (!outcome.ok) {
      if (isMissingRoute(outcome.error)) {
        batchSupported = false;
        return sendSingles(list);
      }
      for (const p of list) fail(p, outcome.error.message, outcome.error);
      progress();
      return;
    }
    // Results come in order; match by pair anyway, so a reordering backend is still counted right.
    const answers = new Map<string, BatchItemAnswer>();
    for (const r of outcome.data.results) if (!answers.has(pairKey(r))) answers.set(pairKey(r), r);
    const unanswered: RecordPair[] = [];
    for (const [i, p] of list.entries()) {
      const inOrder = outcome.data.results[i];
      const answer = inOrder && pairKey(inOrder) === pairKey(p) ? inOrder : answers.get(pairKey(p));
      if (!answer) unanswered.push(p);
      else if (answer.ok) succeed(p);
      else fail(p, fieldErrorText(answer.errors));
    }
    progress();
    // A pair the backend left out is unknown, not failed: ask for it alone (idempotent).
    if (unanswered.length) await sendSingles(unanswered);
  }

  if (batchSupported) await pool(chunks(todo, batchSize), batchConcurrency, sendBatch);
  else await sendSingles(todo);

  return { recorded, failed, batchSupported, calls };
}
