import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../backend/db/types';
import type { Logger } from '../log';
import { queuedTotal } from './counts';
import { type DigestCounts, drainDigests, planDigests } from './digest';
import { drainEnrolmentMessages } from './enrolment-messages';
import { makeLinker } from './message';
import type { OneOffCounts } from './one-off';
import { plan } from './planner';
import { recordRate } from './queue';
import { createSender } from './sender';
import {
  DEFAULT_ENGINE_OPTIONS,
  type EngineClock,
  type EngineOptions,
  emptyCounts,
  type LinkSettings,
  type RunCounts,
  type SendApi,
  systemClock,
} from './types';

export interface EngineDeps {
  db: Db;
  /** A Bot API client *without* auto-retry: the engine handles 429 and retries itself. */
  api: SendApi;
  logger: Logger;
  links: LinkSettings;
  clock?: EngineClock;
  options?: Partial<EngineOptions>;
  /** Names this copy in leases; unique per process by default. */
  worker?: string;
  /** Hears each delivery attempt's outcome (metrics). */
  onOutcome?: (outcome: 'sent' | 'failed' | 'retried' | 'blocked') => void;
}

export interface NotificationEngine {
  readonly worker: string;
  /** Runs the planner every planTickMs and the sender whenever there is work, until stop(). */
  start(): void;
  /** Stops claiming, hands unsent claimed rows back, waits for messages on their way. */
  stop(): Promise<void>;
  /** One planner pass and a drain of everything claimable now (tests, scripts). */
  runOnce(): Promise<RunCounts>;
  /** This week's report digests: queue them if due, send what is claimable (digest.ts). */
  runDigests(signal?: AbortSignal): Promise<DigestCounts>;
  /** The DA registration messages queued by the backend (enrolment-messages.ts). */
  runEnrolmentMessages(signal?: AbortSignal): Promise<OneOffCounts>;
}

const hasNews = (c: RunCounts) => Object.values(c).some((v) => v > 0);

export function createNotificationEngine(deps: EngineDeps): NotificationEngine {
  const clock = deps.clock ?? systemClock;
  const options: EngineOptions = { ...DEFAULT_ENGINE_OPTIONS, ...deps.options };
  if (!deps.options?.batchSize) options.batchSize = Math.max(1, Math.ceil(options.ratePerSecond));
  const worker = deps.worker ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const logger = deps.logger.child({ part: 'notifications', worker });
  const senderDeps = {
    db: deps.db,
    api: deps.api,
    logger,
    clock,
    worker,
    onOutcome: deps.onOutcome,
    link: makeLinker(deps.links, () => clock.now()),
  };
  // Two lanes side by side: the free ~30 a second, and paid broadcasts at their own rate (a
  // second's worth per claim, at most 250; enough requests in flight to hide Telegram's latency).
  const paidRate = options.paidRatePerSecond;
  const senders = [
    createSender({ ...senderDeps, options, lane: 'free' }),
    createSender({
      ...senderDeps,
      lane: 'paid',
      options: {
        ...options,
        ratePerSecond: paidRate,
        batchSize: Math.max(1, Math.min(250, Math.ceil(paidRate))),
        maxInFlight: Math.max(options.maxInFlight, Math.ceil(paidRate / 5)),
      },
    }),
  ];
  const rates = { free: options.ratePerSecond, paid: paidRate };
  /** Both lanes until each is done; a failure is reported once both have stopped. */
  const drainAll = async (c: RunCounts, signal?: AbortSignal) => {
    const results = await Promise.allSettled(senders.map((s) => s.drain(c, signal)));
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
  };

  const planOptions = {
    batchSize: options.planBatchSize,
    ratePerSecond: options.ratePerSecond,
    maxSpreadMs: options.maxSpreadMs,
  };

  // One object for the whole life of the engine: the sender's long drain holds a reference.
  const counts = emptyCounts();
  let abort: AbortController | undefined;
  let loops: Promise<void> | undefined;
  let wake: (() => void) | undefined;

  /**
   * One log line per tick (`tickMs`, not the planner's shorter period) with what happened since
   * the last one (quiet when nothing did); `force` at stop.
   */
  let reported = Number.NEGATIVE_INFINITY;
  async function report(force = false): Promise<void> {
    if (!force && clock.now() - reported < options.tickMs) return;
    reported = clock.now();
    const c = { ...counts };
    Object.assign(counts, emptyCounts());
    if (!hasNews(c)) return;
    logger.info({ ...c, backlog: await queuedTotal(deps.db) }, 'notifications run');
  }

  async function plannerLoop(signal: AbortSignal): Promise<void> {
    await recordRate(deps.db, rates).catch((err: unknown) =>
      logger.warn({ err }, 'could not record the send rate'),
    );
    while (!signal.aborted) {
      try {
        // The sender starts on the first batch queued, not after the whole pass.
        await plan(deps.db, clock.now(), options.maxLatenessMs, counts, {
          ...planOptions,
          onQueued: () => wake?.(),
        });
        await report();
      } catch (err) {
        logger.error({ err }, 'notification planner failed; retrying next tick');
      }
      await clock.sleep(options.planTickMs, signal);
    }
  }

  const digestDeps = { db: deps.db, api: deps.api, logger, clock, options, worker };
  async function runDigests(signal?: AbortSignal): Promise<DigestCounts> {
    const c: DigestCounts = { queued: 0, sent: 0, failed: 0 };
    c.queued = await planDigests(deps.db, clock.now(), options.maxLatenessMs);
    await drainDigests(digestDeps, c, signal);
    if (c.queued + c.sent + c.failed > 0) logger.info(c, 'report digests run');
    return c;
  }

  /** The weekly digests beside the notifications, on the same rate row (digest.ts). */
  async function digestLoop(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      try {
        await runDigests(signal);
      } catch (err) {
        logger.error({ err }, 'report digests failed; retrying next tick');
      }
      await clock.sleep(options.tickMs, signal);
    }
  }

  async function runEnrolmentMessages(signal?: AbortSignal): Promise<OneOffCounts> {
    const c: OneOffCounts = { sent: 0, failed: 0 };
    await drainEnrolmentMessages(digestDeps, senderDeps.link, c, signal);
    if (c.sent + c.failed > 0) logger.info(c, 'enrolment messages run');
    return c;
  }

  /**
   * A DA's registration waits on the supervisors' message and the DA on the answer: looked for
   * at the planner's pace (an idle look is one index probe), not the digests' weekly one.
   */
  async function enrolmentLoop(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      try {
        await runEnrolmentMessages(signal);
      } catch (err) {
        logger.error({ err }, 'enrolment messages failed; retrying next tick');
      }
      await clock.sleep(options.planTickMs, signal);
    }
  }

  async function senderLoop(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      try {
        await drainAll(counts, signal);
      } catch (err) {
        logger.error({ err }, 'notification sender failed; retrying next tick');
      }
      if (signal.aborted) break;
      // Idle until the planner queues something, or a tick passes (retries come due, other
      // copies' leases run out).
      const woken = new AbortController();
      wake = () => woken.abort();
      await clock.sleep(options.tickMs, AbortSignal.any([signal, woken.signal]));
      wake = undefined;
    }
    await Promise.all(senders.map((s) => s.settle()));
  }

  return {
    worker,
    start() {
      if (abort) return;
      abort = new AbortController();
      logger.info(
        { rate: options.ratePerSecond, tickMs: options.tickMs, planTickMs: options.planTickMs },
        'notification engine started',
      );
      loops = Promise.all([
        plannerLoop(abort.signal),
        senderLoop(abort.signal),
        digestLoop(abort.signal),
        enrolmentLoop(abort.signal),
      ]).then(() => undefined);
    },
    async stop() {
      if (!abort) return;
      abort.abort();
      await loops;
      await report(true).catch(() => undefined);
      abort = undefined;
      logger.info('notification engine stopped');
    },
    async runOnce() {
      const c = emptyCounts();
      await recordRate(deps.db, rates);
      await plan(deps.db, clock.now(), options.maxLatenessMs, c, planOptions);
      await drainAll(c);
      return c;
    },
    runDigests: () => runDigests(),
    runEnrolmentMessages: () => runEnrolmentMessages(),
  };
}
