import { timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import fp from 'fastify-plugin';
import type { Logger } from '../../../log';
import type { Metrics } from '../../../metrics';

export const METRICS_PATH = '/metrics';
/** The metrics port listens on loopback only: what reaches it is this machine's choice. */
export const METRICS_HOST = '127.0.0.1';

export interface MetricsOptions {
  metrics: Metrics;
  /** METRICS_TOKEN: `Authorization: Bearer <token>` reads /metrics on the public port. */
  token?: string | undefined;
  /** Where the loopback metrics port listens, named in the public port's refusal (METRICS_PORT). */
  loopbackUrl?: () => string | undefined;
}

const sameSecret = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Times every request by its route pattern (Fastify's `routeOptions.url`: `/backend/api/farmer-
 * profiles/:id/`, never the URL with its ids or phone numbers; `unmatched` for a 404 with no
 * route) and serves GET /metrics in Prometheus' text format on the public port to the bearer
 * of METRICS_TOKEN only. Neither the socket's address nor a header decides: a TCP forwarder or
 * a tunnel on this host makes every caller look local, and a proxy may or may not add
 * X-Forwarded-For or X-Real-IP. Without the token, metrics are read on the loopback port
 * ({@link listenMetrics}).
 */
export const metricsPlugin = fp<MetricsOptions>(
  async (app, { metrics, token, loopbackUrl }) => {
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      metrics.observeHttp(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    });

    app.get(METRICS_PATH, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const auth = request.headers.authorization;
      if (token && typeof auth === 'string' && auth.startsWith('Bearer ')) {
        if (!sameSecret(auth.slice('Bearer '.length).trim(), token))
          return reply.code(401).header('www-authenticate', 'Bearer').send({ detail: 'Invalid token.' });
        return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
      }
      const loopback = loopbackUrl?.();
      const local = loopback ? ` (from this machine: ${loopback})` : '';
      return reply.code(403).send({
        detail: token
          ? `Metrics need Authorization: Bearer <METRICS_TOKEN>${local}.`
          : `Metrics are not served on this port${local}; set METRICS_TOKEN to read them here with Authorization: Bearer <token>.`,
      });
    });
  },
  { name: 'gebere-metrics' },
);

/**
 * GET /metrics on its own port bound to 127.0.0.1: only this machine reaches it, so it needs no
 * token. A port already taken (another copy on this machine) leaves the server running without
 * it, said once in the log: metrics are not worth refusing to serve the mini-apps.
 */
export async function listenMetrics(
  metrics: Metrics,
  port: number,
  logger: Logger,
): Promise<{ url: string; close: () => Promise<void> } | undefined> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== METRICS_PATH) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"detail":"Not found."}');
      return;
    }
    metrics.registry.metrics().then(
      (text) => {
        response.writeHead(200, {
          'content-type': metrics.registry.contentType,
          'cache-control': 'no-store',
        });
        response.end(text);
      },
      (err: unknown) => {
        logger.error({ err }, 'metrics could not be collected');
        response
          .writeHead(500, { 'content-type': 'application/json' })
          .end('{"detail":"Internal server error."}');
      },
    );
  });
  server.keepAliveTimeout = 5_000;
  const listening = await new Promise<boolean>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE' || err.code === 'EACCES') {
        logger.warn(
          { port, code: err.code },
          'METRICS_PORT is not available (another copy on this machine?): serving without the loopback metrics port; give each copy its own METRICS_PORT, or METRICS_PORT=off',
        );
        resolve(false);
      } else reject(err);
    });
    server.listen(port, METRICS_HOST, () => resolve(true));
  });
  if (!listening) return undefined;
  const address = server.address() as AddressInfo;
  return {
    url: `http://${METRICS_HOST}:${address.port}${METRICS_PATH}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
