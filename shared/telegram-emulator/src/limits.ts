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
  private readonly chats = new Map<number, Bucket>();

  constructor(
    private readonly limits: RateLimits | false,
    private readonly clock: Clock,
  ) {
    this.global = { tokens: limits ? limits.globalBurst : 0, at: clock.now() };
  }

  /** Takes one token from both buckets or throws 429 without taking any. */
  take(chatId: number): void {
    const l = this.limits;
    if (!l) return;
    const now = this.clock.now();
    const global = refill(this.global, now, l.globalPerSecond, l.globalBurst);
    const chat = refill(
      this.chats.get(chatId) ?? { tokens: l.perChatBurst, at: now },
      now,
      l.perChatPerSecond,
      l.perChatBurst,
    );
    this.global = global;
    this.chats.set(chatId, chat);
    const waits = [
      global.tokens >= 1 ? 0 : (1 - global.tokens) / l.globalPerSecond,
      chat.tokens >= 1 ? 0 : (1 - chat.tokens) / l.perChatPerSecond,
    ];
    const wait = Math.max(...waits);
    if (wait > 0) throw tooManyRequests(Math.max(1, Math.ceil(wait)));
    global.tokens -= 1;
    chat.tokens -= 1;
  }
}

function refill(bucket: Bucket, now: number, perSecond: number, burst: number): Bucket {
  const elapsed = Math.max(0, now - bucket.at) / 1000;
  return { tokens: Math.min(burst, bucket.tokens + elapsed * perSecond), at: now };
}
