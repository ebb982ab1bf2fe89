import { type Clock, systemClock } from './clock.js';
import type { UserInput } from './types.js';

/** Looks like a real token (`<bot id>:<35 characters>`) so token parsers and log redactors treat it as one. */
export const DEFAULT_TOKEN = '123456789:EMULATOR-gebere-local-token';

export interface RateLimits {
  /** Telegram: about 30 messages per second across all chats. */
  globalPerSecond: number;
  globalBurst: number;
  /** Telegram: about one message per second in a chat, short bursts tolerated. */
  perChatPerSecond: number;
  perChatBurst: number;
  /**
   * With `allow_paid_broadcast`: up to this many a second across chats (Telegram: 1000), the
   * messages beyond the free rate billed (0.1 Star each; counted in `RateLimiter.billed`).
   */
  paidPerSecond: number;
}

export interface Limits {
  /** Characters after entity parsing (sendMessage, editMessageText). */
  messageLength: number;
  callbackDataBytes: number;
  sendDataBytes: number;
  /** How long an inline-button / menu launch's query_id accepts answerWebAppQuery. */
  webAppQueryTtlMs: number;
  /** How long a callback query accepts answerCallbackQuery. */
  callbackQueryTtlMs: number;
  /** Age after which a message can no longer be deleted for everyone. */
  deleteMessageMaxAgeMs: number;
  /** `false` switches throttling off (fast tests); sizes and expiries still apply. */
  rate: RateLimits | false;
}

export const DEFAULT_LIMITS: Limits = {
  messageLength: 4096,
  callbackDataBytes: 64,
  sendDataBytes: 4096,
  webAppQueryTtlMs: 15 * 60_000,
  callbackQueryTtlMs: 15 * 60_000,
  deleteMessageMaxAgeMs: 48 * 3_600_000,
  rate: { globalPerSecond: 30, globalBurst: 30, perChatPerSecond: 1, perChatBurst: 5, paidPerSecond: 1000 },
};

export interface WebhookOptions {
  /** First retry delay after a failed delivery; doubles up to retryMaxMs. */
  retryMinMs: number;
  retryMaxMs: number;
  /** Telegram gives a webhook about this long to answer. */
  timeoutMs: number;
}

export interface LoggerLike {
  warn(obj: object, msg?: string): void;
  debug(obj: object, msg?: string): void;
}

export interface EmulatorOptions {
  token?: string;
  botUsername?: string;
  botFirstName?: string;
  /** Partial limits merge over Telegram's; `false` is shorthand for `{ rate: false }`. */
  limits?: (Partial<Omit<Limits, 'rate'>> & { rate?: Partial<RateLimits> | false }) | false;
  clock?: Clock;
  /** Rewrites a button's web_app URL before launch (e.g. a production URL to a local server). */
  webAppUrlRewrite?: (url: string) => string;
  /** Telegram client version reported as tgWebAppVersion. */
  webAppVersion?: string;
  /** tgWebAppPlatform for launches; the emulator's page is a web client. */
  platform?: string;
  /**
   * A shared contact's phone_number: Telegram's Android client sends digits only ("251911…"),
   * which is what the emulator does by default so the bot's normalisation is exercised.
   */
  contactPhoneWithPlus?: boolean;
  webhook?: Partial<WebhookOptions>;
  /** Users created at start (e.g. demo accounts for the page). */
  users?: UserInput[];
  logger?: LoggerLike;
}

export interface ResolvedOptions {
  token: string;
  botId: number;
  botUsername: string;
  botFirstName: string;
  limits: Limits;
  clock: Clock;
  webAppUrlRewrite: (url: string) => string;
  webAppVersion: string;
  platform: string;
  contactPhoneWithPlus: boolean;
  webhook: WebhookOptions;
  logger: LoggerLike;
}

const silent: LoggerLike = { warn: () => {}, debug: () => {} };

export function resolveOptions(options: EmulatorOptions = {}): ResolvedOptions {
  const token = options.token ?? DEFAULT_TOKEN;
  const match = /^(\d+):[\w-]+$/.exec(token);
  if (!match?.[1]) throw new Error(`Emulator token must look like "<digits>:<letters>", got "${token}"`);
  const given = options.limits === false ? { rate: false as const } : (options.limits ?? {});
  const { rate, ...sizes } = given;
  const limits: Limits = {
    ...DEFAULT_LIMITS,
    ...sizes,
    rate: rate === false ? false : { ...(DEFAULT_LIMITS.rate as RateLimits), ...(rate ?? {}) },
  };
  return {
    token,
    botId: Number(match[1]),
    botUsername: options.botUsername ?? 'gebere_local_bot',
    botFirstName: options.botFirstName ?? 'Gebere',
    limits,
    clock: options.clock ?? systemClock,
    webAppUrlRewrite: options.webAppUrlRewrite ?? ((url) => url),
    // 9.0: DeviceStorage (the chat page keeps it), which the app mirrors its outbox in.
    webAppVersion: options.webAppVersion ?? '9.0',
    platform: options.platform ?? 'weba',
    contactPhoneWithPlus: options.contactPhoneWithPlus ?? false,
    webhook: { retryMinMs: 250, retryMaxMs: 10_000, timeoutMs: 10_000, ...(options.webhook ?? {}) },
    logger: options.logger ?? silent,
  };
}
