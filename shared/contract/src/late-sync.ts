/**
 * Late sync (docs/authorization.md "Late sync"): a record a DA captured offline reaches the server
 * hours or days later, when the proof it was captured under (initData: 24 h; a signed link: its
 * `exp`) may have expired. A route whose policy says `lateSync` accepts such a record for
 * `LATE_SYNC_DAYS` more days (bot config) when the request
 *   - carries an `Idempotency-Key` (so a replay stays a replay),
 *   - carries the proof it was captured under, whose signature still holds, and
 *   - says when it was captured ({@link CAPTURED_AT_HEADER}, ISO 8601), a time inside that proof's
 *     own validity window (initData: auth_date … auth_date + max age; a link: until `exp`) and not
 *     in the future.
 * The signature covers the window, so the window is trusted even though the header is not.
 * Reads and every other write need a live proof. Zod-free: the outbox imports it.
 */
export const CAPTURED_AT_HEADER = 'X-Captured-At';

/**
 * On a 401 for a late record, why (so an outbox can tell "re-enter it" from "open the app
 * again"): `expired` beyond the grace period, `outside_proof` a capture time outside the proof's
 * window. An ordinary expired or bad proof has no such header.
 */
export const LATE_SYNC_REFUSED_HEADER = 'Late-Sync-Refused';
export type LateSyncRefusal = 'expired' | 'outside_proof';

/** A device clock ahead of the server's by up to this is not "in the future". */
export const CAPTURE_CLOCK_SKEW_SECONDS = 300;

/** A signed proof's validity window, in Unix seconds. */
export interface ProofWindow {
  from: number;
  until: number;
}

/**
 * Whether a record captured at `capturedAt` (the header's value) under a proof with `window` may
 * still be sent `now` (Unix seconds) with a grace of `graceSeconds` after the proof's end.
 * `invalid`: no or unreadable header (treated as an ordinary expired proof).
 */
export function judgeLateCapture(
  window: ProofWindow,
  capturedAt: string | undefined,
  now: number,
  graceSeconds: number,
): 'ok' | 'invalid' | LateSyncRefusal {
  if (!capturedAt || !/^\d{4}-\d{2}-\d{2}T/.test(capturedAt)) return 'invalid';
  const ms = Date.parse(capturedAt);
  if (!Number.isFinite(ms)) return 'invalid';
  const captured = ms / 1000;
  if (captured < window.from || captured > window.until || captured > now + CAPTURE_CLOCK_SKEW_SECONDS)
    return 'outside_proof';
  if (now > window.until + graceSeconds) return 'expired';
  return 'ok';
}
