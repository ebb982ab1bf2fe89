import type { ApiResult } from '@gebere/api-client';
// The zod-free modules, not the client's index (contract + zod): the forms import this file
// statically, so it is part of their first load (package subpath exports).
import { type ApiError, isRetryable } from '@gebere/api-client/errors';
import { newIdempotencyKey } from '@gebere/api-client/idempotency-key';

/**
 * Creates sent with an `Idempotency-Key` (contract `idempotency.ts`) may be retried safely: a
 * retry after a lost answer replays the saved record instead of adding a second one.
 */

/** Where a form keeps its current key (a ref; the farmer form keeps it in its session draft). */
export interface KeySlot {
  get(): { key: string; values: string } | null;
  set(entry: { key: string; values: string } | null): void;
}

export function memorySlot(): KeySlot {
  let entry: { key: string; values: string } | null = null;
  return {
    get: () => entry,
    set: (e) => {
      entry = e;
    },
  };
}

/**
 * The key for submitting `values`: the one already made for the same values (a retry of the same
 * submission), else a new one. Call {@link forgetKey} after a successful save.
 */
export function keyFor(slot: KeySlot, values: unknown): string {
  const fingerprint = JSON.stringify(values);
  const current = slot.get();
  if (current && current.values === fingerprint) return current.key;
  const key = newIdempotencyKey();
  slot.set({ key, values: fingerprint });
  return key;
}

export function forgetKey(slot: KeySlot): void {
  slot.set(null);
}

/**
 * Keys for the calls of a record sent as many calls (reach's pairs: a call per batch, or per
 * pair), each its own: the same call again gets the same key.
 */
export function partKeys(): (call: unknown) => string {
  const keys = new Map<string, string>();
  return (call) => {
    const fingerprint = JSON.stringify(call);
    const key = keys.get(fingerprint) ?? newIdempotencyKey();
    keys.set(fingerprint, key);
    return key;
  };
}

/** Pauses between automatic retries (ms); tests set it to zeros. */
export const retryDelays: { ms: number[] } = { ms: [1_000, 3_000] };

/**
 * No answer, a timeout, a 5xx/429, or 409 (the first request with this key is still running): the
 * same keyed request again. Anything else (400, 403, 422) is the answer.
 */
function worthRetrying(error: ApiError): boolean {
  return isRetryable(error) || (error.kind === 'http' && error.status === 409);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs a keyed call, retrying transport failures a couple of times with backoff. */
export async function withRetries<T>(send: () => Promise<ApiResult<T>>): Promise<ApiResult<T>> {
  let result = await send();
  for (const delay of retryDelays.ms) {
    if (result.ok || !worthRetrying(result.error)) return result;
    if (delay > 0) await sleep(delay);
    result = await send();
  }
  return result;
}
