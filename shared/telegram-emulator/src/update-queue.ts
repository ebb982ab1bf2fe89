import { type BotApiError, conflict, TG } from './errors.js';
import type { Update } from './types.js';

export type UpdateType = Exclude<keyof Update, 'update_id'>;

// Telegram leaves these out unless they are asked for by name.
const OPT_IN: ReadonlySet<string> = new Set(['chat_member', 'message_reaction', 'message_reaction_count']);

export interface GetUpdatesRequest {
  offset?: number;
  limit?: number;
  timeoutSeconds?: number;
  signal?: AbortSignal;
}

interface Waiter {
  limit: number;
  resolve: (updates: Update[]) => void;
  reject: (error: BotApiError) => void;
  timer: NodeJS.Timeout;
}

/**
 * The bot's pending updates. Like Telegram, an update stays until a getUpdates with a higher
 * offset confirms it (or a webhook accepts it), only one long poll may wait at a time, and
 * allowed_updates decides which kinds are recorded at all.
 */
export class UpdateQueue {
  private updates: Update[] = [];
  // Not 1: a bot that assumes update ids start small would pass here and fail on Telegram.
  private nextId = 730_000_001;
  private waiter: Waiter | undefined;
  private readonly listeners = new Set<() => void>();
  allowedUpdates: string[] = [];

  get pendingCount(): number {
    return this.updates.length;
  }

  allows(type: UpdateType): boolean {
    return this.allowedUpdates.length === 0 ? !OPT_IN.has(type) : this.allowedUpdates.includes(type);
  }

  push<T extends UpdateType>(type: T, payload: NonNullable<Update[T]>): Update | undefined {
    if (!this.allows(type)) return undefined;
    const update = { update_id: this.nextId++, [type]: payload } as Update;
    this.updates.push(update);
    this.wakeWaiter();
    for (const listener of this.listeners) listener();
    return update;
  }

  /** Called whenever an update arrives (the webhook deliverer uses it). */
  onPush(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  peek(): Update | undefined {
    return this.updates[0];
  }

  /** Removes a delivered update (webhook mode). */
  remove(updateId: number): void {
    this.updates = this.updates.filter((u) => u.update_id !== updateId);
  }

  drop(): void {
    this.updates = [];
  }

  snapshot(): Update[] {
    return [...this.updates];
  }

  async getUpdates({
    offset,
    limit = 100,
    timeoutSeconds = 0,
    signal,
  }: GetUpdatesRequest): Promise<Update[]> {
    // A newer poll ends the older one; that is what makes two bot instances visible.
    this.terminateWaiter(conflict(TG.pollingConflict));
    if (offset !== undefined && offset !== 0) {
      if (offset < 0) this.updates = this.updates.slice(offset);
      else this.updates = this.updates.filter((u) => u.update_id >= offset);
    }
    const size = limit >= 1 && limit <= 100 ? Math.trunc(limit) : 100;
    const ready = this.updates.slice(0, size);
    if (ready.length > 0 || timeoutSeconds <= 0 || signal?.aborted) return ready;
    return new Promise<Update[]>((resolve, reject) => {
      const waiter: Waiter = {
        limit: size,
        resolve,
        reject,
        timer: setTimeout(() => this.finish(waiter, []), timeoutSeconds * 1000),
      };
      this.waiter = waiter;
      signal?.addEventListener('abort', () => this.finish(waiter, []), { once: true });
    });
  }

  /** Ends a waiting long poll with a 409 (another poll or setWebhook took over). */
  terminateWaiter(error: BotApiError): void {
    const w = this.waiter;
    if (!w) return;
    this.waiter = undefined;
    clearTimeout(w.timer);
    w.reject(error);
  }

  /** Answers a waiting long poll with nothing, so a server can close. */
  close(): void {
    if (this.waiter) this.finish(this.waiter, []);
  }

  private wakeWaiter(): void {
    const w = this.waiter;
    if (w) this.finish(w, this.updates.slice(0, w.limit));
  }

  private finish(w: Waiter, updates: Update[]): void {
    if (this.waiter !== w) return;
    this.waiter = undefined;
    clearTimeout(w.timer);
    w.resolve(updates);
  }
}
