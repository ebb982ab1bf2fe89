import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/backend/db/postgres';
import { backendPlugin } from '../../src/backend/index';
import { isDatabaseUnavailable } from '../../src/backend/serving/db-errors';
import { freePort } from '../test-kit';
import { proof, TEST_AUTH } from './test-kit/auth-headers';
import { startBackend } from './test-kit/backend';

describe('database down', () => {
  it('PGlite closed under a request: 503 with Retry-After, not 500', async () => {
    const t = await startBackend('pglite');
    try {
      const da = await t.fx.da();
      const group = await t.fx.group(da);
      const headers = proof.link(da.telegramId, '/record_reach', { user_id: da.daId, selectedids: group });
      const query = { outbound_development_group: group };
      expect((await t.call('GET', '/api/farmer-profiles/', { headers, query })).status).toBe(200);

      await t.db.close();
      const res = await t.call('GET', '/api/farmer-profiles/', { headers, query });
      expect(res.status).toBe(503);
      expect(res.raw.headers['retry-after']).toBe('5');
      expect(res.body).toEqual({ detail: 'The service is briefly unavailable. Try again in 5 seconds.' });
      const am = await t.call('GET', '/api/farmer-profiles/', {
        headers: { ...headers, 'accept-language': 'am' },
        query,
      });
      expect(am.status).toBe(503);
      expect(am.body.detail).toMatch(/[\u1200-\u137F]/);
    } finally {
      await t.close();
    }
  });

  it('PostgreSQL unreachable: a service call answers 503 with Retry-After', async () => {
    // Nobody listens on this port: every query fails to connect (ECONNREFUSED).
    const db = openPostgres({ connectionString: `postgres://gebere@127.0.0.1:${await freePort()}/gebere` });
    const app = Fastify({ logger: false });
    await app.register(backendPlugin, { prefix: '/backend', db, auth: TEST_AUTH });
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/backend/regions/',
        headers: proof.service(),
      });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json().detail).toContain('briefly unavailable');
      // A write with a bad body is still the client's fault first, database or not.
      const bad = await app.inject({
        method: 'POST',
        url: '/backend/api/farmer-profiles/',
        headers: { ...proof.service(), 'content-type': 'application/json' },
        payload: '{"oops"',
      });
      expect(bad.statusCode).toBe(400);
    } finally {
      await app.close();
      await db.close();
    }
  });

  it('tells unavailability from query faults', () => {
    expect(
      isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error('PGlite is closed'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
  });
});
