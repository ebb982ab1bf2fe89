import { describeApiError } from '../../lib/api/errors';
import type { FailedPair } from './submit-records';

/**
 * Why a pair was refused: a 400's own text (the backend's, localised: like a batch refusal),
 * else the failure in the user's language.
 */
export function refusalReason(pair: FailedPair): string {
  if (!pair.error) return pair.message; // refused inside a batch: the server's field errors
  const { status, detail, fieldErrors } = pair.error;
  const serverText = status === 400 ? (detail ?? Object.values(fieldErrors).join(', ')) : '';
  return serverText || describeApiError(pair.error);
}
