import type { ApiError } from '@gebere/api-client';
import { t } from '../i18n/texts';

/**
 * A failed call in the user's language (spec §8's generic transport texts, then by status); a
 * 5xx reads as §8 writes it: 'Request failed with status code N'.
 */
export function describeApiError(error: ApiError): string {
  switch (error.kind) {
    case 'network':
      return t('errors.network_error');
    case 'timeout':
      return t('errors.timeout');
    case 'aborted':
      return t('errors.request_aborted');
    case 'invalid_response':
      return t('errors.unknown');
  }
  const status = error.status ?? 0;
  if (status === 401) return t('errors.unauthorized');
  const why = refusal(error);
  if (why) return why;
  if (status === 403) return t('errors.forbidden');
  if (status === 404) return t('errors.not_found');
  return t('errors.request_failed', { status: String(status) });
}

/**
 * Why the server refused a proven caller (403: docs/authorization.md) or held them back (429):
 * its `detail`, already in the user's language (the client sends Accept-Language).
 */
export function refusal(error: ApiError): string | undefined {
  return error.kind === 'http' && (error.status === 403 || error.status === 429) && error.detail
    ? error.detail
    : undefined;
}

/** A screen's own failure text (spec §8), followed by the server's reason when it refused. */
export function withRefusal(text: string, error: ApiError): string {
  const why = refusal(error);
  return why ? `${text} ${why}` : text;
}

/**
 * No answer came (the connection dropped or timed out): the server may or may not have saved a
 * write. Keyed writes are safe to send again, and the screens say exactly that.
 */
export const noAnswer = (error: ApiError): boolean => error.kind === 'network' || error.kind === 'timeout';
