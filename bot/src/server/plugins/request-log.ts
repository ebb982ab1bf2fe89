import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { maskUrl } from '../../log';

export const REQUEST_ID_HEADER = 'x-request-id';
const SAFE_ID = /^[\w.:-]{1,64}$/;

/**
 * Keeps a caller's request id (a load balancer's, a test's) when it looks harmless, so one id
 * follows a request across hops; otherwise a fresh UUID. Passed to Fastify as `genReqId`.
 */
export function requestId(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
}

/** Paths polled all day long (probes, the emulator's own Bot API) log at debug, not info. */
const QUIET = [/^\/healthz/, /^\/readyz/, /^\/metrics/, /^\/emulator\/bot/, /^\/assets\//];

/**
 * One log line per request, with the URL masked (Fastify's own request logging would write the
 * Bot API token and link signatures into the log), and the id echoed back to the caller.
 */
export const requestLog: FastifyPluginAsync = fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      reply.header(REQUEST_ID_HEADER, request.id);
    });
    app.addHook('onResponse', async (request, reply) => {
      const url = maskUrl(request.url);
      const quiet = reply.statusCode < 400 && QUIET.some((re) => re.test(url));
      const entry = {
        method: request.method,
        url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      };
      if (reply.statusCode >= 500) request.log.error(entry, 'request failed');
      else if (quiet) request.log.debug(entry, 'request');
      else request.log.info(entry, 'request');
    });
  },
  { name: 'gebere-request-log' },
);
