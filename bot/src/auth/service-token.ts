import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Compares a presented service token with the configured one in constant time. Both are hashed
 * first so the comparison does not leak the token's length either. An empty configured token
 * never matches: a deployment without BACKEND_SERVICE_TOKEN has no service access at all.
 */
export function createServiceTokenCheck(configured: string | undefined): (presented: string) => boolean {
  if (!configured) return () => false;
  const expected = createHash('sha256').update(configured).digest();
  return (presented) => timingSafeEqual(createHash('sha256').update(presented).digest(), expected);
}
