import type { DaPayload, DaProfile, DaRole } from '@gebere/contract';
import { type ApiError, type ApiResult, api } from '../../lib/api';
import { withRetries } from '../../lib/idempotent-call';

const list = <T>(data: T[] | { results: T[] }): T[] => (Array.isArray(data) ? data : data.results);

/** Spec §7: GET /api/da-roles/ (options with id, name). */
export async function listRoles(): Promise<ApiResult<DaRole[]>> {
  const r = await api.call('listDaRoles', { query: { paginate: 'false' } });
  return r.ok ? { ...r, data: list(r.data) } : r;
}

/** Spec §7: GET /api/da-profiles/?phone_number= with the normalised number; null when none. */
export async function findDaByPhone(phone: string): Promise<ApiResult<DaProfile | null>> {
  const r = await api.call('findDaProfiles', { query: { phone_number: phone, paginate: 'false' } });
  return r.ok ? { ...r, data: list(r.data)[0] ?? null } : r;
}

export type SaveDaResult =
  | { ok: true; da: DaProfile; updated: boolean }
  | { ok: false; error: ApiError; updated: boolean };

/**
 * Registers or updates a DA. With an existing profile it PUTs (spec §7); in update_outbound
 * mode a 404 from that PUT means the profile is not here, so it registers instead (spec §4).
 * `updated` says which call gave the answer, for the toast and the hand-back. Both calls carry
 * the submission's Idempotency-Key (a refused PUT stores nothing, so the POST may use it) and
 * retry transport failures safely.
 */
export async function saveDa(
  payload: DaPayload,
  target: { existingId: number | undefined; outbound: boolean },
  idempotencyKey: string,
): Promise<SaveDaResult> {
  if (target.existingId !== undefined) {
    const id = target.existingId;
    const r = await withRetries(() =>
      api.call('updateDa', { params: { id }, body: payload, idempotencyKey }),
    );
    if (r.ok) return { ok: true, da: r.data, updated: true };
    if (!(target.outbound && r.error.status === 404)) return { ok: false, error: r.error, updated: true };
  }
  const r = await withRetries(() => api.call('createDa', { body: payload, idempotencyKey }));
  return r.ok ? { ok: true, da: r.data, updated: false } : { ok: false, error: r.error, updated: false };
}

/** Spec §4: after a DA registration the bot user becomes VERIFIED (PATCH {id, verification_status}). */
export function verifyBotUser(botUserId: number) {
  return api.call('patchBotUser', {
    params: { id: botUserId },
    body: { id: botUserId, verification_status: 'VERIFIED' },
  });
}
