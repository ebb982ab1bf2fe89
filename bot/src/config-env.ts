import { z } from 'zod';

/**
 * What each environment variable may hold, and the message when it holds something else. Read
 * only by config.ts's loadConfig (the one reader of process.env), which turns it into a Config.
 */

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

/** A rate in messages per second, above 0 and at most Telegram's paid-broadcast ceiling. */
const messagesPerSecond = (name: string) =>
  optional(
    z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?$/, { message: `${name} must be a number of messages per second` })
      .transform(Number)
      .refine((n) => n > 0 && n <= 1000, { message: `${name} must be above 0 and at most 1000` }),
  );

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

export const envSchema = z.object({
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
  LATE_SYNC_DAYS: count('LATE_SYNC_DAYS', 0, 30),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS, { message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` })),
  DEMO_DATA: bool('DEMO_DATA'),
  ENABLE_BOT: bool('ENABLE_BOT'),
  ENABLE_NOTIFICATIONS: bool('ENABLE_NOTIFICATIONS'),
  NOTIFICATIONS_RATE: messagesPerSecond('NOTIFICATIONS_RATE'),
  NOTIFICATIONS_PAID_RATE: messagesPerSecond('NOTIFICATIONS_PAID_RATE'),
  ENABLE_BACKEND: bool('ENABLE_BACKEND'),
  TRUST_PROXY: bool('TRUST_PROXY'),
  EMULATOR_ALLOW_REMOTE: bool('EMULATOR_ALLOW_REMOTE'),
  HTTP_REQUEST_TIMEOUT: duration('HTTP_REQUEST_TIMEOUT'),
  HTTP_HEADERS_TIMEOUT: duration('HTTP_HEADERS_TIMEOUT'),
  HTTP_KEEP_ALIVE_TIMEOUT: duration('HTTP_KEEP_ALIVE_TIMEOUT'),
  HTTP_IDLE_TIMEOUT: duration('HTTP_IDLE_TIMEOUT'),
  HTTP_MAX_CONNECTIONS: count('HTTP_MAX_CONNECTIONS', 1, 1_000_000),
  RATE_LIMIT_WRITES_PER_MINUTE: count('RATE_LIMIT_WRITES_PER_MINUTE', 0, 1_000_000),
  RATE_LIMIT_READS_PER_MINUTE: count('RATE_LIMIT_READS_PER_MINUTE', 0, 1_000_000),
  WEBAPP_DIST: optional(z.string().trim().min(1)),
  METRICS_PORT: optional(
    z
      .string()
      .trim()
      .toLowerCase()
      .refine((v) => v === 'off' || (/^\d+$/.test(v) && Number(v) <= 65535), {
        message: 'METRICS_PORT must be a port number (0: any free port) or off',
      })
      .transform((v) => (v === 'off' ? null : Number(v))),
  ),
  METRICS_TOKEN: optional(
    z.string().trim().min(16, { message: 'METRICS_TOKEN must be at least 16 characters' }),
  ),
});
