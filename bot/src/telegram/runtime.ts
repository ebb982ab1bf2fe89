import { autoRetry } from '@grammyjs/auto-retry';
import { type RunnerHandle, run, sequentialize } from '@grammyjs/runner';
import { apiThrottler } from '@grammyjs/transformer-throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Api, Bot, type Context, type Middleware, type Transformer, webhookCallback } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import { type Logger, maskText } from '../log';
import { actingForSender } from './acting-for';

export interface TelegramRuntimeOptions {
  token: string;
  apiRoot: string;
  environment: 'prod' | 'test';
  mode: 'polling' | 'webhook';
  webhookUrl: string;
  webhookSecret: string;
  /** Whether this copy receives updates; every copy can still send (hand-back, notifications). */
  receiveUpdates: boolean;
  logger: Logger;
  /** undici-backed fetch (see outbound.ts). */
  fetch: typeof fetch;
  middleware: Middleware<Context>;
  /** Per-chat and global send limits as Telegram's; tests against a lenient emulator turn it off. */
  throttle?: boolean;
}

export type WebhookHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export interface TelegramRuntime {
  bot: Bot;
  api: Api;
  /** POST /telegram/webhook; present in webhook mode when this copy receives updates. */
  webhookHandler: WebhookHandler | undefined;
  /** The bot's own user once known (after start), e.g. for the username in links. */
  botInfo(): UserFromGetMe | undefined;
  /** Readiness: getMe, cached for a while so probes do not hammer the Bot API. */
  checkApi(): Promise<void>;
  start(): Promise<void>;
  /** Stops receiving updates and waits for the ones in progress. */
  stop(): Promise<void>;
}

const ALLOWED_UPDATES = ['message', 'callback_query', 'inline_query', 'my_chat_member'] as const;
const GETME_TTL_MS = 30_000;
/** Longest wait for updates in progress at shutdown; main.ts gives the whole stop 8 s. */
const STOP_WAIT_MS = 6_000;

async function until(done: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}

/** Logs failed Bot API calls by method (never the payload: it can carry users' data). */
function logFailures(logger: Logger): Transformer {
  return async (prev, method, payload, signal) => {
    try {
      return await prev(method, payload, signal);
    } catch (err) {
      if (!signal?.aborted) logger.warn({ method, error: maskText(String(err)) }, 'Bot API call failed');
      throw err;
    }
  };
}

export function createTelegramRuntime(options: TelegramRuntimeOptions): TelegramRuntime {
  const { logger } = options;
  const bot = new Bot(options.token, {
    client: {
      apiRoot: options.apiRoot,
      environment: options.environment,
      fetch: options.fetch,
      // getUpdates waits 30 s; anything beyond a minute is a stuck connection.
      timeoutSeconds: 60,
    },
  });
  bot.api.config.use(logFailures(logger));
  if (options.throttle !== false) bot.api.config.use(apiThrottler());
  // Installed last, so it is outermost: a retried call queues through the throttler again.
  bot.api.config.use(autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 60 }));

  bot.catch((err) => {
    logger.error({ err: err.error, updateId: err.ctx.update.update_id }, 'bot middleware failed');
  });
  // One update at a time per chat: conversation state is read and written per chat.
  bot.use(sequentialize((ctx: Context) => ctx.chat?.id.toString() ?? ctx.from?.id.toString()));
  bot.use(actingForSender);
  bot.use(options.middleware);

  let runner: RunnerHandle | undefined;
  let stopped = false;
  let lastGetMe = 0;
  let webhookInFlight = 0;
  const handleWebhook = webhookCallback(bot, 'fastify', {
    secretToken: options.webhookSecret,
    // Past Telegram's patience, answer 200 and finish in the background rather than have
    // Telegram deliver the same update again.
    onTimeout: 'return',
    timeoutMilliseconds: 9_000,
  }) as WebhookHandler;
  const webhookHandler: WebhookHandler | undefined =
    options.mode === 'webhook' && options.receiveUpdates
      ? async (request, reply) => {
          // Stopping: Telegram keeps the update and delivers it again (to another copy, or to us
          // after the restart).
          if (stopped) return reply.code(503).header('retry-after', '5').send({ detail: 'Restarting.' });
          webhookInFlight++;
          try {
            return await handleWebhook(request, reply);
          } finally {
            webhookInFlight--;
          }
        }
      : undefined;

  return {
    bot,
    api: bot.api,
    webhookHandler,
    botInfo: () => (bot.isInited() ? bot.botInfo : undefined),
    async checkApi() {
      if (Date.now() - lastGetMe < GETME_TTL_MS) return;
      // grammY's types name its polyfill's AbortSignal; a native one works at run time.
      await bot.api.getMe(AbortSignal.timeout(3_000) as unknown as Parameters<Api['getMe']>[0]);
      lastGetMe = Date.now();
    },
    async start() {
      await bot.init();
      lastGetMe = Date.now();
      logger.info({ username: bot.botInfo.username, mode: options.mode }, 'bot ready');
      // A shutdown that came while getMe was on its way wins.
      if (!options.receiveUpdates || stopped) return;
      if (options.mode === 'webhook') {
        await bot.api.setWebhook(options.webhookUrl, {
          secret_token: options.webhookSecret,
          allowed_updates: ALLOWED_UPDATES,
        });
        logger.info({ url: options.webhookUrl }, 'webhook registered');
        return;
      }
      // A webhook left by an earlier deployment makes getUpdates fail with 409.
      await bot.api.deleteWebhook();
      if (stopped) return;
      runner = run(bot, {
        runner: {
          fetch: { timeout: 30, allowed_updates: ALLOWED_UPDATES },
          silent: true,
          retryInterval: 'exponential',
        },
      });
      logger.info('long polling started');
    },
    async stop() {
      stopped = true;
      const polling = runner;
      runner = undefined;
      // The runner's stop() ends fetching; updates already handed to middleware are counted by
      // size(). Wait for those and for webhook calls in progress, so their replies go out.
      if (polling) await polling.stop();
      await until(() => (polling?.size() ?? 0) === 0 && webhookInFlight === 0, STOP_WAIT_MS);
    },
  };
}
