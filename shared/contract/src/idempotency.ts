/**
 * Safe retries of writes (IETF draft-ietf-httpapi-idempotency-key-header). A client that may
 * retry a POST/PUT/PATCH — a 2G request that timed out after the server had already saved —
 * sends one `Idempotency-Key` per intended submission and the same key on every retry of it:
 *   - the first request runs and its success (2xx) is stored with the key, in the same transaction
 *     as the write, for {@link IDEMPOTENCY_TTL_HOURS} hours;
 *   - a retry with the same key and the same request (method, path, JSON body) gets the stored
 *     status and body again, with `Idempotent-Replayed: true`, and writes nothing;
 *   - the same key with a different request is 422;
 *   - a retry that arrives while the first is still running waits for it and then replays it;
 *   - an error (4xx/5xx) is not stored: the client may fix the body and retry with the same key.
 * Keys are scoped to the acting user (the proof's Telegram user, or the service).
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_REPLAYED_HEADER = 'Idempotent-Replayed';
export const IDEMPOTENCY_TTL_HOURS = 24;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 100;

/** 1–100 printable ASCII characters (a UUID fits). */
export function isValidIdempotencyKey(key: string): boolean {
  return key.length >= 1 && key.length <= IDEMPOTENCY_KEY_MAX_LENGTH && /^[\x20-\x7e]+$/.test(key);
}
