import type { CallInput, CallOutput } from '@gebere/api-client';
import type { RouteName } from '@gebere/contract';
import { withRetries } from '../api/idempotent-call';
import { type ApiResult, api } from '../api/lazy-client';
import { loadOutbox } from '../outbox/load';

/**
 * The one way a keyed write leaves the app: the contract route, its input and the submission's
 * `Idempotency-Key`, retried while no definite answer comes (idempotent-call.ts). What the
 * outbox keeps (route, input, key) is taken here, before the first send.
 */
export async function sendKeyed<N extends RouteName>(
  route: N,
  input: CallInput<N>,
  idempotencyKey: string,
  batch?: OutboxBatch,
): Promise<ApiResult<CallOutput<N>>> {
  // `given`: the input with the saved ids of the kept records it names (a group kept offline).
  const send = (given: Record<string, unknown> = input as Record<string, unknown>) =>
    withRetries(() => api.call(route, { ...(given as CallInput<N>), idempotencyKey }));
  // First into the outbox (lib/outbox): kept on the phone until the server answers it.
  const outbox = await loadOutbox().catch(() => null);
  if (!outbox) return send();
  const entry = {
    key: idempotencyKey,
    route,
    input: input as Record<string, unknown>,
    ...(batch ? { batch: batch.id, open: batch.open } : {}),
  };
  const { result, queued } = await outbox.sendThrough(entry, send);
  if (queued) kept.add(idempotencyKey);
  return result;
}

/** The outbox batch a save belongs to ("Register another": one batch, open until the DA is done). */
export interface OutboxBatch {
  id: string;
  open: boolean;
}

/** Keys of submissions the outbox kept when no answer came: saved later, by sync. */
const kept = new Set<string>();

/** Whether the outbox kept this submission (no answer, or waiting for another record); asked once. */
export const wasKept = (key: string): boolean => kept.delete(key);
