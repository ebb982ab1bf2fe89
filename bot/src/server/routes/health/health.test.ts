import { describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/test-kit';

describe('health', () => {
  it('/healthz answers without touching dependencies', async () => {
    const { app } = await testApp({
      health: { checks: [{ name: 'database', check: () => Promise.reject(new Error('down')) }] },
    });
    const res = await app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['x-request-id']).toBeTruthy();
    await app.close();
  });

  it('/readyz is 200 when every check passes and 503 naming the part that is down', async () => {
    const { app } = await testApp({
      health: {
        timeoutMs: 100,
        checks: [
          { name: 'database', check: () => new Promise(() => {}) },
          { name: 'telegram', informational: true, check: async () => {} },
        ],
      },
    });
    const res = await app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'unavailable',
      checks: { database: 'down', telegram: 'ok' },
      detail: 'Not ready: database down.',
    });
    await app.close();

    const ok = await testApp({ health: { checks: [{ name: 'database', check: async () => {} }] } });
    const ready = await ok.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok' } });
    await ok.app.close();
  });

  it('/readyz stays 200 with Telegram unreachable, and reports it', async () => {
    const { app } = await testApp({
      health: {
        timeoutMs: 100,
        checks: [
          { name: 'database', check: async () => {} },
          { name: 'telegram', informational: true, check: () => Promise.reject(new Error('ETIMEDOUT')) },
        ],
      },
    });
    const res = await app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ok', telegram: 'unreachable' } });
    await app.close();
  });

  it('keeps a sane caller request id and replaces a hostile one', async () => {
    const { app } = await testApp();
    const kept = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'lb-123.abc' } });
    expect(kept.headers['x-request-id']).toBe('lb-123.abc');
    const replaced = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'a b\n<script>' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    await app.close();
  });
});
