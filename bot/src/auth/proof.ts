import { createHash, timingSafeEqual } from 'node:crypto';
import { PROOF_SCHEME, type ProofWindow } from '@gebere/contract';
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
  /**
   * LATE_SYNC_DAYS in seconds: how long after its proof expired a record captured under it may
   * still be sent to a `lateSync` route (contract late-sync.ts). 0 or absent: never.
   */
  lateSyncSeconds?: number | undefined;
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

export type UserProof = Extract<Proof, { kind: 'user' }>;

/**
 * `expired`: the signature holds but the proof's window has passed. Only a `lateSync` route may
 * still accept it (actor.ts); everywhere else it is as good as invalid.
 */
export type ProofResult =
  | { ok: true; proof: Proof }
  | { ok: false; reason: 'missing' | 'invalid' }
  | { ok: false; reason: 'expired'; proof: UserProof; window: ProofWindow };

const CACHE_MAX = 10_000;

/**
 * Reads the `Authorization` header (contract `PROOF_SCHEME`). A header that verified once is kept
 * until its proof expires, so a screen's burst of calls costs one HMAC; the cache is bounded and
 * simply emptied when full, since re-verifying is cheap and correct. An expired proof whose
 * signature holds is answered `expired` with its window; it is not cached (an outbox sends a
 * few, and re-verifying keeps the answer right as the grace runs out).
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
        if (r.ok || r.reason === 'expired') {
          const proof: UserProof = { kind: 'user', telegramUserId: r.telegramUserId, via: 'initData' };
          const window = { from: r.authDate, until: r.authDate + maxAge };
          return r.ok
            ? remember(header, proof, window.until)
            : { ok: false, reason: 'expired', proof, window };
        }
        return { ok: false, reason: 'invalid' };
      }
      case PROOF_SCHEME.link: {
        if (!options.linkSecret) return { ok: false, reason: 'invalid' };
        const r = verifyLink(options.linkSecret, value);
        if (r.ok || r.reason === 'expired') {
          const proof: UserProof = {
            kind: 'user',
            telegramUserId: r.telegramUserId,
            via: 'link',
            link: { path: r.path, params: r.params },
          };
          // A link carries no issue time: its window is open back to any capture before `exp`.
          const window = { from: 0, until: r.expiresAt };
          return r.ok
            ? remember(header, proof, r.expiresAt)
            : { ok: false, reason: 'expired', proof, window };
        }
        return { ok: false, reason: 'invalid' };
      }
      default:
        return { ok: false, reason: 'invalid' };
    }
  };
}
