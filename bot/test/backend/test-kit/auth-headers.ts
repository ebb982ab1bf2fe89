import { createHmac } from 'node:crypto';
import { signLink } from '../../../src/auth/link';

export const TEST_AUTH = {
  botToken: '123456:TEST-bot-token',
  linkSecret: 'test-link-secret',
  serviceToken: 'test-service-token',
  initDataMaxAgeSeconds: 3600,
  /** LATE_SYNC_DAYS=7, the default. */
  lateSyncSeconds: 7 * 86_400,
};

/**
 * initData signed the way Telegram does it (independent of init-data-node, which the backend
 * uses to check): secret = HMAC_SHA256("WebAppData", bot token); hash = HMAC_SHA256(secret,
 * data-check-string of every field but hash, sorted, `key=value` joined by newlines). Includes
 * the newer `signature` field, as the emulator and Telegram send it.
 */
export function signInitData(
  telegramUserId: number,
  options: { botToken?: string; authDate?: number; extra?: Record<string, string> } = {},
): string {
  const fields: Record<string, string> = {
    auth_date: String(options.authDate ?? Math.floor(Date.now() / 1000)),
    query_id: 'AAHdF6IQAAAAAN0XohDhrOrc',
    user: JSON.stringify({ id: telegramUserId, first_name: 'Test', language_code: 'en' }),
    signature: 'c2lnbmF0dXJlLW9mLXRoZS10ZXN0',
    ...options.extra,
  };
  const check = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData')
    .update(options.botToken ?? TEST_AUTH.botToken)
    .digest();
  const hash = createHmac('sha256', secret).update(check).digest('hex');
  return new URLSearchParams({ ...fields, hash }).toString();
}

export const proof = {
  service: (token = TEST_AUTH.serviceToken) => ({ authorization: `Bearer ${token}` }),
  initData: (telegramUserId: number, options?: Parameters<typeof signInitData>[1]) => ({
    authorization: `tma ${signInitData(telegramUserId, options)}`,
  }),
  link: (
    telegramUserId: number,
    path = '/record_reach',
    params: Record<string, string | number | undefined> = {},
    ttlSeconds = 600,
  ) => ({
    authorization: `link ${signLink(TEST_AUTH.linkSecret, path, params, { telegramUserId, ttlSeconds })}`,
  }),
};
