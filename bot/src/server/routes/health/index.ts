import type { FastifyPluginAsync } from 'fastify';
import { VERSION } from '../../../version';

export interface ReadinessCheck {
  name: string;
  check: () => Promise<void>;
  /**
   * Reported, never failing readiness: a dependency this copy can serve without (Telegram's Bot
   * API: its outage must not take the mini-apps and the backend out of a load balancer).
   * Reported as `ok` or `unreachable`.
   */
  informational?: boolean;
}

export interface HealthOptions {
  checks: ReadinessCheck[];
  /** Per check; a hung dependency must not hang the probe. */
  timeoutMs?: number;
}

/** `promise`, or a rejection after `ms`: a hung dependency must not hang a probe (here, metrics). */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * /healthz: the process answers (liveness; restart it if not), with the release it runs, so an
 * upgrade can be checked from outside. /readyz: its dependencies answer
 * (readiness; send it traffic only if so) — each check runs in parallel, and a 503 names the
 * parts that are down without echoing their errors (they are logged). Informational checks
 * (Telegram) are reported beside them and never make it a 503.
 */
export const healthPlugin: FastifyPluginAsync<HealthOptions> = async (app, { checks, timeoutMs = 2_000 }) => {
  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok', version: VERSION };
  });

  app.get('/readyz', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const results = await Promise.all(
      checks.map(async ({ name, check, informational }) => {
        try {
          await withTimeout(check(), timeoutMs);
          return [name, 'ok'] as const;
        } catch (err) {
          request.log.warn({ check: name, err }, 'readiness check failed');
          return [name, informational ? 'unreachable' : 'down'] as const;
        }
      }),
    );
    const down = results.filter(([, state]) => state === 'down').map(([name]) => name);
    const body = { status: down.length ? 'unavailable' : 'ready', checks: Object.fromEntries(results) };
    if (!down.length) return body;
    return reply.code(503).send({ ...body, detail: `Not ready: ${down.join(', ')} down.` });
  });
};
