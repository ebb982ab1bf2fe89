import type { AdvisoryText } from '@gebere/contract/rules';
import type { InputFile } from 'grammy';
import type { InlineKeyboardMarkup, ReplyKeyboardMarkup, ReplyKeyboardRemove } from 'grammy/types';

/**
 * Time for the engine: `now` decides what is due and when leases run out, `sleep` paces sends.
 * Tests pass a manual clock whose sleep moves time forward, so a week passes instantly and the
 * emulator (given the same clock) sees exactly the pacing the engine intended.
 */
export interface EngineClock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: EngineClock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve) => {
      if (ms <= 0 || signal?.aborted) return resolve();
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal?.addEventListener('abort', done, { once: true });
    }),
};

/** A clock that only moves when slept on or told to (the emulator's `createManualClock`). */
export function manualEngineClock(manual: { now(): number; advance(ms: number): void }): EngineClock {
  return {
    now: () => manual.now(),
    sleep: async (ms) => {
      if (ms > 0) manual.advance(ms);
    },
  };
}

/** A message's buttons: inline (notifications, requests) or the chat's menu (an approved DA's). */
export type ReplyMarkup = InlineKeyboardMarkup | ReplyKeyboardMarkup | ReplyKeyboardRemove;

/** The Bot API calls the engine makes; grammY's `Api` fits. */
export interface SendApi {
  sendMessage(
    chatId: number,
    text: string,
    other?: {
      parse_mode?: 'HTML';
      /** Telegram's paid broadcast: past the free ~30 a second, billed in Stars. */
      allow_paid_broadcast?: boolean;
      reply_markup?: ReplyMarkup;
      link_preview_options?: { is_disabled?: boolean };
    },
  ): Promise<{ message_id: number }>;
  /** The weekly report digest's chart (digest.ts); grammY's `Api` has it, stubs may leave it out. */
  sendPhoto?(chatId: number, photo: InputFile, other?: { caption?: string }): Promise<{ message_id: number }>;
}

/** How mini-app links are made: as the bot's (signed, with the same lifetime). */
export interface LinkSettings {
  secret: string;
  ttlSeconds: number;
  /** Where the mini-app is served (PUBLIC_URL). */
  publicUrl: string;
}

export interface EngineOptions {
  /** Messages per second for all server copies together (Telegram: about 30). */
  ratePerSecond: number;
  /** The same for paid broadcasts (`allow_paid_broadcast`; Telegram: up to 1000). */
  paidRatePerSecond: number;
  /** How often an idle sender looks for work (retries come due, other copies' leases run out). */
  tickMs: number;
  /**
   * The planner's period: how soon a new send-now is queued (and so sent: the sender is woken).
   * A pass with nothing due reads a few index entries (README "Cost per tick"), so it can be short.
   */
  planTickMs: number;
  /** How long a claimed delivery belongs to its worker; a crashed worker's rows free up after it. */
  leaseMs: number;
  /** How far ahead send slots may be reserved; keeps every claimed row well inside its lease. */
  horizonMs: number;
  /** Deliveries per claim; defaults to one second's worth. */
  batchSize: number;
  /** Tries for network and server errors before a delivery is failed. */
  maxAttempts: number;
  /** First retry delay after a network error; doubles with each attempt. */
  backoffMs: number;
  /** An occurrence missed by more than this (downtime) is skipped rather than sent late. */
  maxLatenessMs: number;
  /** Sends waiting for Telegram's answer at once (latency hiding at 30/s). */
  maxInFlight: number;
  /** Recipients the planner queues per transaction (a send-now to 60 k DAs is ~12 short ones). */
  planBatchSize: number;
  /** The longest window a morning's recurring reminders are spread over (README, "Order"). */
  maxSpreadMs: number;
}

export const DEFAULT_ENGINE_OPTIONS: EngineOptions = {
  ratePerSecond: 30,
  paidRatePerSecond: 1000,
  tickMs: 5_000,
  planTickMs: 1_000,
  leaseMs: 30_000,
  horizonMs: 3_000,
  batchSize: 30,
  maxAttempts: 5,
  backoffMs: 5_000,
  maxLatenessMs: 24 * 3_600_000,
  maxInFlight: 32,
  planBatchSize: 5_000,
  maxSpreadMs: 12 * 3_600_000,
};

/**
 * Queue priorities (`notification_deliveries.priority`), served in this order: a send-now
 * broadcast before any recurring reminder, whatever their due times. A paid broadcast's rows
 * are sent in their own lane, at the paid rate, beside the free one.
 */
export const PRIORITY = { paid: 0, sendNow: 1, recurring: 2 } as const;

/** The two send lanes: which priorities each claims, its rate row, whether Telegram bills it. */
export const LANES = {
  free: { priorities: [PRIORITY.sendNow, PRIORITY.recurring], rateRow: 1, paid: false },
  paid: { priorities: [PRIORITY.paid], rateRow: 2, paid: true },
} as const;
export type Lane = keyof typeof LANES;

/** Everything needed to word and address one delivery. */
export interface DeliveryContext {
  id: number;
  notificationId: number;
  attempts: number;
  claimedUntil: number;
  botUserId: number;
  telegramId: number;
  chatId: number;
  language: string;
  daId: number | null;
  kebeleId: number | null;
  name: string;
  message: string;
  contentType: 'advisory' | 'reach' | 'adoption' | 'farmer_registration';
  /** The advisory as the contract has it (its texts in every language written). */
  advisory: (AdvisoryText & { id: number }) | null;
}

/** Counts of one planner run or one sender drain, for the log line and tests. */
export interface RunCounts {
  planned: number;
  queued: number;
  missed: number;
  cancelled: number;
  sent: number;
  failed: number;
  retried: number;
  blocked: number;
  /** In doubt after a worker died mid-request: recorded as sent, not sent again. */
  unconfirmed: number;
}

export const emptyCounts = (): RunCounts => ({
  planned: 0,
  queued: 0,
  missed: 0,
  cancelled: 0,
  sent: 0,
  failed: 0,
  retried: 0,
  blocked: 0,
  unconfirmed: 0,
});
