import { pino } from 'pino';
import type { LogLevel } from './config';

export type Logger = pino.Logger;

/**
 * Paths pino replaces with "[redacted]" wherever they appear in a log object: proof headers,
 * the webhook secret header, tokens and secrets by name, initData and signed links.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-telegram-bot-api-secret-token"]',
  'headers.authorization',
  'headers["x-telegram-bot-api-secret-token"]',
  'authorization',
  'token',
  'botToken',
  'secret',
  'linkSecret',
  'serviceToken',
  'webhookSecret',
  'secret_token',
  'initData',
  'link',
  '*.token',
  '*.botToken',
  '*.secret',
  '*.linkSecret',
  '*.serviceToken',
  '*.webhookSecret',
  '*.secret_token',
  '*.initData',
  '*.link',
  '*.authorization',
];

/**
 * URLs can carry secrets too: the Bot API path (`/bot<token>/method`, on the emulator mounted
 * here) and signed links (`sig=`). Logged URLs go through this first.
 */
export function maskUrl(url: string): string {
  return url.replace(/\/bot\d+:[^/?#]+/g, '/bot<redacted>').replace(/([?&]sig=)[^&#]*/g, '$1<redacted>');
}

/** Error messages from HTTP clients sometimes quote the URL; mask it there too. */
export function maskText(text: string): string {
  return maskUrl(text).replace(/\b\d{6,}:[\w-]{20,}\b/g, '<redacted-token>');
}

export function createLogger(options: { level: LogLevel; name?: string }): Logger {
  return pino({
    name: options.name ?? 'gebere',
    level: options.level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      err: (err: unknown) => {
        const out = pino.stdSerializers.err(err as Error);
        if (typeof out.message === 'string') out.message = maskText(out.message);
        if (typeof out.stack === 'string') out.stack = maskText(out.stack);
        return out;
      },
    },
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
  });
}
