/** The part of Web Crypto used here (typed locally: the bot's Node config has no DOM lib). */
interface CryptoLike {
  randomUUID?: () => string;
  getRandomValues?: (array: Uint8Array) => unknown;
}

/**
 * A fresh `Idempotency-Key`: `crypto.randomUUID()` where there is one, else a version-4 UUID
 * built from `crypto.getRandomValues` (old Android WebViews, and pages not served over HTTPS,
 * have no `randomUUID`), else — no Web Crypto at all — from Math.random with the time mixed in,
 * which is still unique enough for one user's retries.
 */
export function newIdempotencyKey(
  crypto: CryptoLike | undefined = (globalThis as { crypto?: CryptoLike }).crypto,
): string {
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  if (typeof crypto?.getRandomValues === 'function') crypto.getRandomValues(bytes);
  else {
    const now = Date.now();
    for (let i = 0; i < 16; i++) bytes[i] = (Math.random() * 256) ^ (now / 2 ** ((i % 6) * 8));
  }
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
