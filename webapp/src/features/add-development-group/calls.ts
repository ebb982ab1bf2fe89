import type { DevelopmentGroupPayload } from '@gebere/contract';
import { api } from '../../lib/api';
import { withRetries } from '../../lib/idempotent-call';

/**
 * Spec §7: POST /api/development-groups/ (kebele, created_by, group_name, group_type). Keyed, so
 * transport failures are retried: a retry after a lost answer gets the same group back.
 */
export function createDevelopmentGroup(body: DevelopmentGroupPayload, idempotencyKey: string) {
  return withRetries(() => api.call('createDevelopmentGroup', { body, idempotencyKey }));
}
