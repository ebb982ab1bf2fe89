import { createHmac, timingSafeEqual } from 'node:crypto';
import { canonicalLink, LINK_PARAMS } from '@gebere/contract';

/**
 * Signed mini-app links (docs/architecture.md "Identity and trust"). A screen opened from a reply-keyboard
 * button gets no initData from Telegram, so the link the bot made is the only proof there. The
 * bot signs with {@link signLink}; the backend checks with {@link verifyLink}. Both sides use the
 * contract's canonical form, so a link keeps its signature whatever order its parameters are in.
 */

export type LinkParams = Record<string, string | number | undefined>;

export interface SignLinkOptions {
  /** The Telegram user the link is made for; the backend treats them as the acting user. */
  telegramUserId: number;
  ttlSeconds: number;
  /** Unix seconds; defaults to the clock. */
  now?: number;
}

export type VerifiedLink =
  | { ok: true; path: string; params: URLSearchParams; telegramUserId: number; expiresAt: number }
  | { ok: false; reason: 'malformed' | 'bad_signature' }
  /** Signed, but past `exp`: what it was, for late sync (contract late-sync.ts). */
  | {
      ok: false;
      reason: 'expired';
      path: string;
      params: URLSearchParams;
      telegramUserId: number;
      expiresAt: number;
    };

const nowSeconds = () => Math.floor(Date.now() / 1000);

function mac(secret: string, path: string, params: URLSearchParams): Buffer {
  return createHmac('sha256', secret).update(canonicalLink(path, params)).digest();
}

/**
 * Returns `path?query` with the spec's parameters plus `tg`, `exp` and `sig`. Undefined values are
 * left out. `path` must be the pathname the screen will see (the webapp sends it back as is).
 */
export function signLink(secret: string, path: string, params: LinkParams, options: SignLinkOptions): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (key === LINK_PARAMS.user || key === LINK_PARAMS.expires || key === LINK_PARAMS.signature)
      throw new Error(`signLink: parameter ${key} is reserved`);
    query.append(key, String(value));
  }
  query.set(LINK_PARAMS.user, String(options.telegramUserId));
  query.set(LINK_PARAMS.expires, String((options.now ?? nowSeconds()) + options.ttlSeconds));
  query.set(LINK_PARAMS.signature, mac(secret, path, query).toString('base64url'));
  return `${path}?${query.toString()}`;
}

const POSITIVE_INT = /^[1-9]\d{0,15}$/;

/**
 * Checks a link as the screen received it: a path with query (`/record_reach?…`) or a whole URL.
 * The fragment (where Telegram puts its launch parameters) is ignored. The signature is checked
 * before the expiry so an answer never tells a forger more than "bad signature".
 */
export function verifyLink(secret: string, link: string, now: number = nowSeconds()): VerifiedLink {
  let url: URL;
  try {
    url = new URL(link, 'http://link.invalid');
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const params = url.searchParams;
  const sig = params.getAll(LINK_PARAMS.signature);
  const tg = params.getAll(LINK_PARAMS.user);
  const exp = params.getAll(LINK_PARAMS.expires);
  if (sig.length !== 1 || tg.length !== 1 || exp.length !== 1) return { ok: false, reason: 'malformed' };
  const [sigValue, tgValue, expValue] = [sig[0] as string, tg[0] as string, exp[0] as string];
  if (!POSITIVE_INT.test(tgValue) || !POSITIVE_INT.test(expValue) || !/^[\w-]+$/.test(sigValue))
    return { ok: false, reason: 'malformed' };
  const given = Buffer.from(sigValue, 'base64url');
  const expected = mac(secret, url.pathname, params);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'bad_signature' };
  const expiresAt = Number(expValue);
  const clean = new URLSearchParams(params);
  clean.delete(LINK_PARAMS.signature);
  const signed = { path: url.pathname, params: clean, telegramUserId: Number(tgValue), expiresAt };
  return expiresAt < now ? { ok: false, reason: 'expired', ...signed } : { ok: true, ...signed };
}
