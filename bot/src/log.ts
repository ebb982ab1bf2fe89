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

/**
 * A phone number standing on its own in free text: not glued to letters, digits or the
 * punctuation ids are made of (`req-912345678`, `chat:912345678`, `k_…`, `lb.…`). A `%2B` (an
 * encoded `+`) before it still counts as a phone's own prefix.
 */
const PHONE_ON_ITS_OWN = new RegExp(
  `(?:(?<=%2[Bb])|(?<![\\p{L}\\p{N}_.:-]))${PHONE_IN_TEXT.source}(?![\\p{L}\\p{N}_-])`,
  'gu',
);
const mask = (m: string) => `<phone …${m.slice(-2)}>`;

/**
 * Phone numbers (any form @gebere/phone knows) standing on their own in `text` replaced by
 * `<phone …NN>`: only the last two digits are kept.
 */
export function maskPhones(text: string): string {
  return text.replace(PHONE_ON_ITS_OWN, mask);
}

/** Error messages from HTTP clients sometimes quote the URL; mask it there too. */
export function maskText(text: string): string {
  return maskPhones(maskUrl(text).replace(/\b\d{6,}:[\w-]{20,}\b/g, '<redacted-token>'));
}

const NINE_DIGITS = /\d{9}/;
/** A JSON string, and the colon after it when it is an object's key. */
const JSON_TOKEN = /"(?:[^"\\]|\\.)*"(\s*:)?/g;
/** Fields whose value is a phone number, whatever it looks like. */
const PHONE_FIELD = /phone/i;
/** Fields holding identifiers (request ids, Telegram ids, idempotency keys): never rewritten. */
const ID_FIELD = /(?:^|[_-])(?:ids?|keys?)$|[a-z](?:Ids?|ID|Keys?)$/;

/**
 * One serialized log line with the phone numbers in its JSON strings masked: every number in a
 * phone-named field (`phone`, `phone_number`, `telegram_phone_number`, …), and in the other
 * strings (messages, URLs with `?phone_number=…`, error texts, bodies) the numbers that stand on
 * their own. Id-named fields (`reqId`, `telegramId`, `idempotencyKey`, …) and numbers outside
 * strings (Telegram ids, counts, durations) are left alone: an id is never a phone number.
 */
export function maskLogLine(line: string): string {
  if (!NINE_DIGITS.test(line)) return line;
  let field = '';
  return line.replace(JSON_TOKEN, (token: string, colon: string | undefined) => {
    if (colon) {
      field = token.slice(1, token.lastIndexOf('"'));
      return token;
    }
    if (PHONE_FIELD.test(field)) return token.replace(PHONE_IN_TEXT, mask);
    if (ID_FIELD.test(field)) return token;
    return maskPhones(token);
  });
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
