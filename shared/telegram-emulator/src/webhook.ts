import type { Clock } from './clock.js';
import type { LoggerLike, WebhookOptions } from './config.js';
import type { Update, WebhookInfo } from './types.js';
import type { UpdateQueue } from './update-queue.js';

export interface WebhookConfig {
  url: string;
  secretToken: string | undefined;
  maxConnections: number;
  ipAddress: string | undefined;
}

type Delivery = { ok: true; reply: Record<string, unknown> | undefined } | { ok: false; error: string };

/** Handles a method call that a webhook answered with (Telegram's "reply in the response"). */
export type WebhookReplyHandler = (method: string, params: Record<string, unknown>) => Promise<unknown>;

/**
 * Posts updates to the webhook one at a time, oldest first, and retries the head of the queue
 * with a growing delay until the bot answers 2xx; Telegram's getWebhookInfo error fields record
 * the last failure. One in flight at a time keeps the order Gebere's flows depend on.
 */
export class WebhookDeliverer {
  config: WebhookConfig | undefined;
  private lastErrorDate: number | undefined;
  private lastErrorMessage: string | undefined;
  private running = false;
  private generation = 0;
  private inFlight: AbortController | undefined;
  private sleeping: { timer: NodeJS.Timeout; resolve: () => void } | undefined;
  private closed = false;

  constructor(
    private readonly queue: UpdateQueue,
    private readonly options: WebhookOptions,
    private readonly clock: Clock,
    private readonly logger: LoggerLike,
    private readonly onReply: WebhookReplyHandler,
  ) {
    queue.onPush(() => this.kick());
  }

  set(config: WebhookConfig): void {
    this.config = config;
    this.restart();
  }

  delete(): void {
    this.config = undefined;
    this.lastErrorDate = undefined;
    this.lastErrorMessage = undefined;
    this.restart();
  }

  info(allowedUpdates: string[]): WebhookInfo {
    const c = this.config;
    return {
      url: c?.url ?? '',
      has_custom_certificate: false,
      pending_update_count: this.queue.pendingCount,
      ...(c?.ipAddress ? { ip_address: c.ipAddress } : {}),
      ...(this.lastErrorDate !== undefined
        ? { last_error_date: this.lastErrorDate, last_error_message: this.lastErrorMessage ?? '' }
        : {}),
      ...(c ? { max_connections: c.maxConnections } : {}),
      ...(c && allowedUpdates.length > 0
        ? { allowed_updates: allowedUpdates as WebhookInfo['allowed_updates'] }
        : {}),
    };
  }

  close(): void {
    this.closed = true;
    this.config = undefined;
    this.restart();
  }

  private restart(): void {
    this.generation++;
    this.inFlight?.abort();
    this.wake();
    this.kick();
  }

  private wake(): void {
    const s = this.sleeping;
    if (!s) return;
    this.sleeping = undefined;
    clearTimeout(s.timer);
    s.resolve();
  }

  private kick(): void {
    if (this.running || this.closed || !this.config) return;
    this.running = true;
    void this.loop().finally(() => {
      this.running = false;
      // An update may have arrived while the loop was finishing.
      if (this.config && this.queue.peek()) this.kick();
    });
  }

  private async loop(): Promise<void> {
    let delay = this.options.retryMinMs;
    for (;;) {
      const config = this.config;
      const update = this.queue.peek();
      if (!config || !update || this.closed) return;
      const generation = this.generation;
      const result = await this.deliver(config, update);
      if (generation !== this.generation) {
        delay = this.options.retryMinMs;
        continue;
      }
      if (result.ok) {
        this.queue.remove(update.update_id);
        delay = this.options.retryMinMs;
        if (result.reply) await this.replyFromWebhook(result.reply);
        continue;
      }
      this.lastErrorDate = Math.floor(this.clock.now() / 1000);
      this.lastErrorMessage = result.error;
      this.logger.warn({ url: config.url, error: result.error, retryInMs: delay }, 'webhook delivery failed');
      await new Promise<void>((resolve) => {
        this.sleeping = { timer: setTimeout(resolve, delay), resolve };
      });
      this.sleeping = undefined;
      delay = Math.min(delay * 2, this.options.retryMaxMs);
    }
  }

  private async deliver(config: WebhookConfig, update: Update): Promise<Delivery> {
    const controller = new AbortController();
    this.inFlight = controller;
    const timeout = setTimeout(() => controller.abort(new Error('timeout')), this.options.timeoutMs);
    try {
      const res = await fetch(config.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(config.secretToken ? { 'X-Telegram-Bot-Api-Secret-Token': config.secretToken } : {}),
        },
        body: JSON.stringify(update),
        signal: controller.signal,
      });
      const body = await res.text();
      if (res.status < 200 || res.status > 299) {
        return {
          ok: false,
          error: `Wrong response from the webhook: ${res.status} ${res.statusText}`.trim(),
        };
      }
      return { ok: true, reply: parseReply(res.headers.get('content-type'), body) };
    } catch (error) {
      return { ok: false, error: describeFailure(error, controller.signal) };
    } finally {
      clearTimeout(timeout);
      if (this.inFlight === controller) this.inFlight = undefined;
    }
  }

  private async replyFromWebhook(reply: Record<string, unknown>): Promise<void> {
    const { method, ...params } = reply;
    if (typeof method !== 'string') return;
    try {
      await this.onReply(method, params);
    } catch (error) {
      // Telegram drops a failed webhook reply silently; a log line is kinder for local work.
      this.logger.warn({ method, error: String(error) }, 'method in webhook reply failed');
    }
  }
}

function parseReply(contentType: string | null, body: string): Record<string, unknown> | undefined {
  if (!contentType?.includes('application/json') || body === '') return undefined;
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === 'object' && value !== null && 'method' in value
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function describeFailure(error: unknown, signal: AbortSignal): string {
  if (signal.aborted) return 'Read timeout expired';
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  switch (cause?.code) {
    case 'ECONNREFUSED':
      return 'Connection refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'Failed to resolve host: Name or service not known';
    case 'ECONNRESET':
      return 'Connection reset by peer';
    default:
      return `Connection failed: ${cause?.message ?? (error as Error).message}`;
  }
}
