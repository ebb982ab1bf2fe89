import { mkdtempSync } from 'node:fs';
import { type AddressInfo, connect, createServer as createNetServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../src/backend/db/postgres';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/log';
import { createMetrics } from '../src/metrics';
import { databaseProbe } from '../src/notifications/start';
import {
  type Harness,
  harness,
  insertNotification,
  openSharedDb,
  type SharedDb,
} from '../src/notifications/test-kit';
import { type RunningServer, startServer } from '../src/server/index';
import { fakeDist, freePort, initData, testApp } from './test-kit';

const START = Date.parse('2025-03-03T10:00:00Z');
const token = 'metrics-token-0123456789';
const bearer = { authorization: `Bearer ${token}` };

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
    const { app } = await testApp({ metrics: { metrics, token } }, {}, { onOutcome: metrics.handBack });

    // A notification queued for one DA: the queue depth is read from the database.
    const da = await h.da(h.tree.kebele);
    await insertNotification(h.db, {
      send_now: true,
      created_at: START - 1000,
      created_by: h.creator.botUserId,
    });
    await h.plan();
    expect(
      sample(
        (await app.inject({ url: '/metrics', headers: bearer })).body,
        'gebere_notification_queue_depth',
      ),
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

    const res = await app.inject({ url: '/metrics', headers: bearer });
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
    const { app } = await testApp({ metrics: { metrics, token } });
    const text = (await app.inject({ url: '/metrics', headers: bearer })).body;
    expect(sample(text, 'gebere_database_up{kind="postgres"}')).toBe(0);
    // Unknown, never 0: a stuck-queue alert must not read "empty" while the database is down.
    expect(sample(text, 'gebere_notification_queue_depth')).toBeNaN();
    expect(sample(text, 'gebere_database_pool_connections{state="waiting"}')).toBe(0);
    expect(sample(text, 'gebere_database_pool_connections{state="total"}')).toBeDefined();
    await app.close();
    await db.close();
  });
});

describe('/metrics without a database', () => {
  it('has no queue depth (NaN) and no database series in a process without a database', async () => {
    const { app } = await testApp({ metrics: { metrics: createMetrics({ defaultMetrics: false }), token } });
    const text = (await app.inject({ url: '/metrics', headers: bearer })).body;
    expect(sample(text, 'gebere_notification_queue_depth')).toBeNaN();
    expect(text).not.toMatch(/^gebere_database_up/m);
    await app.close();
  });
});

/** A plain TCP forwarder on this machine (as `socat` or an SSH tunnel would be): no headers added. */
async function tcpForwarder(port: number): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const proxy = createNetServer((client) => {
    const upstream = connect(port, '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const address = proxy.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        proxy.close(() => resolve());
      }),
  };
}

describe('/metrics is decided by the connection, never by headers (a real server)', () => {
  const servers: RunningServer[] = [];
  afterAll(async () => {
    for (const s of servers.splice(0)) await s.stop();
  });
  const start = async (env: Record<string, string>) => {
    const config = loadConfig({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'gebere-metrics-')),
      PORT: String(await freePort()),
      ENABLE_BACKEND: 'false',
      ENABLE_NOTIFICATIONS: 'false',
      ENABLE_BOT: 'false',
      WEBAPP_DIST: fakeDist(),
      ...env,
    });
    const server = await startServer(config, createLogger({ level: 'silent' }), { throttle: false });
    servers.push(server);
    return { server, base: `http://127.0.0.1:${config.port}` };
  };

  it('public port: 403 without the token through a TCP forwarder or with proxy headers; the token works', async () => {
    const { server, base } = await start({ METRICS_TOKEN: token, METRICS_PORT: '0' });
    const forwarder = await tcpForwarder(server.config.port);
    try {
      for (const url of [`${base}/metrics`, `${forwarder.url}/metrics`]) {
        // The socket is loopback in both cases: it decides nothing.
        const plain = await fetch(url);
        expect(plain.status, url).toBe(403);
        expect(await plain.text()).not.toContain('gebere_');
        const proxied: Array<Record<string, string>> = [
          { 'x-real-ip': '127.0.0.1' },
          { 'x-forwarded-for': '127.0.0.1' },
          { forwarded: 'for=127.0.0.1' },
        ];
        for (const headers of proxied)
          expect((await fetch(url, { headers })).status, JSON.stringify(headers)).toBe(403);
        const wrong = await fetch(url, { headers: { authorization: 'Bearer not-the-token-at-all' } });
        expect(wrong.status).toBe(401);
        const right = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
        expect(right.status).toBe(200);
        expect(await right.text()).toContain('gebere_hand_backs_total');
      }
    } finally {
      await forwarder.close();
    }
  });

  it('the loopback metrics port answers without a token, and nothing else', async () => {
    const { server, base } = await start({ METRICS_PORT: '0' });
    const url = server.metricsUrl as string;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(await res.text()).toContain('gebere_http_request_duration_seconds');
    expect((await fetch(url.replace('/metrics', '/healthz'))).status).toBe(404);
    // Without METRICS_TOKEN the public port never serves them, and says where they are.
    const pub = await fetch(`${base}/metrics`);
    expect(pub.status).toBe(403);
    expect(((await pub.json()) as { detail: string }).detail).toContain(url);
  });

  it('METRICS_PORT=off serves no metrics port; a port already taken leaves the server running', async () => {
    const off = await start({ METRICS_PORT: 'off' });
    expect(off.server.metricsUrl).toBeUndefined();
    const taken = await freePort();
    const squatter = createNetServer();
    await new Promise<void>((resolve) => squatter.listen(taken, '127.0.0.1', resolve));
    try {
      const { server, base } = await start({ METRICS_PORT: String(taken) });
      expect(server.metricsUrl).toBeUndefined();
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  });

  it('refuses METRICS_PORT equal to PORT, or not a port', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gebere-metrics-'));
    expect(() => loadConfig({ DATA_DIR: dir, PORT: '8080', METRICS_PORT: '8080' })).toThrow(
      /must not be PORT/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, METRICS_PORT: 'nine' })).toThrow(/METRICS_PORT must be/);
    expect(loadConfig({ DATA_DIR: dir }).metrics.port).toBe(9464);
  });
});
