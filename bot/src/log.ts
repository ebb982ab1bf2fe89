import { PHONE_IN_TEXT } from '@gebere/phone';
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

/** Phone numbers (any form @gebere/phone knows) replaced by `<phone …NN>`: only the last two digits are kept. */
export function maskPhones(text: string): string {
  return text.replace(PHONE_IN_TEXT, (m) => `<phone …${m.slice(-2)}>`);
}

/** Error messages from HTTP clients sometimes quote the URL; mask it there too. */
export function maskText(text: string): string {
  return maskPhones(maskUrl(text).replace(/\b\d{6,}:[\w-]{20,}\b/g, '<redacted-token>'));
}

const NINE_DIGITS = /\d{9}/;
const JSON_STRING = /"(?:[^"\\]|\\.)*"/g;

/**
 * One serialized log line with every phone number inside its JSON strings masked: messages,
 * URLs with `?phone_number=…`, error texts, bodies, bindings, whatever field they are in.
 * Numbers outside strings (Telegram ids, counts, durations) are left alone: the product never
 * carries a phone as a JSON number.
 */
export function maskLogLine(line: string): string {
  if (!NINE_DIGITS.test(line)) return line;
  return line.replace(JSON_STRING, maskPhones);
}

/** A pino destination that masks phone numbers in every line before writing it. */
export function phoneMaskingStream(inner: { write(line: string): unknown }): { write(line: string): void } {
  return {
    write(line: string) {
      inner.write(maskLogLine(line));
    },
  };
}

export function createLogger(options: {
  level: LogLevel;
  name?: string;
  /** Where lines go (stdout by default); tests capture them. */
  destination?: { write(line: string): unknown };
}): Logger {
  const destination = phoneMaskingStream(options.destination ?? pino.destination({ dest: 1, sync: true }));
  return pino(
    {
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
    },
    destination,
  );
}
