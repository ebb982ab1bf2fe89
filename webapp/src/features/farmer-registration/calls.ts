import type { FarmerPayload } from '@gebere/contract';
import { api } from '../../lib/api';

/** Spec §7: POST /api/farmer-profiles/ with one of the three payload variants of §3; 201 expected. */
export function createFarmer(body: FarmerPayload) {
  return api.call('createFarmer', { body });
}
