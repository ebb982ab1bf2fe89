import type { DevelopmentGroupPayload } from '@gebere/contract';
import { api } from '../../lib/api';

/** Spec §7: POST /api/development-groups/ (kebele, created_by, group_name, group_type). */
export function createDevelopmentGroup(body: DevelopmentGroupPayload) {
  return api.call('createDevelopmentGroup', { body });
}
