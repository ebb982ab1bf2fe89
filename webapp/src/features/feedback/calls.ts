import type { Advisory } from '@gebere/contract';
import { daReads } from '../../lib/api/da-reads';
import { type ApiError, api } from '../../lib/api/lazy-client';

export type AdvisoryLoad =
  | { ok: true; advisory: Advisory }
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'error'; error: ApiError };

/**
 * Spec §7: GET /api/advisory/?id= — the advisory is `results[0]` and its questions are its
 * `feedback_questions`. A 404 and an empty page both mean the advisory does not exist.
 */
export async function loadAdvisory(id: number): Promise<AdvisoryLoad> {
  const result = await api.read(...daReads.advisory(id));
  if (!result.ok)
    return result.error.status === 404
      ? { ok: false, reason: 'not_found' }
      : { ok: false, reason: 'error', error: result.error };
  const advisory = result.data.results[0];
  return advisory ? { ok: true, advisory } : { ok: false, reason: 'not_found' };
}
