import type { ReportUser, ReportUserPayload } from '@gebere/contract';
import { type ApiResult, api } from '../../lib/api/lazy-client';
import type { KeyedSend } from '../../lib/forms/save';

/** The acting Telegram user's report user profile (to prefill the update form); null when none. */
export async function findReportUser(createdBy: number): Promise<ApiResult<ReportUser | null>> {
  const r = await api.call('findReportUsers', { query: { created_by: createdBy, paginate: 'false' } });
  if (!r.ok) return r;
  const list = Array.isArray(r.data) ? r.data : r.data.results;
  return { ...r, data: list[0] ?? null };
}

/**
 * Spec §7: POST /api/report-users/, or PUT /api/report-users/{id}/ for an existing profile,
 * sent keyed by the save protocol (lib/forms).
 */
export function saveReportUser(send: KeyedSend, body: ReportUserPayload, existingId: number | undefined) {
  return existingId === undefined
    ? send('createReportUser', { body })
    : send('updateReportUser', { params: { id: existingId }, body });
}
