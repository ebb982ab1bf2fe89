import { LINK_PARAMS, proofHeader } from '@gebere/contract/auth';
import { initialUrl } from './initial-url';
import { getLaunch } from './launch';
import { type Proof, proofOf } from './proof-of';

export type { Proof };

/** The proof this launch carries: initData, else the signed link as received, else none. */
export function currentProof(): Proof | null {
  const { pathname, search } = initialUrl();
  return proofOf(getLaunch().rawInitData, pathname, search);
}

/** The `Authorization` value for backend and companion calls, or undefined without proof. */
export function authorization(): string | undefined {
  const proof = currentProof();
  return proof ? proofHeader(proof) : undefined;
}

/**
 * Whether the signed link's `exp` (Unix seconds) has passed. Only matters when the link is
 * the proof: with initData the server checks initData instead.
 */
export function isLinkExpired(now = Date.now()): boolean {
  if (currentProof()?.kind !== 'link') return false;
  const exp = Number(new URLSearchParams(initialUrl().search).get(LINK_PARAMS.expires));
  return Number.isFinite(exp) && exp > 0 && exp * 1000 <= now;
}
