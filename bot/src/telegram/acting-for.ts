import { AsyncLocalStorage } from 'node:async_hooks';
import { ACTING_FOR_HEADER } from '@gebere/contract';
import type { Context, NextFunction } from 'grammy';

/** The Telegram user whose update the bot is handling, for every backend call made meanwhile. */
const current = new AsyncLocalStorage<number>();

/**
 * Middleware: the rest of the update's handling runs as its sender, so the backend's audit trail
 * says which Telegram user a service-token write was for (docs/authorization.md "Audit trail").
 */
export function actingForSender(ctx: Context, next: NextFunction): Promise<void> {
  const id = ctx.from?.id;
  return id === undefined ? next() : current.run(id, next);
}

/** `fetch` that names the current update's sender in {@link ACTING_FOR_HEADER}. */
export function fetchActingFor(fetchImpl: typeof fetch): typeof fetch {
  return (input, init) => {
    const id = current.getStore();
    if (id === undefined) return fetchImpl(input, init);
    const headers = new Headers(init?.headers);
    headers.set(ACTING_FOR_HEADER, String(id));
    return fetchImpl(input, { ...init, headers });
  };
}
