import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../../../test/test-kit';

const versionOf = (path: string) =>
  (JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as { version: string }).version;

describe('health', () => {
  it('/healthz answers without touching dependencies', async () => {
    const { app } = await testApp({
      health: { checks: [{ name: 'database', check: () => Promise.reject(new Error('down')) }] },
    });
    const res = await app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', version: versionOf('../../../../../package.json') });
    expect(res.headers['x-request-id']).toBeTruthy();
    await app.close();
  });

  it('/healthz names the release: the root package.json, bot/package.json and CHANGELOG.md agree', async () => {
    const release = versionOf('../../../../../package.json');
    expect(release).toMatch(/^\d+\.\d+\.\d+$/);
    expect(versionOf('../../../../package.json')).toBe(release);
    const changelog = readFileSync(new URL('../../../../../CHANGELOG.md', import.meta.url), 'utf8');
    expect(/^## (\S+)/m.exec(changelog)?.[1]).toBe(release);
    const { app } = await testApp();
    expect((await app.inject({ url: '/healthz' })).json().version).toBe(release);
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
