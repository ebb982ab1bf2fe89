import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyPluginAsync,
  LogController,
} from 'fastify';
import { HTTP_LIMIT_DEFAULTS, type HttpLimits } from '../config';
import type { Logger } from '../log';
import type { WebhookHandler } from '../telegram/runtime';
import { errors, type NotFoundPage } from './plugins/errors';
import { requestId, requestLog } from './plugins/request-log';
import { securityHeaders } from './plugins/security-headers';
import { type HealthOptions, healthPlugin } from './routes/health';
import { type MetricsOptions, metricsPlugin } from './routes/metrics';
import { type StaticOptions, staticPlugin } from './routes/static';
import { webhookPlugin } from './routes/telegram/webhook';
import { type TgOptions, tgPlugin } from './routes/tg';

/** A part mounted under its own prefix (the embedded backend, the emulator). */
export interface Mount {
  name: string;
  prefix: string;
  // biome-ignore lint/suspicious/noExplicitAny: each mounted plugin has its own options type.
  plugin: FastifyPluginAsync<any>;
  options?: Record<string, unknown>;
}

export interface HttpOptions {
  /** PUBLIC_URL: HSTS is sent only when it is https. */
  publicUrl: string;
  static: StaticOptions;
  tg: TgOptions;
  health: HealthOptions;
  /** GET /metrics and the request timings (Prometheus); off when not given. */
  metrics?: MetricsOptions | undefined;
  /** POST /telegram/webhook, in webhook mode. */
  webhook?: WebhookHandler | undefined;
  mounts?: Mount[];
}

/**
 * Every route of the companion server, as one plugin: cross-cutting plugins first (they apply to
 * all routes), then each route group in its own encapsulated context.
 */
export const gebereHttp: FastifyPluginAsync<HttpOptions> = async (app, options) => {
  // An unknown app path gets the mini-app's not-found screen (the static plugin fills this in).
  const notFoundPage: NotFoundPage = {};
  await app.register(requestLog);
  await app.register(errors, { notFoundPage });
  await app.register(securityHeaders, { https: options.publicUrl.startsWith('https://') });

  if (options.metrics) await app.register(metricsPlugin, options.metrics);
  await app.register(healthPlugin, options.health);
  await app.register(tgPlugin, options.tg);
  if (options.webhook) await app.register(webhookPlugin, { handler: options.webhook });
  for (const mount of options.mounts ?? []) {
    await app.register(mount.plugin, { ...mount.options, prefix: mount.prefix });
    app.log.debug({ part: mount.name, prefix: mount.prefix }, 'mounted');
  }
  await app.register(staticPlugin, { ...options.static, notFoundPage });
};

export interface AppOptions extends HttpOptions {
  logger: Logger;
  /** Behind a load balancer or tunnel: take the client address from X-Forwarded-For. */
  trustProxy?: boolean;
  /** Time and connection limits (config `http`); the defaults when not given. */
  limits?: Partial<HttpLimits>;
}

/** The Fastify instance the server listens with and tests `inject` into. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { logger, trustProxy, limits: given, ...http } = options;
  const limits = { ...HTTP_LIMIT_DEFAULTS, ...given };
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    // requestLog writes one masked line per request instead.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestId,
    trustProxy: trustProxy ?? false,
    // Closing for a restart: idle keep-alive sockets go at once, in-flight requests finish.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    // Slow or hostile clients: a socket that trickles its headers or body is cut off
    // once the request is late; idle and keep-alive sockets are closed; answers take their time.
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      // How often Node looks for late requests (its default, 30 s, would double their time).
      connectionsCheckingInterval: Math.max(100, Math.min(5_000, Math.floor(limits.headersTimeoutMs / 3))),
    },
  });
  // Beyond the cap Node drops new connections at once; the ones open keep working.
  app.server.maxConnections = limits.maxConnections;
  await app.register(gebereHttp, http);
  return app;
}
