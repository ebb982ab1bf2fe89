import { GrammyError, HttpError } from 'grammy';
import type { Db } from '../backend/db/types';
import type { Logger } from '../log';
import { loadContexts } from './delivery-contexts';
import { markBlocked, markFailed, markSending, markSent, release } from './delivery-outcomes';
import { type Linker, renderDelivery } from './message';
import { claim, nextEligible, pauseAll } from './queue';
import {
  type DeliveryContext,
  type EngineClock,
  type EngineOptions,
  LANES,
  type Lane,
  type RunCounts,
  type SendApi,
} from './types';

/**
 * Sends what the planner queued: claim a batch (leased, with reserved send slots), fire each
 * message at its slot without waiting for the previous answer (Telegram's latency would
 * otherwise cap the rate), record each outcome the moment Telegram answers, repeat.
 *
 * Never twice, at most one lost per crashed request: just before each request the row is marked
 * `sending_at` (committed), and the outcome clears it. A worker killed in between leaves the row
 * in doubt; when its lease runs out the planner records it as sent and it is not sent again
 * (settleInDoubt). So a crash can only lose a message whose request was on its way and had not
 * reached Telegram yet. Claimed rows not yet started are simply sent by whoever claims them next.
 * The one exception is a network error (no answer at all), which is retried: a timeout after
 * Telegram accepted the message can then show it twice, but an outage loses nothing.
 */

/** The next batch is claimed when the current one has this little left to pace. */
const PREFETCH_MS = 500;

/** How many sends may go out back to back to make up for late timers. */
const CATCH_UP = 3;

/**
 * Before sending, a row must still be ours for at least this long: longer than a request may take
 * (start.ts gives the Bot API client 15 s), so no answer can arrive after the lease ran out.
 */
const LEASE_MARGIN_MS = 20_000;

export interface SenderDeps {
  db: Db;
  api: SendApi;
  logger: Logger;
  clock: EngineClock;
  options: EngineOptions;
  link: Linker;
  worker: string;
  /** The rows this sender claims (free or paid broadcasts); `options` carry that lane's rate. */
  lane?: Lane;
  /** Hears each attempt's outcome (metrics). */
  onOutcome?: ((outcome: Exclude<Outcome, 'skipped'>) => void) | undefined;
}

type Outcome = 'sent' | 'failed' | 'retried' | 'blocked' | 'skipped';

/** Telegram's answer (or the network failure) as recorded in `last_error`. */
export function describe(error: unknown): string {
  if (error instanceof GrammyError) return `${error.error_code} ${error.description}`;
  if (error instanceof HttpError) return `network: ${String(error.error)}`;
  return error instanceof Error ? error.message : String(error);
}

export function createSender(deps: SenderDeps) {
  const { db, api, logger, clock, options, worker } = deps;
  const lane = deps.lane ?? 'free';
  const inFlight = new Set<Promise<void>>();
  /** After a 429, not even the rest of an already claimed batch goes out before this. */
  let pausedUntil = 0;
  /**
   * This copy's own pacing (a GCRA with a burst of {@link CATCH_UP}): slots missed in a stall
   * (GC, a slow query) are not caught up in one burst that Telegram would refuse, while a timer
   * firing a millisecond late does not slow every later send down.
   */
  let tat = Number.NEGATIVE_INFINITY;
  const gap = 1000 / options.ratePerSecond;

  async function sendOne(ctx: DeliveryContext, counts: RunCounts): Promise<Outcome> {
    const m = renderDelivery(ctx, deps.link);
    if (!(await markSending(db, ctx.id, worker, clock.now()))) return 'skipped';
    // A 429 to another send may have arrived while this one was being marked: it waits too.
    if (clock.now() < pausedUntil) {
      await release(db, ctx.id, worker, pausedUntil, null, true);
      return 'retried';
    }
    try {
      const sent = await api.sendMessage(ctx.chatId, m.text, {
        parse_mode: m.parse_mode,
        ...(m.reply_markup ? { reply_markup: m.reply_markup } : {}),
        link_preview_options: { is_disabled: true },
        ...(LANES[lane].paid ? { allow_paid_broadcast: true } : {}),
      });
      if (!(await markSent(db, ctx.id, worker, sent.message_id, clock.now())))
        logger.warn(
          { delivery: ctx.id },
          'delivery sent after its lease ran out; another worker may send it too',
        );
      return 'sent';
    } catch (error) {
      const reason = describe(error);
      if (error instanceof GrammyError && error.error_code === 429) {
        // Flood control: nobody sends for retry_after (all copies, via the rate row); this row
        // waits as long and keeps its attempt.
        const until = clock.now() + (error.parameters.retry_after ?? 1) * 1000;
        pausedUntil = Math.max(pausedUntil, until);
        await pauseAll(db, until);
        await release(db, ctx.id, worker, until, reason, true);
        return 'retried';
      }
      if (error instanceof GrammyError && error.error_code === 403) {
        counts.cancelled += await markBlocked(db, ctx, reason, clock.now());
        return 'blocked';
      }
      // Any other 4xx is about this message or chat (chat not found, bad request): retrying
      // would get the same answer.
      const permanent = error instanceof GrammyError && error.error_code < 500;
      if (permanent || ctx.attempts >= options.maxAttempts) {
        await markFailed(db, ctx.id, reason);
        return 'failed';
      }
      const delay = options.backoffMs * 2 ** Math.max(0, ctx.attempts - 1);
      await release(db, ctx.id, worker, clock.now() + delay, reason, false);
      return 'retried';
    }
  }

  function track(ctx: DeliveryContext, counts: RunCounts): void {
    const p = sendOne(ctx, counts)
      .then((outcome) => {
        if (outcome === 'skipped') return;
        counts[outcome]++;
        deps.onOutcome?.(outcome);
      })
      .catch((err: unknown) => {
        // The database failed while recording: the lease will hand the row to a retry.
        logger.error({ err, delivery: ctx.id }, 'could not record a delivery outcome');
      })
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  }

  interface Batch {
    ids: number[];
    slots: number[];
    waitMs: number;
    contexts: Map<number, DeliveryContext>;
  }

  async function claimBatch(): Promise<Batch> {
    const c = await claim(db, {
      now: clock.now(),
      worker,
      batchSize: options.batchSize,
      leaseMs: options.leaseMs,
      horizonMs: options.horizonMs,
      ratePerSecond: options.ratePerSecond,
      lane,
    });
    return { ...c, contexts: c.ids.length > 0 ? await loadContexts(db, c.ids) : new Map() };
  }

  /**
   * Claims and sends until nothing is claimable within a tick, or `signal` aborts. The next batch
   * is claimed while the current one's last slots are still ahead, so there is no gap between
   * batches. On abort, claimed rows not yet sent go back to the queue at once (another copy takes
   * them without waiting for the lease), and messages already on their way are awaited.
   */
  async function drain(counts: RunCounts, signal?: AbortSignal): Promise<void> {
    let upcoming: Promise<Batch> | undefined;
    while (!signal?.aborted) {
      const batch = await (upcoming ?? claimBatch());
      upcoming = undefined;
      if (batch.ids.length > 0) {
        upcoming = (await sendBatch(batch, counts, signal)).next;
        continue;
      }
      if (batch.waitMs > 0) {
        // Other copies have booked the shared rate ahead: come back when our turn is near.
        await clock.sleep(batch.waitMs, signal);
        continue;
      }
      // Answers still to come may free chats (one message in flight per chat).
      if (inFlight.size > 0) {
        await settle();
        continue;
      }
      const at = await nextEligible(db, clock.now(), lane);
      if (at === null || at - clock.now() > options.tickMs) break;
      await clock.sleep(Math.max(at - clock.now(), 50), signal);
    }
    if (upcoming) for (const id of (await upcoming).ids) await release(db, id, worker, null, null, true);
    await settle();
  }

  /** Paces one batch onto its slots; hands back the next batch's claim if it was started. */
  async function sendBatch(batch: Batch, counts: RunCounts, signal?: AbortSignal) {
    let next: Promise<Batch> | undefined;
    const end = batch.slots.at(-1) ?? 0;
    for (let i = 0; i < batch.ids.length; i++) {
      if (!next && !signal?.aborted && end - clock.now() <= PREFETCH_MS) {
        next = claimBatch();
        // Awaited by drain(); this only keeps a failure from counting as unhandled meanwhile.
        next.catch(() => undefined);
      }
      const id = batch.ids[i] as number;
      const ctx = batch.contexts.get(id);
      if (!ctx) continue;
      await clock.sleep(Math.max(batch.slots[i] as number, tat - CATCH_UP * gap) - clock.now(), signal);
      const now = clock.now();
      if (signal?.aborted || now > ctx.claimedUntil - LEASE_MARGIN_MS) {
        await release(db, id, worker, null, null, true);
      } else if (now < pausedUntil) {
        await release(db, id, worker, pausedUntil, null, true);
      } else {
        tat = Math.max(tat, now) + gap;
        track(ctx, counts);
        if (inFlight.size >= options.maxInFlight) await Promise.race(inFlight);
      }
    }
    // Wrapped: an async function returning the promise itself would wait for it.
    return { next };
  }

  /** Waits for every message on its way to be answered and recorded. */
  async function settle(): Promise<void> {
    while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
  }

  return { drain, settle };
}

export type Sender = ReturnType<typeof createSender>;
