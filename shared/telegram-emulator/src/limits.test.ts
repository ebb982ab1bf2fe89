import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from './clock.js';
import { RateLimiter } from './limits.js';
import { type RunningEmulator, startEmulator } from './start.js';
import { callApi } from './test-kit.js';

describe('RateLimiter', () => {
  const limits = {
    globalPerSecond: 30,
    globalBurst: 30,
    perChatPerSecond: 1,
    perChatBurst: 3,
    paidPerSecond: 1000,
  };

  it('tolerates a short burst in a chat, then asks to retry when a token is back', () => {
    const clock = createManualClock();
    const limiter = new RateLimiter(limits, clock);
    for (let i = 0; i < 3; i++) limiter.take(1);
    expect(() => limiter.take(1)).toThrow(
      expect.objectContaining({ code: 429, parameters: { retry_after: 1 } }),
    );
    clock.advance(999);
    expect(() => limiter.take(1)).toThrow(expect.objectContaining({ code: 429 }));
    clock.advance(1);
    expect(() => limiter.take(1)).not.toThrow();
    // Other chats have their own allowance.
    expect(() => limiter.take(2)).not.toThrow();
  });

  it('limits all chats together at about 30 per second', () => {
    const clock = createManualClock();
    const limiter = new RateLimiter(limits, clock);
    for (let chat = 1; chat <= 30; chat++) limiter.take(chat);
    expect(() => limiter.take(31)).toThrow(
      expect.objectContaining({ code: 429, description: 'Too Many Requests: retry after 1' }),
    );
    clock.advance(100); // 3 tokens back
    for (let chat = 32; chat < 35; chat++) limiter.take(chat);
    expect(() => limiter.take(40)).toThrow(expect.objectContaining({ code: 429 }));
  });

  it('allow_paid_broadcast: past the free 30 a second, up to 1000 a second, billed', () => {
    const clock = createManualClock();
    const limiter = new RateLimiter(limits, clock);
    // The free bucket first (not billed), then the paid one.
    for (let chat = 1; chat <= 1030; chat++) limiter.take(chat, true);
    expect(limiter.billed).toBe(1000);
    expect(() => limiter.take(2000, true)).toThrow(expect.objectContaining({ code: 429 }));
    // Without the parameter the free limit holds as before.
    expect(() => limiter.take(2001)).toThrow(expect.objectContaining({ code: 429 }));
    clock.advance(1000);
    for (let chat = 3000; chat < 3900; chat++) limiter.take(chat, true);
    // The per-chat limit still applies to paid messages.
    for (let i = 0; i < 3; i++) limiter.take(5000, true);
    expect(() => limiter.take(5000, true)).toThrow(expect.objectContaining({ code: 429 }));
  });

  it('reports a longer retry_after for slow configured rates and does nothing when disabled', () => {
    const clock = createManualClock();
    const slow = new RateLimiter({ ...limits, perChatPerSecond: 0.1, perChatBurst: 1 }, clock);
    slow.take(1);
    expect(() => slow.take(1)).toThrow(expect.objectContaining({ parameters: { retry_after: 10 } }));
    const off = new RateLimiter(false, clock);
    for (let i = 0; i < 1000; i++) off.take(1);
  });
});

describe('flood control over HTTP', () => {
  const clock = createManualClock();
  let tg: RunningEmulator;
  beforeAll(async () => {
    tg = await startEmulator({ clock, limits: { rate: { perChatBurst: 2, perChatPerSecond: 1 } } });
  });
  afterAll(() => tg.close());

  it('answers 429 with parameters.retry_after, spending no quota on refused requests', async () => {
    const u = tg.emulator.createUser();
    await u.send('/start');
    const send = (text: string) => callApi(tg, 'sendMessage', { chat_id: u.id, text });
    // An invalid request is refused for what it is, and costs nothing.
    expect((await callApi(tg, 'sendMessage', { chat_id: u.id, text: '' })).status).toBe(400);
    expect((await send('one')).status).toBe(200);
    expect((await send('two')).status).toBe(200);
    expect(await send('three')).toEqual({
      status: 429,
      body: {
        ok: false,
        error_code: 429,
        description: 'Too Many Requests: retry after 1',
        parameters: { retry_after: 1 },
      },
    });
    expect(u.botMessages().map((m) => m.text)).toEqual(['one', 'two']);
    clock.advance(1000);
    expect((await send('three')).status).toBe(200);
  });
});
