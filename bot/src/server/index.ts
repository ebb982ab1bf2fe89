import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { LANGUAGES, type RuntimeConfig } from '@gebere/contract';
import type { FastifyInstance } from 'fastify';
import { type Context, GrammyError, type Middleware } from 'grammy';
import type { Db } from '../backend/db/types';
import { limitStoreFor } from '../backend/serving/rate-limits';
import { BACKEND_PATH, type Config, EMULATOR_PATH, isLoopbackHost, withSharedSecrets } from '../config';
import type { Logger } from '../log';
import { createMetrics } from '../metrics';
import { databaseProbe, startNotifications } from '../notifications/start';
import { createAgent, createFetch } from '../outbound';
import { configureBotCommands, createBot, createHandBackOptions } from '../telegram/bot';
import { botDepsFromConfig } from '../telegram/deps';
import { createTelegramRuntime, type TelegramRuntime } from '../telegram/runtime';
import { buildApp, type Mount } from './app';
import { startEmbeddedBackend } from './embedded-backend';
import { startEmulator } from './emulator';
import { origin } from './plugins/security-headers';
import type { ReadinessCheck } from './routes/health';
import { listenMetrics } from './routes/metrics';
import { dbDeliveredKeys } from './routes/tg/delivered-keys';
import { createSenderReader } from './routes/tg/sender';

/**
 * How long after a stop begins in-flight HTTP requests (a slow 2G upload still arriving included)
 * may finish before their connections are dropped; main.ts gives the whole stop 8 s, the rest is
 * for closing the database.
 */
export const REQUEST_GRACE_MS = 7_000;

export interface ServerOverrides {
  /** The bot's middleware; the flows of bot/src/telegram by default. */
  middleware?: Middleware<Context>;
  /** Send limits as Telegram's (default); tests against a lenient emulator may turn them off. */
  throttle?: boolean;
  /** The per-user limits' clock (ms); tests move it to a window's edge. */
  clock?: () => number;
}

export interface RunningServer {
  app: FastifyInstance;
  config: Config;
  /** The embedded backend's database (undefined with ENABLE_BACKEND=false), for tests to check rows. */
  db: Db | undefined;
  telegram: TelegramRuntime;
  /** The emulator's handle (create users, read chats) when running without BOT_TOKEN. */
  emulator: Awaited<ReturnType<typeof startEmulator>> | undefined;
  /** Where a person opens the product: the emulator's chat page, or the mini-app. */
  openUrl: string;
  /** GET /metrics on the loopback metrics port (METRICS_PORT), when it listens. */
  metricsUrl: string | undefined;
  /** Resolves once the bot has started (getMe answered, polling or webhook set up) and the
   * notification engine with it. */
  botReady: Promise<void>;
  /**
   * Resolves (never rejects) with an error that retrying cannot fix, e.g. Telegram refusing
   * BOT_TOKEN; main.ts logs it once and exits. Pending forever otherwise.
   */
  fatal: Promise<Error>;
  stop(): Promise<void>;
}

/**
 * Composes the product from config: embedded backend (database, migrations, seed), emulator,
 * grammY runtime and the Fastify app, then listens and starts receiving updates. The bot starts
 * after listening because in emulator mode its Bot API is this very server.
 */
export async function startServer(
  given: Config,
  logger: Logger,
  overrides: ServerOverrides = {},
): Promise<RunningServer> {
  const started = Date.now();
  // On PostgreSQL, every copy signs and checks with the same generated secrets (the first's).
  const config = await withSharedSecrets(given);
  if (config.secretsShared)
    logger.info({ shared: config.generatedSecrets }, 'generated secrets shared through the database');
  // Where a start spends its time, in the 'listening' line (the cold-start budget).
  const phases: Record<string, number> = {};
  const phase = (name: string, since: number) => {
    phases[name] = Date.now() - since;
    return Date.now();
  };
  const metrics = createMetrics();
  const agent = createAgent();
  const outboundFetch = createFetch(agent);
  const botLogger = logger.child({ part: 'bot' });
  // Independent and both slow-ish on a restart (PGlite's wasm, the emulator's keys): overlap them.
  const [backend, emulator] = await Promise.all([
    config.enable.backend ? startEmbeddedBackend(config, logger) : undefined,
    config.telegram.emulator ? startEmulator(config, logger) : undefined,
  ]);
  let t = phase('backendAndEmulator', started);

  // The bot's flows: backend client, link signing and sessions in the database (opened lazily
  // when the backend is not embedded).
  const bot = botDepsFromConfig({ config, logger: botLogger, fetch: outboundFetch, db: backend?.db });
  const telegram = createTelegramRuntime({
    token: config.telegram.token,
    apiRoot: config.telegram.apiRoot,
    environment: config.telegram.environment,
    mode: config.telegram.mode,
    webhookUrl: config.telegram.webhookUrl,
    webhookSecret: config.telegram.webhookSecret,
    receiveUpdates: config.enable.bot,
    logger: botLogger,
    fetch: outboundFetch,
    middleware: overrides.middleware ?? createBot(bot.deps),
    throttle: overrides.throttle ?? true,
  });

  if (backend) metrics.setDatabase(databaseProbe(backend.db));
  // Every per-user limit of this copy, in one store: with DATABASE_URL the table all copies share.
  const dbKind = backend?.db.kind ?? (config.database.url ? 'postgres' : undefined);
  const openDb = backend ? async () => backend.db : bot.db;
  const limits = limitStoreFor(dbKind, openDb, {
    ...(overrides.clock ? { clock: overrides.clock } : {}),
    log: logger,
  });
  t = phase('bot', t);
  // Ready means the database answers; Telegram's reachability is reported, never failing it (an
  // outage of Telegram must not take the mini-apps and the backend out of the load balancer).
  const checks: ReadinessCheck[] = [
    { name: 'telegram', informational: true, check: () => telegram.checkApi() },
  ];
  if (backend) checks.unshift({ name: 'database', check: backend.check });
  const mounts: Mount[] = [];
  if (backend)
    mounts.push({
      name: 'backend',
      prefix: BACKEND_PATH,
      plugin: backend.mount.plugin,
      options: { ...backend.mount.options, limits },
    });
  if (emulator) mounts.push({ name: 'emulator', prefix: EMULATOR_PATH, plugin: emulator.plugin });

  // Same-origin parts are given as paths: the app works under any name the server is reached by.
  const runtimeConfig = (): RuntimeConfig => ({
    backendUrl: config.backend.browserUrl,
    companionUrl: '',
    botUsername: telegram.botInfo()?.username ?? emulator?.botUsername ?? '',
    languages: [...LANGUAGES],
    defaultLanguage: 'en',
  });
  const localOrigins = [`http://localhost:${config.port}`, `http://127.0.0.1:${config.port}`];
  // A further copy on a first copy's emulator: that copy's chat page frames our mini-app.
  const firstCopy = sharedEmulatorOrigins(config);

  let metricsPort: Awaited<ReturnType<typeof listenMetrics>>;
  const app = await buildApp({
    logger,
    trustProxy: config.trustProxy,
    limits: config.http,
    publicUrl: config.publicUrl,
    static: {
      distDir: config.webappDist,
      runtimeConfig,
      csp: {
        connectSrc: config.backend.browserUrl.startsWith('http') ? [origin(config.backend.browserUrl)] : [],
        // The emulator's page frames the app from this server, under either local name.
        frameAncestors: [origin(config.publicUrl), ...(emulator ? localOrigins : []), ...firstCopy],
      },
    },
    tg: {
      api: telegram.api,
      readSender: createSenderReader({
        botToken: config.telegram.token,
        linkSecret: config.links.secret,
        initDataMaxAgeSeconds: config.telegram.initDataMaxAgeSeconds,
      }),
      // Shared by every copy on the same database, so a repeated press is answered once.
      deliveredKeys: bot.db ? dbDeliveredKeys(bot.db) : undefined,
      limits,
      onOutcome: metrics.handBack,
      // The summary in the language chosen in the bot, with the DA's fresh menu.
      ...createHandBackOptions(bot.deps),
      // The report export asks the backend as the caller (their own proof): the backend's scope holds.
      reports: {
        fetchReport: async (authorization, query, language) => {
          const url = `${config.backend.internalUrl}/api/reports/?${new URLSearchParams(query)}`;
          const r = await outboundFetch(url, { headers: { authorization, 'accept-language': language } });
          return { status: r.status, body: await r.json().catch(() => ({})) };
        },
      },
    },
    metrics: { metrics, token: config.metrics.token, loopbackUrl: () => metricsPort?.url },
    health: { checks },
    webhook: telegram.webhookHandler,
    mounts,
  });

  t = phase('app', t);
  // The sockets with a request in progress (headers in, answer not yet sent), for the stop.
  const serving = new Set<Socket>();
  const sockets = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    serving.add(req.socket);
    res.once('close', () => serving.delete(req.socket));
  });
  await app.listen({ port: config.port, host: config.host });
  if (config.metrics.port !== null) metricsPort = await listenMetrics(metrics, config.metrics.port, logger);
  t = phase('listen', t);
  const botStart = startBotWithRetry(telegram, logger, config.telegram.environment);
  // After listening: without BOT_TOKEN the engine's Bot API is the emulator on this server.
  const startEngine = () =>
    startNotifications(config, logger, { db: backend?.db, fetch: outboundFetch, metrics });
  let stopped = false;
  // With its own database (external backend) the engine starts now, and failing to open that
  // database fails the start. Sharing the embedded one, it starts once the bot is ready: it sends
  // through the Bot API anyway, and its first planning queries would otherwise queue ahead of
  // /readyz and the first requests on PGlite's one connection (0.5–1 s of a busy restart).
  let notifications: ReturnType<typeof startEngine> | undefined = backend
    ? undefined
    : Promise.resolve(await startEngine());
  const engineReady = backend
    ? botStart.ready.then(() => {
        if (stopped) return;
        notifications = startEngine();
        return notifications.then(
          () => {},
          (err: unknown) => logger.error({ err }, 'notification engine could not start'),
        );
      })
    : Promise.resolve();
  // Contacts shared while the database was down are applied once it is back (by this copy).
  void botStart.ready.then(() => {
    if (stopped || !config.enable.bot) return;
    bot.pending.start({
      probe: bot.probe,
      replay: (update) => telegram.bot.handleUpdate(update),
      tell: (chatId, text) => telegram.api.sendMessage(chatId, text),
    });
  });
  // Commands (en, am) and the chat menu button; idempotent, so every start sets them.
  if (config.enable.bot && !overrides.middleware) {
    void botStart.ready.then(() =>
      configureBotCommands(telegram.api, { publicUrl: config.publicUrl, logger: botLogger }),
    );
  }
  phase('notifications', t);
  const openUrl = emulator
    ? `${config.publicUrl}${EMULATOR_PATH}/`
    : config.telegram.emulatorToken
      ? `${config.telegram.apiRoot}/`
      : `${config.publicUrl}/`;
  logger.info({ ms: Date.now() - started, phases, open: openUrl }, 'listening');

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      const deadline = Date.now() + REQUEST_GRACE_MS;
      stopped = true;
      botStart.cancel();
      // A replay of a kept contact in progress finishes; the rest wait in their file.
      await bot.pending.stop();
      // The message on its way finishes and unsent claimed rows go back to the queue, while the
      // Bot API (locally, the emulator) and the database are still there.
      const engine = await notifications?.catch(() => undefined);
      await engine?.stop();
      // Updates in progress finish first (their replies need the Bot API and, locally, the
      // emulator on this very server); then HTTP: in-flight requests finish, new ones get 503.
      await telegram.stop();
      await bot.close();
      if (emulator) {
        emulator.close();
        // Our own client sockets to the emulator hold server connections open: close them now.
        await agent.close();
      }
      // Requests in flight finish (their bodies are still read: 503 is only for new requests)
      // until the deadline, then their connections are dropped. A connection with no request in
      // progress (a load balancer's warm-up, a browser's spare, which Node counts as busy) goes
      // at once, so a stop with nothing in flight does not wait for the deadline.
      const drain = setTimeout(() => app.server.closeAllConnections(), Math.max(0, deadline - Date.now()));
      const closing = app.close();
      for (const socket of sockets) if (!serving.has(socket)) socket.destroy();
      await closing;
      clearTimeout(drain);
      await metricsPort?.close();
      await backend?.close();
      if (!emulator) await agent.close();
    })();
    return stopping;
  };
  // Ready for tests and the harness means the notification engine runs too.
  const botReady = botStart.ready.then(() => engineReady);
  return {
    app,
    config,
    db: backend?.db,
    telegram,
    emulator,
    openUrl,
    metricsUrl: metricsPort?.url,
    botReady,
    fatal: botStart.fatal,
    stop,
  };
}

/** The origins a first copy's emulator page is opened under (both local names of its port). */
function sharedEmulatorOrigins(config: Config): string[] {
  if (config.telegram.emulator || !config.telegram.emulatorToken) return [];
  const root = new URL(config.telegram.apiRoot);
  const port = root.port ? `:${root.port}` : '';
  return isLoopbackHost(root.hostname)
    ? [`${root.protocol}//localhost${port}`, `${root.protocol}//127.0.0.1${port}`]
    : [root.origin];
}

/** Telegram answered getMe with 401/404: the token is revoked, mistyped or from the other environment. */
export class BotTokenRefusedError extends Error {
  constructor(status: number, environment: 'prod' | 'test') {
    super(
      `Telegram refused BOT_TOKEN (${status} from getMe): the token was revoked, mistyped or belongs to ` +
        `another bot. Copy the current token from @BotFather (/mybots → API Token) into BOT_TOKEN` +
        (environment === 'test'
          ? '; with TELEGRAM_ENV=test it must come from the test environment’s BotFather.'
          : '; a token of Telegram’s test environment needs TELEGRAM_ENV=test.'),
    );
    this.name = 'BotTokenRefusedError';
  }
}

/**
 * The Bot API may be briefly unreachable at boot (network, Telegram); the HTTP side stays up
 * (and /readyz reports Telegram unreachable) while the bot keeps trying. A token Telegram refuses
 * is not retried: `fatal` resolves with {@link BotTokenRefusedError} instead.
 */
function startBotWithRetry(telegram: TelegramRuntime, logger: Logger, environment: 'prod' | 'test') {
  let cancelled = false;
  let timer: NodeJS.Timeout | undefined;
  let resolve: () => void = () => {};
  let fail: (err: Error) => void = () => {};
  const ready = new Promise<void>((r) => {
    resolve = r;
  });
  const fatal = new Promise<Error>((r) => {
    fail = r;
  });
  const attempt = (delayMs: number) => {
    telegram.start().then(resolve, (err: unknown) => {
      if (cancelled) return;
      if (err instanceof GrammyError && err.method === 'getMe' && [401, 404].includes(err.error_code)) {
        fail(new BotTokenRefusedError(err.error_code, environment));
        return;
      }
      logger.error({ err, retryInMs: delayMs }, 'bot could not start; retrying');
      timer = setTimeout(() => attempt(Math.min(delayMs * 2, 60_000)), delayMs);
    });
  };
  attempt(1_000);
  return {
    ready,
    fatal,
    cancel() {
      cancelled = true;
      clearTimeout(timer);
    },
  };
}
