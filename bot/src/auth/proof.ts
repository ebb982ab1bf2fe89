import { createHash, timingSafeEqual } from 'node:crypto';
import { PROOF_SCHEME } from '@gebere/contract';
import { createInitDataVerifier } from './init-data';
import { verifyLink } from './link';

/**
 * Compares a presented service token with the configured one in constant time. Both are hashed
 * first so the comparison does not leak the token's length either. An empty configured token
 * never matches: a deployment without BACKEND_SERVICE_TOKEN has no service access at all.
 */
export function createServiceTokenCheck(configured: string | undefined): (presented: string) => boolean {
  if (!configured) return () => false;
  const expected = createHash('sha256').update(configured).digest();
  return (presented) => timingSafeEqual(createHash('sha256').update(presented).digest(), expected);
}

export interface ProofOptions {
  /** Telegram bot token: the initData HMAC key. Without it no initData is accepted. */
  botToken?: string | undefined;
  /** LINK_SECRET: the signed-link HMAC key. Without it no link is accepted. */
  linkSecret?: string | undefined;
  /** BACKEND_SERVICE_TOKEN: the bot's `Bearer` token. Without it no service call is accepted. */
  serviceToken?: string | undefined;
  /** How old initData's auth_date may be; init-data-node's default, one day. */
  initDataMaxAgeSeconds?: number | undefined;
}

export type Proof =
  | { kind: 'service' }
  | {
      kind: 'user';
      telegramUserId: number;
      via: 'initData' | 'link';
      /** The signed link's path and parameters (without `sig`), when the proof is a link. */
      link?: { path: string; params: URLSearchParams };
    };

export type ProofResult = { ok: true; proof: Proof } | { ok: false; reason: 'missing' | 'invalid' };

const CACHE_MAX = 10_000;

/**
 * Reads the `Authorization` header (contract `PROOF_SCHEME`). A header that verified once is kept
 * until its proof expires, so a screen's burst of calls costs one HMAC; the cache is bounded and
 * simply emptied when full, since re-verifying is cheap and correct.
 */
export function createProofReader(options: ProofOptions): (authorization: string | undefined) => ProofResult {
  const maxAge = options.initDataMaxAgeSeconds ?? 86_400;
  const verifyInitData = options.botToken ? createInitDataVerifier(options.botToken, maxAge) : null;
  const isServiceToken = createServiceTokenCheck(options.serviceToken);
  const cache = new Map<string, { proof: Proof; until: number }>();

  const remember = (header: string, proof: Proof, untilSeconds: number): ProofResult => {
    if (cache.size >= CACHE_MAX) cache.clear();
    cache.set(header, { proof, until: untilSeconds * 1000 });
    return { ok: true, proof };
  };

  return (header) => {
    if (!header?.trim()) return { ok: false, reason: 'missing' };
    const cached = cache.get(header);
    if (cached) {
      if (cached.until >= Date.now()) return { ok: true, proof: cached.proof };
      cache.delete(header);
    }
    const space = header.indexOf(' ');
    const scheme = space < 0 ? header : header.slice(0, space);
    const value = space < 0 ? '' : header.slice(space + 1).trim();
    if (!value) return { ok: false, reason: 'missing' };

    switch (scheme.toLowerCase()) {
      case PROOF_SCHEME.service.toLowerCase():
        // Not cached: the service token never expires, and keeping it as a map key is pointless.
        return isServiceToken(value)
          ? { ok: true, proof: { kind: 'service' } }
          : { ok: false, reason: 'invalid' };
      case PROOF_SCHEME.initData: {
        if (!verifyInitData) return { ok: false, reason: 'invalid' };
        const r = verifyInitData(value);
        if (!r.ok) return { ok: false, reason: 'invalid' };
        const proof: Proof = { kind: 'user', telegramUserId: r.telegramUserId, via: 'initData' };
        return remember(header, proof, r.authDate + maxAge);
      }
      case PROOF_SCHEME.link: {
        if (!options.linkSecret) return { ok: false, reason: 'invalid' };
        const r = verifyLink(options.linkSecret, value);
        if (!r.ok) return { ok: false, reason: 'invalid' };
        const proof: Proof = {
          kind: 'user',
          telegramUserId: r.telegramUserId,
          via: 'link',
          link: { path: r.path, params: r.params },
        };
        return remember(header, proof, r.expiresAt);
      }
      default:
        return { ok: false, reason: 'invalid' };
    }
  };
}
