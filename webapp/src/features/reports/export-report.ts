import type { ScreenParams } from '@gebere/contract/screens';
import { authorization } from '../../lib/launch/proof';
import { runtimeConfig } from '../../lib/launch/runtime-config';

/**
 * Asks the companion server to send this view's rows to the user's chat as a CSV document
 * (POST /tg/report-export, bot/src/server/routes/tg/report-export.ts): the server fetches the
 * report with the user's own proof, so the file holds what the screen may show and nothing more.
 * Answers the server's refusal (`detail`, in the user's language) or whether it went out.
 */
export async function exportReport(
  view: ScreenParams<'reports'>,
): Promise<{ ok: true } | { ok: false; detail?: string }> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  const auth = authorization();
  if (auth) headers.Authorization = auth;
  try {
    const response = await fetch(`${runtimeConfig().companionUrl.replace(/\/+$/, '')}/tg/report-export`, {
      method: 'POST',
      headers,
      body: JSON.stringify(view),
    });
    if (response.ok) return { ok: true };
    const body = (await response.json().catch(() => ({}))) as { detail?: unknown };
    // 403 outside their area, 429 too many files or reads just now: the server says which.
    return typeof body.detail === 'string' && (response.status === 403 || response.status === 429)
      ? { ok: false, detail: body.detail }
      : { ok: false };
  } catch {
    return { ok: false };
  }
}
