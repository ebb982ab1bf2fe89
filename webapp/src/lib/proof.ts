import { LINK_PARAMS, proofHeader } from '@gebere/contract/auth';
import { getLaunch } from '../telegram/launch';
import { initialUrl } from './initial-url';

export type Proof = { kind: 'initData' | 'link'; value: string };

/**
 * The proof of identity this launch carries (DESIGN.md "Identity and trust"): Telegram's
 * initData when it gave one, else the bot's signed link exactly as received (path + query),
 * else none (a plain browser, or a link typed by hand).
 */
export function currentProof(): Proof | null {
  const { rawInitData } = getLaunch();
  if (rawInitData) return { kind: 'initData', value: rawInitData };
  const { pathname, search } = initialUrl();
  if (new URLSearchParams(search).has(LINK_PARAMS.signature))
    return { kind: 'link', value: `${pathname}${search}` };
  return null;
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
