import { describe, expect, it } from 'vitest';
import { newIdempotencyKey } from './idempotency-key';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newIdempotencyKey', () => {
  it('uses crypto.randomUUID when there is one', () => {
    expect(newIdempotencyKey({ randomUUID: () => '11111111-2222-4333-8444-555555555555' })).toBe(
      '11111111-2222-4333-8444-555555555555',
    );
    expect(newIdempotencyKey()).toMatch(UUID);
  });

  it('builds a v4 UUID from getRandomValues on WebViews without randomUUID', () => {
    const old = { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) };
    const keys = new Set(Array.from({ length: 200 }, () => newIdempotencyKey(old)));
    expect(keys.size).toBe(200);
    for (const k of keys) expect(k).toMatch(UUID);
  });

  it('still answers a UUID-shaped key with no Web Crypto at all', () => {
    expect(newIdempotencyKey({})).toMatch(UUID);
  });
});
