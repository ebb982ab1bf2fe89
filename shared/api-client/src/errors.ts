import type { DuplicateOf } from '@gebere/contract/route-paths';

/**
 * What a failed call returns instead of throwing. `message` for transport failures is one of
 * spec §8's generic texts ('Network Error', 'timeout', 'request aborted'), which the screens
 * translate through the i18n `errors` namespace by `kind`.
 */
export interface ApiError {
  kind: 'http' | 'network' | 'timeout' | 'aborted' | 'invalid_response';
  /** HTTP status, or null when no response arrived. */
  status: number | null;
  message: string;
  /** 400 field errors, each field's messages joined with ', ' (spec §5). */
  fieldErrors: Record<string, string>;
  /** `{detail}` of 401/403/404/413/429 answers. */
  detail?: string;
  /**
   * A 401 refusing a record sent late with a stored proof (contract late-sync.ts): for good, so
   * the DA re-enters or drops it, unlike an ordinary expired proof (open the app again).
   */
  lateSyncRefused?: 'expired' | 'outside_proof';
  /**
   * A 400 that asks a question rather than faults a field (contract route-paths.ts ERROR_CODE):
   * `possible_duplicate` (same three names in the kebele; send again with `register_anyway: true`
   * to register anyway), with the farmer found in {@link duplicateOf}.
   */
  errorCode?: string;
  duplicateOf?: DuplicateOf;
}

export function transportError(cause: unknown, timeoutMs?: number): ApiError {
  const name = cause && typeof cause === 'object' && 'name' in cause ? String(cause.name) : '';
  if (name === 'TimeoutError')
    return {
      kind: 'timeout',
      status: null,
      message: `timeout of ${timeoutMs ?? 0}ms exceeded`,
      fieldErrors: {},
    };
  if (name === 'AbortError')
    return { kind: 'aborted', status: null, message: 'Request aborted', fieldErrors: {} };
  return { kind: 'network', status: null, message: 'Network Error', fieldErrors: {} };
}

/** True for failures worth retrying: no answer, a timeout, or a 5xx/429 from a struggling server. */
export function isRetryable(error: ApiError): boolean {
  if (error.kind === 'network' || error.kind === 'timeout') return true;
  return error.kind === 'http' && error.status !== null && (error.status >= 500 || error.status === 429);
}
