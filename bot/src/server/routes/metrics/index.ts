import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isLoopbackHost } from '../../../config';
import type { Metrics } from '../../../metrics';

export const METRICS_PATH = '/metrics';

export interface MetricsOptions {
  metrics: Metrics;
  /** METRICS_TOKEN: `Authorization: Bearer <token>` reads /metrics from anywhere. */
  token?: string | undefined;
}

const sameSecret = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Who may read /metrics: a caller with the METRICS_TOKEN bearer, or one on this machine that came
 * straight to the socket. A request relayed by a proxy or tunnel on this host (it carries
 * X-Forwarded-For or Forwarded) is not "local", whatever its socket says, so the public never
 * reads it through the tunnel.
 */
function allowed(request: FastifyRequest, token: string | undefined): 'ok' | 'no_token' | 'bad_token' {
  const auth = request.headers.authorization;
  if (token && typeof auth === 'string' && auth.startsWith('Bearer ')) {
    return sameSecret(auth.slice('Bearer '.length).trim(), token) ? 'ok' : 'bad_token';
  }
  const relayed = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  const socket = request.raw.socket.remoteAddress ?? '';
  return !relayed && isLoopbackHost(socket) ? 'ok' : 'no_token';
}

/**
 * Times every request by its route pattern (Fastify's `routeOptions.url`: `/backend/api/farmer-
 * profiles/:id/`, never the URL with its ids or phone numbers; `unmatched` for a 404 with no
 * route) and serves GET /metrics in Prometheus' text format.
 */
export const metricsPlugin = fp<MetricsOptions>(
  async (app, { metrics, token }) => {
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      metrics.observeHttp(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    });

    app.get(METRICS_PATH, async (request, reply) => {
      const verdict = allowed(request, token);
      if (verdict !== 'ok') {
        reply.header('cache-control', 'no-store');
        if (verdict === 'bad_token')
          return reply.code(401).header('www-authenticate', 'Bearer').send({ detail: 'Invalid token.' });
        return reply.code(403).send({
          detail: token
            ? 'Metrics need Authorization: Bearer <METRICS_TOKEN>.'
            : 'Metrics are readable from this machine only; set METRICS_TOKEN to read them from elsewhere.',
        });
      }
      reply.header('cache-control', 'no-store').type(metrics.registry.contentType);
      return metrics.registry.metrics();
    });
  },
  { name: 'gebere-metrics' },
);
