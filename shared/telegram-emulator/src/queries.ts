import { randomBytes, randomInt } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Clock } from './clock.js';
import type { Limits } from './config.js';
import { badRequest, TG } from './errors.js';
import type { CallbackAnswer } from './types.js';

interface CallbackRecord {
  userId: number;
  createdAt: number;
  answer: CallbackAnswer | undefined;
}

interface WebAppQueryRecord {
  userId: number;
  launchId: string;
  createdAt: number;
  used: boolean;
}

export interface QueryEvents {
  callback_answer: [userId: number, queryId: string, answer: CallbackAnswer];
}

/**
 * Callback queries and web-app queries: both are answerable once, and only while fresh.
 * Telegram answers a stale, repeated or made-up id with the same "query is too old" error.
 */
export class QueryRegistry {
  readonly events = new EventEmitter<QueryEvents>();
  private readonly callbacks = new Map<string, CallbackRecord>();
  private readonly webApp = new Map<string, WebAppQueryRecord>();

  constructor(
    private readonly clock: Clock,
    private readonly limits: Limits,
  ) {
    this.events.setMaxListeners(0);
  }

  newCallback(userId: number): string {
    // Telegram's callback query ids are long decimal strings.
    const id = `${randomInt(1_000_000_000, 9_999_999_999)}${randomInt(100_000_000, 999_999_999)}`;
    this.callbacks.set(id, { userId, createdAt: this.clock.now(), answer: undefined });
    return id;
  }

  answerCallback(id: string | undefined, answer: CallbackAnswer): void {
    const record = id ? this.callbacks.get(id) : undefined;
    const expired = record && this.clock.now() - record.createdAt > this.limits.callbackQueryTtlMs;
    if (!record || !id || record.answer || expired) throw badRequest(TG.queryTooOld);
    record.answer = answer;
    this.events.emit('callback_answer', record.userId, id, answer);
  }

  callbackAnswer(id: string): CallbackAnswer | undefined {
    return this.callbacks.get(id)?.answer;
  }

  newWebAppQuery(userId: number, launchId: string): string {
    const id = `AAE${randomBytes(18).toString('base64url')}`;
    this.webApp.set(id, { userId, launchId, createdAt: this.clock.now(), used: false });
    return id;
  }

  /** Consumes a live web-app query or throws Telegram's error. */
  useWebAppQuery(id: string | undefined): WebAppQueryRecord {
    const record = id ? this.webApp.get(id) : undefined;
    const expired = record && this.clock.now() - record.createdAt > this.limits.webAppQueryTtlMs;
    if (!record || record.used || expired) throw badRequest(TG.queryTooOld);
    record.used = true;
    return record;
  }
}
