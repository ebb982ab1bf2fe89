import type { FarmerPayload } from '@gebere/contract';
import { api } from '../../lib/api';
import { withRetries } from '../../lib/idempotent-call';

/**
 * Spec §7: POST /api/farmer-profiles/ with one of the three payload variants of §3; 201 expected.
 * Keyed (the key lives in the session draft), so transport failures are retried safely.
 */
export function createFarmer(body: FarmerPayload, idempotencyKey: string) {
  return withRetries(() => api.call('createFarmer', { body, idempotencyKey }));
}
