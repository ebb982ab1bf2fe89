import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../src/backend/db/postgres';
import { createMetrics } from '../src/metrics';
import { databaseProbe } from '../src/notifications/start';
import {
  type Harness,
  harness,
  insertNotification,
  openSharedDb,
  type SharedDb,
} from '../src/notifications/test-kit';
import { freePort, initData, testApp } from './test-kit';

const START = Date.parse('2025-03-03T10:00:00Z');

/** The value of one series in Prometheus' text format, or undefined when it is not exported. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics', () => {
  let shared: SharedDb;
  let h: Harness;
  beforeAll(async () => {
    shared = await openSharedDb('pglite');
    h = await harness(shared, { start: START });
  });
  afterAll(async () => {
    await h?.close();
    await shared?.close();
  });

  it('exposes request latency by route, hand-backs, deliveries, the queue and the database', async () => {
    const metrics = createMetrics({ defaultMetrics: false });
    metrics.setDatabase(databaseProbe(h.db));
    const { app } = await testApp({ metrics: { metrics } }, {}, { onOutcome: metrics.handBack });

    // A notification queued for one DA: the queue depth is read from the database.
    const da = await h.da(h.tree.kebele);
    await insertNotification(h.db, {
      send_now: true,
      created_at: START - 1000,
      created_by: h.creator.botUserId,
    });
    await h.plan();
    expect(
      sample(await (await app.inject({ url: '/metrics' })).body, 'gebere_notification_queue_depth'),
    ).toBe(1);
    const engine = h.engine({}, { onOutcome: metrics.delivery });
    await engine.runOnce();
    expect(h.inbox(da)).toHaveLength(1);

    const handBack = await app.inject({
      method: 'POST',
      url: '/tg/result',
      headers: { authorization: `tma ${initData({ id: 4242 })}` },
      payload: { result: { kind: 'feedback_sent', advisory_id: 3, answers: 2 } },
    });
    expect(handBack.statusCode).toBe(200);
    const bad = await app.inject({ method: 'POST', url: '/tg/result', payload: { result: 1 } });
    expect(bad.statusCode).toBe(401);
    // No route: labelled `unmatched`, never with the path (here a phone number).
    expect((await app.inject({ url: '/nothing/0911234567/here' })).statusCode).toBe(404);

    const res = await app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(
      sample(
        text,
        'gebere_http_request_duration_seconds_count{method="POST",route="/tg/result",status="200"}',
      ),
    ).toBe(1);
    expect(
      sample(text, 'gebere_http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}'),
    ).toBe(1);
    expect(text).not.toContain('0911234567');
    expect(sample(text, 'gebere_hand_backs_total{outcome="chat_message"}')).toBe(1);
    expect(sample(text, 'gebere_hand_backs_total{outcome="rejected"}')).toBe(1);
    expect(sample(text, 'gebere_notification_deliveries_total{outcome="sent"}')).toBe(1);
    expect(sample(text, 'gebere_notification_deliveries_total{outcome="failed"}')).toBe(0);
    expect(sample(text, 'gebere_notification_queue_depth')).toBe(0);
    expect(sample(text, 'gebere_database_up{kind="pglite"}')).toBe(1);
    await app.close();
  });

  it('reports a PostgreSQL pool that cannot connect as down, with its connections', async () => {
    const db = openPostgres({ connectionString: `postgres://gebere@127.0.0.1:${await freePort()}/gebere` });
    const metrics = createMetrics({ defaultMetrics: false });
    metrics.setDatabase(databaseProbe(db));
    const { app } = await testApp({ metrics: { metrics } });
    const text = (await app.inject({ url: '/metrics' })).body;
    expect(sample(text, 'gebere_database_up{kind="postgres"}')).toBe(0);
    // Unknown, never 0: a stuck-queue alert must not read "empty" while the database is down.
    expect(sample(text, 'gebere_notification_queue_depth')).toBeNaN();
    expect(sample(text, 'gebere_database_pool_connections{state="waiting"}')).toBe(0);
    expect(sample(text, 'gebere_database_pool_connections{state="total"}')).toBeDefined();
    await app.close();
    await db.close();
  });

  it('has no queue depth (NaN) and no database series in a process without a database', async () => {
    const { app } = await testApp({ metrics: { metrics: createMetrics({ defaultMetrics: false }) } });
    const text = (await app.inject({ url: '/metrics' })).body;
    expect(sample(text, 'gebere_notification_queue_depth')).toBeNaN();
    expect(text).not.toMatch(/^gebere_database_up/m);
    await app.close();
  });

  it('is readable from loopback, or elsewhere only with the bearer token', async () => {
    const metrics = createMetrics({ defaultMetrics: false });
    const token = 'metrics-token-0123456789';
    const { app } = await testApp({ metrics: { metrics, token } });
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(200);
    // Relayed by a proxy or tunnel on this host: not local.
    const relayed = await app.inject({ url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(relayed.statusCode).toBe(403);
    expect(relayed.body).not.toContain('gebere_');
    const remote = await app.inject({ url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(403);
    const wrong = await app.inject({
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: 'Bearer not-the-token-at-all' },
    });
    expect(wrong.statusCode).toBe(401);
    const right = await app.inject({
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('gebere_hand_backs_total');
    await app.close();
  });
});
