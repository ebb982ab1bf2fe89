import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PAID_BROADCAST } from '@gebere/contract/rules';
import type { z } from 'zod';
import { envSchema, isLoopbackHost, type LogLevel } from './config-env';
import { loadOrCreateSecrets, type PersistedSecrets } from './config-secrets';

export { isLoopbackHost, type LogLevel } from './config-env';
export { type PersistedSecrets, SharedSecretsError, withSharedSecrets } from './config-secrets';

/**
 * The one module that reads process.env (docs/architecture.md "Configuration"). A fresh checkout runs with
 * no variable set: no BOT_TOKEN → the local Telegram emulator, no DATABASE_URL → PGlite under
 * DATA_DIR, no BACKEND_URL → the embedded backend, secrets generated once under DATA_DIR.
 */

/** A signed link's lifetime unless LINK_TTL says otherwise (docs/authorization.md "Links"). */
export const LINK_TTL_DEFAULT = 3 * 86_400;
/**
 * Days after its proof expired that a record captured offline may still be sent, unless
 * LATE_SYNC_DAYS says otherwise (docs/authorization.md "Late sync").
 */
export const LATE_SYNC_DAYS_DEFAULT = 7;

/** The emulator's bot token; it only ever talks to the emulator mounted on this same server. */
export const EMULATOR_TOKEN = '123456789:EMULATOR-gebere-local-token';
export const WEBHOOK_PATH = '/telegram/webhook';
export const EMULATOR_PATH = '/emulator';
export const BACKEND_PATH = '/backend';

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  logLevel: LogLevel;
  trustProxy: boolean;
  /** Time and connection limits of the HTTP server (against slow and many sockets). */
  http: HttpLimits;
  /**
   * Per Telegram user (or address) per minute, 0: no limit: backend writes (POST/PUT/PATCH/DELETE),
   * and backend read units (a read costs 1, a report more: backend/serving/request-limits.ts).
   */
  rateLimit: { writesPerMinute: number; readsPerMinute: number };
  dataDir: string;
  /** webapp/dist, or WEBAPP_DIST (the Docker image keeps it elsewhere). */
  webappDist: string;
  telegram: {
    token: string;
    /**
     * No BOT_TOKEN and no TELEGRAM_API_ROOT: the emulator runs here at {@link EMULATOR_PATH} and
     * the bot talks to it.
     */
    emulator: boolean;
    /**
     * No BOT_TOKEN: the emulator's public token is in use, with this copy's emulator or, when
     * TELEGRAM_API_ROOT is set, another copy's (`http://127.0.0.1:8080/emulator`).
     */
    emulatorToken: boolean;
    apiRoot: string;
    environment: 'prod' | 'test';
    mode: 'polling' | 'webhook';
    webhookSecret: string;
    webhookUrl: string;
    initDataMaxAgeSeconds: number;
  };
  backend: {
    /** Mount the embedded backend at {@link BACKEND_PATH} in this process. */
    embedded: boolean;
    /** The backend's absolute public URL. */
    publicUrl: string;
    /**
     * What the mini-app calls (injected into index.html): a same-origin path for the embedded
     * backend, so the app works under whatever host name it was opened with.
     */
    browserUrl: string;
    /** What the bot calls: loopback for the embedded backend, so a tunnel is not in the path. */
    internalUrl: string;
    serviceToken: string;
  };
  database: { url: string | undefined; demoData: boolean };
  links: { secret: string; ttlSeconds: number };
  /**
   * Late sync (contract late-sync.ts): `days` of grace after a proof's end for an outbox's creates;
   * `idempotencyHours`, how long idempotency keys are then kept so that a retry up to the grace's
   * end is still a replay: the longest proof (initData's max age, a link's TTL) plus the grace.
   */
  lateSync: { days: number; idempotencyHours: number };
  enable: { bot: boolean; notifications: boolean; backend: boolean };
  /**
   * Messages per second the notification engines of all copies share (Telegram: ~30), and the
   * same for paid broadcasts (`allow_paid_broadcast`, Telegram: up to 1000).
   */
  notifications: { ratePerSecond: number; paidRatePerSecond: number };
  /**
   * GET /metrics: on its own port bound to 127.0.0.1 (`port`; null: none), and on the public port
   * only with `Authorization: Bearer <token>` when METRICS_TOKEN is set. Decided by the
   * connection, never by headers a proxy may or may not add.
   */
  metrics: { token: string | undefined; port: number | null };
  /** Which secrets were generated and stored under DATA_DIR rather than given. */
  generatedSecrets: ReadonlyArray<keyof PersistedSecrets>;
  /** The generated secrets are the ones kept in the database for every copy ({@link withSharedSecrets}). */
  secretsShared?: boolean;
}

export interface HttpLimits {
  /** Whole request (headers and body) must arrive within this (Node's requestTimeout). */
  requestTimeoutMs: number;
  /** Headers must arrive within this (Node's headersTimeout; at most requestTimeoutMs). */
  headersTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** A socket with no traffic at all is closed after this (Fastify's connectionTimeout). */
  idleTimeoutMs: number;
  /** Connections open at once; more are dropped as they arrive (server.maxConnections). */
  maxConnections: number;
}

/**
 * Defaults for 2G/3G phones: a 10 KB body takes a few seconds on a slow link, so 30 s for a
 * whole request is generous, 15 s for headers (a few hundred bytes), keep-alive long enough to
 * reuse a connection between a screen's calls (an RTT of 0.5–2 s) but not to hold idle sockets,
 * and a cap well above the product's load (a few hundred DAs at once) that still keeps file
 * descriptors and memory bounded.
 */
export const HTTP_LIMIT_DEFAULTS: HttpLimits = {
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 15_000,
  keepAliveTimeoutMs: 10_000,
  idleTimeoutMs: 60_000,
  maxConnections: 4_000,
};
export const RATE_LIMIT_WRITES_DEFAULT = 60;
/**
 * Read units per user per minute: a warm-up of the offline cache (at most 300 reads, 2 at a time)
 * and the screens' own reads fit in it with room to spare; a heavy reader of year-long national
 * reports (113 units each) gets five a minute.
 */
export const RATE_LIMIT_READS_DEFAULT = 600;
/** The loopback port /metrics is served on without a token (9464: Prometheus exporters' range). */
export const METRICS_PORT_DEFAULT = 9464;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Readonly<Record<string, string | undefined>>;

function problemsOf(error: z.ZodError, env: Env): string[] {
  return error.issues.map((issue) => {
    const name = String(issue.path[0] ?? '');
    const raw = env[name];
    // Never echo a secret back, even a malformed one.
    const secret = /TOKEN|SECRET|DATABASE_URL/.test(name);
    const got = raw === undefined || secret ? '' : ` (got ${JSON.stringify(raw)})`;
    const message = issue.message.startsWith(name) ? issue.message : `${name}: ${issue.message}`;
    return `${message}${got}`;
  });
}

/**
 * Where the operator ran a command, and whether npm wrote its banner to stdout first: `npm run`
 * runs a script from the package's root, with the directory it was typed in as INIT_CWD, and
 * prints `> gebere …` on stdout unless told `--silent` (npm_config_loglevel=silent).
 */
export function invocationOf(
  env: Env = process.env,
  cwd = process.cwd(),
): { cwd: string; npmBanner: boolean } {
  return {
    cwd: env.INIT_CWD && isAbsolute(env.INIT_CWD) ? env.INIT_CWD : cwd,
    npmBanner: env.npm_lifecycle_event !== undefined && env.npm_config_loglevel !== 'silent',
  };
}

/**
 * Validates `env` and fills the embedded defaults; throws {@link ConfigError} listing every
 * problem. Generated secrets are read from (or written to) `DATA_DIR/secrets.json`.
 */
export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) throw new ConfigError(problemsOf(parsed.error, env));
  const e = parsed.data;
  const problems: string[] = [];

  const port = e.PORT ?? 8080;
  // No BOT_TOKEN: the emulator's public token, with an emulator mounted here, or (a further copy
  // beside a first one) the emulator at TELEGRAM_API_ROOT.
  const emulatorToken = e.BOT_TOKEN === undefined;
  const emulator = emulatorToken && e.TELEGRAM_API_ROOT === undefined;
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${port}`;
  const mode = e.BOT_MODE ?? 'polling';
  if (mode === 'webhook' && !emulatorToken && !publicUrl.startsWith('https://')) {
    problems.push(`BOT_MODE=webhook needs an https PUBLIC_URL that Telegram can reach (got "${publicUrl}")`);
  }
  if (emulatorToken && e.TELEGRAM_API_ROOT && !e.TELEGRAM_API_ROOT.endsWith(EMULATOR_PATH)) {
    problems.push(
      `TELEGRAM_API_ROOT is set but BOT_TOKEN is not: without BOT_TOKEN it may only name another copy's emulator (http://<host>:<port>${EMULATOR_PATH}); set BOT_TOKEN to use a real Bot API server`,
    );
  }
  const host = e.HOST ?? (emulatorToken ? '127.0.0.1' : '0.0.0.0');
  if (emulatorToken && !isLoopbackHost(host) && !e.EMULATOR_ALLOW_REMOTE) {
    problems.push(
      `HOST=${host} with no BOT_TOKEN: the local Telegram emulator would be reachable from the network, ` +
        'and anyone who opens its chat page can act as any user (its bot token is public). ' +
        'Set BOT_TOKEN, listen on 127.0.0.1, or set EMULATOR_ALLOW_REMOTE=true if this network is yours alone',
    );
  }
  const secs = (s: number | undefined, fallbackMs: number) => (s === undefined ? fallbackMs : s * 1000);
  const http: HttpLimits = {
    requestTimeoutMs: secs(e.HTTP_REQUEST_TIMEOUT, HTTP_LIMIT_DEFAULTS.requestTimeoutMs),
    headersTimeoutMs: secs(e.HTTP_HEADERS_TIMEOUT, HTTP_LIMIT_DEFAULTS.headersTimeoutMs),
    keepAliveTimeoutMs: secs(e.HTTP_KEEP_ALIVE_TIMEOUT, HTTP_LIMIT_DEFAULTS.keepAliveTimeoutMs),
    idleTimeoutMs: secs(e.HTTP_IDLE_TIMEOUT, HTTP_LIMIT_DEFAULTS.idleTimeoutMs),
    maxConnections: e.HTTP_MAX_CONNECTIONS ?? HTTP_LIMIT_DEFAULTS.maxConnections,
  };
  // Node's own rule: headers are part of the request, so their time cannot be longer.
  if (http.headersTimeoutMs > http.requestTimeoutMs) {
    problems.push(
      `HTTP_HEADERS_TIMEOUT (${http.headersTimeoutMs / 1000}s) must not be longer than HTTP_REQUEST_TIMEOUT (${http.requestTimeoutMs / 1000}s)`,
    );
  }
  if (e.METRICS_PORT != null && e.METRICS_PORT !== 0 && e.METRICS_PORT === port)
    problems.push(`METRICS_PORT (${port}) must not be PORT: metrics get a port of their own, or off`);
  if (problems.length) throw new ConfigError(problems);

  const dataDir = resolve(cwd, e.DATA_DIR ?? './data');
  const { secrets, generated } = loadOrCreateSecrets(dataDir, {
    linkSecret: e.LINK_SECRET,
    serviceToken: e.BACKEND_SERVICE_TOKEN,
    webhookSecret: e.WEBHOOK_SECRET,
  });
  const embedded = e.ENABLE_BACKEND ?? e.BACKEND_URL === undefined;
  const loopback = `http://127.0.0.1:${port}`;

  return {
    port,
    // The emulator's token is public knowledge, so a keyless local run listens on loopback only
    // (another interface needs EMULATOR_ALLOW_REMOTE=true, checked above).
    host,
    publicUrl,
    logLevel: e.LOG_LEVEL ?? 'info',
    trustProxy: e.TRUST_PROXY ?? false,
    http,
    rateLimit: {
      writesPerMinute: e.RATE_LIMIT_WRITES_PER_MINUTE ?? RATE_LIMIT_WRITES_DEFAULT,
      readsPerMinute: e.RATE_LIMIT_READS_PER_MINUTE ?? RATE_LIMIT_READS_DEFAULT,
    },
    dataDir,
    webappDist: e.WEBAPP_DIST
      ? isAbsolute(e.WEBAPP_DIST)
        ? e.WEBAPP_DIST
        : resolve(cwd, e.WEBAPP_DIST)
      : fileURLToDist(),
    telegram: {
      token: e.BOT_TOKEN ?? EMULATOR_TOKEN,
      emulator,
      emulatorToken,
      apiRoot: e.TELEGRAM_API_ROOT ?? (emulator ? `${loopback}${EMULATOR_PATH}` : 'https://api.telegram.org'),
      environment: e.TELEGRAM_ENV ?? 'prod',
      mode,
      webhookSecret: secrets.webhookSecret,
      // An emulator (ours or a first copy's on this machine) delivers to loopback.
      webhookUrl: `${emulatorToken ? loopback : publicUrl}${WEBHOOK_PATH}`,
      initDataMaxAgeSeconds: e.INIT_DATA_MAX_AGE ?? 86_400,
    },
    backend: {
      embedded,
      publicUrl: e.BACKEND_URL ?? `${publicUrl}${BACKEND_PATH}`,
      browserUrl: e.BACKEND_URL ?? BACKEND_PATH,
      internalUrl: e.BACKEND_URL ?? `${loopback}${BACKEND_PATH}`,
      serviceToken: secrets.serviceToken,
    },
    database: { url: e.DATABASE_URL, demoData: e.DEMO_DATA ?? e.DATABASE_URL === undefined },
    links: { secret: secrets.linkSecret, ttlSeconds: e.LINK_TTL ?? LINK_TTL_DEFAULT },
    lateSync: lateSyncOf(
      e.LATE_SYNC_DAYS ?? LATE_SYNC_DAYS_DEFAULT,
      Math.max(e.INIT_DATA_MAX_AGE ?? 86_400, e.LINK_TTL ?? LINK_TTL_DEFAULT),
    ),
    enable: {
      bot: e.ENABLE_BOT ?? true,
      notifications: e.ENABLE_NOTIFICATIONS ?? true,
      backend: embedded,
    },
    notifications: {
      ratePerSecond: e.NOTIFICATIONS_RATE ?? 30,
      paidRatePerSecond: e.NOTIFICATIONS_PAID_RATE ?? PAID_BROADCAST.maxPerSecond,
    },
    metrics: {
      token: e.METRICS_TOKEN,
      port: e.METRICS_PORT === undefined ? METRICS_PORT_DEFAULT : e.METRICS_PORT,
    },
    generatedSecrets: generated,
  };
}

function lateSyncOf(days: number, longestProofSeconds: number): Config['lateSync'] {
  // No grace: keys live as the contract says (IDEMPOTENCY_TTL_HOURS, the backend's floor).
  const idempotencyHours = days === 0 ? 0 : Math.ceil(longestProofSeconds / 3600) + days * 24;
  return { days, idempotencyHours };
}

/** webapp/dist relative to this module: works from bot/src (tsx) and from bot/dist (bundle). */
function fileURLToDist(): string {
  return fileURLToPath(new URL('../../webapp/dist', import.meta.url));
}

/** Safe to log: no secret, only whether each was given or generated. */
export function describeConfig(config: Config): Record<string, unknown> {
  return {
    port: config.port,
    host: config.host,
    http: config.http,
    writesPerMinute: config.rateLimit.writesPerMinute,
    readsPerMinute: config.rateLimit.readsPerMinute,
    publicUrl: config.publicUrl,
    telegram: config.telegram.emulator
      ? 'emulator'
      : config.telegram.emulatorToken
        ? `another copy's emulator (${config.telegram.apiRoot})`
        : config.telegram.apiRoot,
    telegramEnvironment: config.telegram.environment,
    botMode: config.telegram.mode,
    database: config.database.url ? 'postgresql' : `pglite (${config.dataDir})`,
    demoData: config.database.demoData,
    backend: config.backend.embedded ? `embedded (${config.backend.publicUrl})` : config.backend.publicUrl,
    enable: config.enable,
    metrics: {
      loopbackPort: config.metrics.port ?? 'off',
      publicPort: config.metrics.token ? 'bearer token' : 'off',
    },
    generatedSecrets: config.generatedSecrets,
    secretsShared: config.secretsShared ?? false,
  };
}
