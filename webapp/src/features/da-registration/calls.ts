import type { DaPayload, DaProfile, DaRole, DaSaved, OutboundDa } from '@gebere/contract';
import { type ApiError, type ApiResult, api } from '../../lib/api/lazy-client';
import type { KeyedSend, Sent } from '../../lib/forms/save';

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

/**
 * Spec §7: GET /development-agents/?phone_number= (update_outbound): the DA profile with that
 * number, else the organisation's roster entry for it in the profile's shape; null when neither.
 */
export async function findOutboundDa(phone: string): Promise<ApiResult<OutboundDa | null>> {
  const r = await api.call('findDevelopmentAgents', { query: { phone_number: phone, paginate: 'false' } });
  return r.ok ? { ...r, data: list(r.data)[0] ?? null } : r;
}

/** `updated`: which call gave the answer (the update, or the registration), for the texts. */
export type SaveDaResult = Sent<{ da: DaSaved; updated: boolean }, { error: ApiError; updated: boolean }>;

/**
 * Registers or updates a DA. With an existing profile it PUTs (spec §7); in update_outbound
 * mode a 404 from that PUT means the profile is not here, so it registers instead (spec §4).
 * Both calls carry the submission's Idempotency-Key (a refused PUT stores nothing, so the POST
 * may use it), through the save protocol's keyed `send` (lib/forms).
 */
export async function saveDa(
  send: KeyedSend,
  payload: DaPayload,
  target: { existingId: number | undefined; outbound: boolean },
): Promise<SaveDaResult> {
  if (target.existingId !== undefined) {
    const r = await send('updateDa', { params: { id: target.existingId }, body: payload });
    if (r.ok) return { ok: true, data: { da: r.data, updated: true } };
    if (!(target.outbound && r.error.status === 404)) return { ok: false, error: r.error, updated: true };
  }
  const r = await send('createDa', { body: payload });
  return r.ok
    ? { ok: true, data: { da: r.data, updated: false } }
    : { ok: false, error: r.error, updated: false };
}

/**
 * Spec §4: after a DA registration the bot user becomes VERIFIED (PATCH {id, verification_status}).
 * The organisation decides who is a DA (docs/authorization.md, "Verification status"): a DA the
 * save answered as waiting for a decision is refused VERIFIED, and that refusal is the expected
 * answer, not a failure (the screen says who will decide instead).
 */
export async function verifyBotUser(botUserId: number, saved: DaSaved): Promise<ApiResult<unknown>> {
  const r = await api.call('patchBotUser', {
    params: { id: botUserId },
    body: { id: botUserId, verification_status: 'VERIFIED' },
  });
  if (!r.ok && r.error.status === 403 && saved.enrolment?.status === 'PENDING')
    return { ok: true, status: 200, data: null };
  return r;
}
