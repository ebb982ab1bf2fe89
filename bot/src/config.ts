import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { loadOrCreateSecrets, type PersistedSecrets, shareSecrets } from './config-secrets';

/**
 * The one module that reads process.env (DESIGN.md "Configuration"). A fresh checkout runs with
 * no variable set: no BOT_TOKEN → the local Telegram emulator, no DATABASE_URL → PGlite under
 * DATA_DIR, no BACKEND_URL → the embedded backend, secrets generated once under DATA_DIR.
 */

/** The emulator's bot token; it only ever talks to the emulator mounted on this same server. */
/** A signed link's lifetime unless LINK_TTL says otherwise (docs/authorization.md "Links"). */
export const LINK_TTL_DEFAULT = 3 * 86_400;

export const EMULATOR_TOKEN = '123456789:EMULATOR-gebere-local-token';
export const WEBHOOK_PATH = '/telegram/webhook';
export const EMULATOR_PATH = '/emulator';
export const BACKEND_PATH = '/backend';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

const bool = (name: string) =>
  optional(
    z
      .string()
      .trim()
      .toLowerCase()
      .refine((v) => ['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'].includes(v), {
        message: `${name} must be true or false`,
      })
      .transform((v) => ['1', 'true', 'yes', 'on'].includes(v)),
  );

const httpUrl = (name: string) =>
  optional(
    z
      .string()
      .trim()
      .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), {
        message: `${name} must be an http(s) URL`,
      })
      .transform((v) => v.replace(/\/+$/, '')),
  );

/** Durations as seconds (`3600`) or with a unit (`90s`, `15m`, `24h`, `7d`). */
const duration = (name: string) =>
  optional(
    z
      .string()
      .trim()
      .regex(/^\d+\s*[smhd]?$/i, { message: `${name} must be seconds or a number with s, m, h or d` })
      .transform((v) => {
        const n = Number.parseInt(v, 10);
        const unit = v.slice(-1).toLowerCase();
        return n * ({ s: 1, m: 60, h: 3600, d: 86400 }[unit] ?? 1);
      })
      .refine((s) => s > 0, { message: `${name} must be longer than zero` }),
  );

/** A whole number within bounds (connection caps, per-minute limits). */
const count = (name: string, min: number, max: number) =>
  optional(
    z
      .string()
      .trim()
      .regex(/^\d+$/, { message: `${name} must be a whole number from ${min} to ${max}` })
      .transform(Number)
      .refine((n) => n >= min && n <= max, {
        message: `${name} must be a whole number from ${min} to ${max}`,
      }),
  );

/** Names and addresses that only this machine reaches. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return (
    h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || /^::ffff:127(\.\d{1,3}){3}$/.test(h)
  );
}

const envSchema = z.object({
  PORT: optional(
    z
      .string()
      .trim()
      .regex(/^\d+$/, { message: 'PORT must be a number between 1 and 65535' })
      .transform(Number)
      .refine((n) => n >= 1 && n <= 65535, { message: 'PORT must be a number between 1 and 65535' }),
  ),
  HOST: optional(z.string().trim().min(1)),
  PUBLIC_URL: httpUrl('PUBLIC_URL'),
  BOT_TOKEN: optional(
    z
      .string()
      .trim()
      .regex(/^\d+:[\w-]{20,}$/, { message: 'BOT_TOKEN must look like 123456789:AA… (from @BotFather)' }),
  ),
  TELEGRAM_API_ROOT: httpUrl('TELEGRAM_API_ROOT'),
  TELEGRAM_ENV: optional(z.enum(['prod', 'test'], { message: 'TELEGRAM_ENV must be prod or test' })),
  BOT_MODE: optional(z.enum(['polling', 'webhook'], { message: 'BOT_MODE must be polling or webhook' })),
  WEBHOOK_SECRET: optional(
    z.string().regex(/^[A-Za-z0-9_-]{1,256}$/, {
      message: 'WEBHOOK_SECRET must be 1–256 characters of A–Z, a–z, 0–9, _ and - (Telegram’s rule)',
    }),
  ),
  DATABASE_URL: optional(
    z.string().refine((v) => /^postgres(ql)?:\/\//.test(v), {
      message: 'DATABASE_URL must be a postgres:// or postgresql:// URL',
    }),
  ),
  DATA_DIR: optional(z.string().trim().min(1)),
  BACKEND_URL: httpUrl('BACKEND_URL'),
  BACKEND_SERVICE_TOKEN: optional(
    z.string().min(16, { message: 'BACKEND_SERVICE_TOKEN must be at least 16 characters' }),
  ),
  LINK_SECRET: optional(z.string().min(32, { message: 'LINK_SECRET must be at least 32 characters' })),
  LINK_TTL: duration('LINK_TTL'),
  INIT_DATA_MAX_AGE: duration('INIT_DATA_MAX_AGE'),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS, { message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` })),
  DEMO_DATA: bool('DEMO_DATA'),
  ENABLE_BOT: bool('ENABLE_BOT'),
  ENABLE_NOTIFICATIONS: bool('ENABLE_NOTIFICATIONS'),
  NOTIFICATIONS_RATE: optional(
    z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?$/, { message: 'NOTIFICATIONS_RATE must be a number of messages per second' })
      .transform(Number)
      .refine((n) => n > 0 && n <= 1000, { message: 'NOTIFICATIONS_RATE must be above 0 and at most 1000' }),
  ),
  ENABLE_BACKEND: bool('ENABLE_BACKEND'),
  TRUST_PROXY: bool('TRUST_PROXY'),
  EMULATOR_ALLOW_REMOTE: bool('EMULATOR_ALLOW_REMOTE'),
  HTTP_REQUEST_TIMEOUT: duration('HTTP_REQUEST_TIMEOUT'),
  HTTP_HEADERS_TIMEOUT: duration('HTTP_HEADERS_TIMEOUT'),
  HTTP_KEEP_ALIVE_TIMEOUT: duration('HTTP_KEEP_ALIVE_TIMEOUT'),
  HTTP_IDLE_TIMEOUT: duration('HTTP_IDLE_TIMEOUT'),
  HTTP_MAX_CONNECTIONS: count('HTTP_MAX_CONNECTIONS', 1, 1_000_000),
  RATE_LIMIT_WRITES_PER_MINUTE: count('RATE_LIMIT_WRITES_PER_MINUTE', 0, 1_000_000),
  WEBAPP_DIST: optional(z.string().trim().min(1)),
  METRICS_TOKEN: optional(
    z.string().trim().min(16, { message: 'METRICS_TOKEN must be at least 16 characters' }),
  ),
});

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  logLevel: LogLevel;
  trustProxy: boolean;
  /** Time and connection limits of the HTTP server (issue 15: slow and many sockets). */
  http: HttpLimits;
  /** Backend writes (POST/PUT/PATCH) per Telegram user (or address) per minute; 0: no limit. */
  rateLimit: { writesPerMinute: number };
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
  enable: { bot: boolean; notifications: boolean; backend: boolean };
  /** Messages per second the notification engines of all copies share (Telegram: ~30). */
  notifications: { ratePerSecond: number };
  /**
   * GET /metrics: readable from this machine without a token (a request straight to the socket
   * from loopback), from anywhere with `Authorization: Bearer <token>` when METRICS_TOKEN is set.
   */
  metrics: { token: string | undefined };
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
    rateLimit: { writesPerMinute: e.RATE_LIMIT_WRITES_PER_MINUTE ?? RATE_LIMIT_WRITES_DEFAULT },
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
    enable: {
      bot: e.ENABLE_BOT ?? true,
      notifications: e.ENABLE_NOTIFICATIONS ?? true,
      backend: embedded,
    },
    notifications: { ratePerSecond: e.NOTIFICATIONS_RATE ?? 30 },
    metrics: { token: e.METRICS_TOKEN },
    generatedSecrets: generated,
  };
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
    metrics: config.metrics.token ? 'loopback or bearer token' : 'loopback only',
    generatedSecrets: config.generatedSecrets,
    secretsShared: config.secretsShared ?? false,
  };
}

/**
 * With DATABASE_URL, the generated secrets (those not set in the environment) are the ones every
 * copy on that database shares (config-secrets.ts `shareSecrets`): the first copy's, kept in the
 * database. Throws a message saying what to do when the database cannot be reached for them.
 */
export async function withSharedSecrets(config: Config): Promise<Config> {
  if (!config.database.url || config.generatedSecrets.length === 0) return config;
  const { openPostgres } = await import('./backend/db/postgres');
  const db = openPostgres({ connectionString: config.database.url, max: 1, connectTimeoutMs: 10_000 });
  const mine: Partial<PersistedSecrets> = {};
  for (const key of config.generatedSecrets) mine[key] = secretOf(config, key);
  let shared: Partial<PersistedSecrets>;
  try {
    shared = await shareSecrets(db, mine);
  } catch (err) {
    throw new SharedSecretsError(err);
  } finally {
    await db.close().catch(() => {});
  }
  return {
    ...config,
    telegram: { ...config.telegram, webhookSecret: shared.webhookSecret ?? config.telegram.webhookSecret },
    backend: { ...config.backend, serviceToken: shared.serviceToken ?? config.backend.serviceToken },
    links: { ...config.links, secret: shared.linkSecret ?? config.links.secret },
    secretsShared: true,
  };
}

export class SharedSecretsError extends Error {
  constructor(cause: unknown) {
    super(
      'Could not read the shared secrets from DATABASE_URL ' +
        `(${cause instanceof Error ? cause.message : String(cause)}). Copies on one database share ` +
        'their generated LINK_SECRET, BACKEND_SERVICE_TOKEN and WEBHOOK_SECRET through it; make it ' +
        'reachable, or set all three in every copy’s environment.',
    );
    this.name = 'SharedSecretsError';
  }
}

function secretOf(config: Config, key: keyof PersistedSecrets): string {
  if (key === 'linkSecret') return config.links.secret;
  if (key === 'serviceToken') return config.backend.serviceToken;
  return config.telegram.webhookSecret;
}
