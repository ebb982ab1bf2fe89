import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HttpLimits } from '../src/config';
import { testApp } from './test-kit';

/** A route that reads its whole body and may take its time to answer. */
const echo: FastifyPluginAsync = async (app) => {
  app.post<{ Body: unknown; Querystring: { wait?: string } }>('/echo', async (request) => {
    await new Promise((r) => setTimeout(r, Number(request.query.wait ?? 0)));
    return { got: request.body };
  });
};

let app: FastifyInstance | undefined;
afterEach(async () => {
  app?.server.closeAllConnections();
  await app?.close();
  app = undefined;
});

async function listen(limits: Partial<HttpLimits>): Promise<number> {
  ({ app } = await testApp({ limits, mounts: [{ name: 'echo', prefix: '/t', plugin: echo }] }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('not listening');
  return address.port;
}

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Resolves with what the server sent and how long after `since` the socket closed. */
function closed(socket: Socket, since: number): Promise<{ ms: number; data: string }> {
  let data = '';
  socket.on('data', (d) => {
    data += String(d);
  });
  socket.on('error', () => {});
  return new Promise((resolve) => socket.once('close', () => resolve({ ms: Date.now() - since, data })));
}

function get(port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ port, host: '127.0.0.1', path, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.once('error', reject);
    req.end();
  });
}

function post(port: number, path: string, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        port,
        host: '127.0.0.1',
        path,
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json' },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => {
          text += String(d);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.once('error', reject);
    req.end(body);
  });
}

const until = (check: () => Promise<boolean>) =>
  vi.waitFor(async () => expect(await check()).toBe(true), { timeout: 3_000, interval: 20 });

const connections = () =>
  new Promise<number>((resolve, reject) =>
    app?.server.getConnections((err, n) => (err ? reject(err) : resolve(n))),
  );

describe('HTTP server limits (a real listening server on loopback)', () => {
  it('cuts off a client that sends its headers and then trickles the body', async () => {
    const port = await listen({ requestTimeoutMs: 800, headersTimeoutMs: 400 });
    const socket = await open(port);
    const started = Date.now();
    const result = closed(socket, started);
    socket.write(
      'POST /t/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n"',
    );
    // One byte every 100 ms: the whole body would take 1,000 s.
    const trickle = setInterval(() => {
      if (!socket.destroyed) socket.write('x');
    }, 100);
    try {
      const { ms, data } = await result;
      expect(ms).toBeLessThan(3_000);
      expect(ms).toBeGreaterThanOrEqual(700);
      expect(data).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      clearInterval(trickle);
    }
  });

  it('cuts off a client that trickles its headers', async () => {
    const port = await listen({ requestTimeoutMs: 5_000, headersTimeoutMs: 500 });
    const socket = await open(port);
    const started = Date.now();
    const result = closed(socket, started);
    socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
    const trickle = setInterval(() => {
      if (!socket.destroyed) socket.write('X-Slow: y\r\n');
    }, 100);
    try {
      const { ms, data } = await result;
      expect(ms).toBeLessThan(2_500);
      expect(data).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      clearInterval(trickle);
    }
  });

  it('lets a request that arrived in time take longer than the request timeout to answer', async () => {
    const port = await listen({ requestTimeoutMs: 500, headersTimeoutMs: 300 });
    const answer = await post(port, '/t/echo?wait=1200', '{"a":1}');
    expect(answer).toEqual({ status: 200, body: '{"got":{"a":1}}' });
  });

  it('refuses connections beyond the cap, and serves normally once they are gone', async () => {
    const port = await listen({ maxConnections: 3, headersTimeoutMs: 10_000, requestTimeoutMs: 20_000 });
    const held = [await open(port), await open(port), await open(port)];
    await until(async () => (await connections()) === 3);

    // The fourth is accepted by the kernel and dropped by Node at once, with no answer.
    const extra = await open(port);
    const refused = closed(extra, Date.now());
    extra.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    const { ms, data } = await refused;
    expect(data).toBe('');
    expect(ms).toBeLessThan(1_000);
    await expect(get(port, '/healthz')).rejects.toThrow();

    // A connection under the cap still works.
    const first = held[0] as Socket;
    const answered = new Promise<string>((resolve) => first.once('data', (d) => resolve(String(d))));
    first.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(await answered).toMatch(/^HTTP\/1\.1 200/);

    for (const s of held) s.destroy();
    await until(async () => (await connections()) === 0);
    expect(await get(port, '/healthz')).toBe(200);
    expect(await post(port, '/t/echo', '[1,2]')).toEqual({ status: 200, body: '{"got":[1,2]}' });
  });
});
