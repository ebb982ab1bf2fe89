import { hashToken, validate } from '@telegram-apps/init-data-node';

/**
 * Telegram initData (the `tma` proof). Validation is init-data-node's: HMAC-SHA256 over every
 * field but `hash` (so Telegram's newer `signature` field is covered too) and `auth_date`
 * freshness. The user is read from the `user` field ourselves: we need only its id, and a
 * failed parse of optional fields must not reject an otherwise valid proof.
 */

export type VerifiedInitData =
  | { ok: true; telegramUserId: number; authDate: number; languageCode?: string; queryId?: string }
  | { ok: false; reason: 'malformed' | 'bad_signature' }
  /** Signed, but older than the max age: who and when, for late sync (contract late-sync.ts). */
  | { ok: false; reason: 'expired'; telegramUserId: number; authDate: number };

export type InitDataVerifier = (raw: string) => VerifiedInitData;

/**
 * Hashes the bot token once; each check is then one HMAC. The signature is checked first (with
 * no age limit), then `auth_date` against `maxAgeSeconds` here, so an expired proof still says
 * whose it is and when it was made.
 */
export function createInitDataVerifier(
  botToken: string,
  maxAgeSeconds = 86_400,
  nowSeconds: () => number = () => Math.floor(Date.now() / 1000),
): InitDataVerifier {
  const digest = hashToken(botToken);
  const hashed = digest.buffer.slice(digest.byteOffset, digest.byteOffset + digest.byteLength) as ArrayBuffer;
  return (raw) => {
    try {
      validate(raw, hashed, { tokenHashed: true, expiresIn: 0 });
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      if (/SignatureInvalid/.test(name)) return { ok: false, reason: 'bad_signature' };
      return { ok: false, reason: 'malformed' };
    }
    const params = new URLSearchParams(raw);
    let user: unknown;
    try {
      user = JSON.parse(params.get('user') ?? 'null');
    } catch {
      return { ok: false, reason: 'malformed' };
    }
    const id = user && typeof user === 'object' && 'id' in user ? user.id : undefined;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0)
      return { ok: false, reason: 'malformed' };
    const authDate = Number(params.get('auth_date'));
    if (!Number.isSafeInteger(authDate) || authDate <= 0) return { ok: false, reason: 'malformed' };
    if (authDate + maxAgeSeconds < nowSeconds())
      return { ok: false, reason: 'expired', telegramUserId: id, authDate };
    const lang = (user as { language_code?: unknown }).language_code;
    return {
      ok: true,
      telegramUserId: id,
      authDate,
      ...(typeof lang === 'string' ? { languageCode: lang } : {}),
      ...(params.get('query_id') ? { queryId: params.get('query_id') as string } : {}),
    };
  };
}
