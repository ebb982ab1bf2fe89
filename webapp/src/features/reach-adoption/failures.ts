import { noAnswer } from '../../lib/api/errors';
import type { FailedPair } from './submit-records';

/**
 * A failed pair is either refused (the server answered no: a real failure, not saved) or
 * unconfirmed (no answer even after the retries: it may be saved). Each pair is in exactly one;
 * the screen and the bot's receipt word them apart.
 */
export function splitFailures(failed: readonly FailedPair[]) {
  const unanswered = (p: FailedPair) => p.error !== undefined && noAnswer(p.error);
  return { refused: failed.filter((p) => !unanswered(p)), unconfirmed: failed.filter(unanswered) };
}
