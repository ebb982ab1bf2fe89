import type { Clock } from './clock.js';
import type { RateLimits } from './config.js';
import { tooManyRequests } from './errors.js';

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * Telegram's flood control as token buckets: one shared by all chats (~30/s) and one per chat
 * (~1/s). A full bucket allows a short burst; once empty, sends are refused with 429 and a
 * retry_after that says when a token will be back, as Telegram's answer does.
 */
export class RateLimiter {
  private global: Bucket;
  /** Paid broadcasts: a second bucket at `paidPerSecond`, used once the free one is empty. */
  private paid: Bucket;
  /** Messages sent with `allow_paid_broadcast` beyond the free rate: what Telegram bills. */
  billed = 0;
  private readonly chats = new Map<number, Bucket>();

  constructor(
    private readonly limits: RateLimits | false,
    private readonly clock: Clock,
  ) {
    this.global = { tokens: limits ? limits.globalBurst : 0, at: clock.now() };
    this.paid = { tokens: limits ? limits.paidPerSecond : 0, at: clock.now() };
  }

  /**
   * Takes one token from both buckets or throws 429 without taking any. With `paid`
   * (`allow_paid_broadcast`), an empty free bucket is no refusal: the message goes on the paid
   * one and is billed; the per-chat limit still holds.
   */
  take(chatId: number, paid = false): void {
    const l = this.limits;
    if (!l) {
      if (paid) this.billed++;
      return;
    }
    const now = this.clock.now();
    const free = refill(this.global, now, l.globalPerSecond, l.globalBurst);
    const paidBucket = refill(this.paid, now, l.paidPerSecond, l.paidPerSecond);
    const billed = paid && free.tokens < 1;
    const global = billed ? paidBucket : free;
    this.global = free;
    this.paid = paidBucket;
    const chat = refill(
      this.chats.get(chatId) ?? { tokens: l.perChatBurst, at: now },
      now,
      l.perChatPerSecond,
      l.perChatBurst,
    );
    this.chats.set(chatId, chat);
    const waits = [
      global.tokens >= 1 ? 0 : (1 - global.tokens) / (billed ? l.paidPerSecond : l.globalPerSecond),
      chat.tokens >= 1 ? 0 : (1 - chat.tokens) / l.perChatPerSecond,
    ];
    const wait = Math.max(...waits);
    if (wait > 0) throw tooManyRequests(Math.max(1, Math.ceil(wait)));
    global.tokens -= 1;
    chat.tokens -= 1;
    if (billed) this.billed++;
  }
}

function refill(bucket: Bucket, now: number, perSecond: number, burst: number): Bucket {
  const elapsed = Math.max(0, now - bucket.at) / 1000;
  return { tokens: Math.min(burst, bucket.tokens + elapsed * perSecond), at: now };
}
