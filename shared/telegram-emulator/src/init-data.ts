import { createHmac, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import type { User } from './types.js';

export interface InitDataInput {
  token: string;
  botId: number;
  user: User;
  queryId?: string;
  authDate: Date;
  startParam?: string;
  /** Ed25519 key standing in for Telegram's; see initDataKeys(). */
  privateKey: KeyObject;
}

/** The `user` field as Telegram's clients serialise it: no is_bot, plus allows_write_to_pm. */
function userJson(user: User): string {
  const { is_bot: _bot, ...rest } = user;
  return JSON.stringify({ ...rest, allows_write_to_pm: true });
}

const dataCheckString = (entries: Array<[string, string]>) =>
  [...entries]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('\n');

/**
 * Signs initData as Telegram does. `hash` is HMAC-SHA256 over every other field (signature
 * included) with the key HMAC-SHA256("WebAppData", token) — what the server validates.
 * `signature` is Telegram's third-party Ed25519 proof; the emulator signs the same string with
 * its own key pair, so SDKs that require the field accept it and tests can still verify it.
 */
export function signInitData(input: InitDataInput): string {
  const entries: Array<[string, string]> = [];
  if (input.queryId) entries.push(['query_id', input.queryId]);
  entries.push(['user', userJson(input.user)]);
  entries.push(['auth_date', String(Math.floor(input.authDate.getTime() / 1000))]);
  if (input.startParam) entries.push(['start_param', input.startParam]);
  const thirdParty = `${input.botId}:WebAppData\n${dataCheckString(entries)}`;
  const signature = sign(null, Buffer.from(thirdParty), input.privateKey).toString('base64url');
  entries.push(['signature', signature]);
  const secret = createHmac('sha256', 'WebAppData').update(input.token).digest();
  const hash = createHmac('sha256', secret).update(dataCheckString(entries)).digest('hex');
  entries.push(['hash', hash]);
  return new URLSearchParams(entries).toString();
}

export interface InitDataKeys {
  privateKey: KeyObject;
  /** Raw 32-byte public key, hex, as Telegram publishes its own. */
  publicKeyHex: string;
}

export function initDataKeys(): InitDataKeys {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const der = publicKey.export({ format: 'der', type: 'spki' });
  return { privateKey, publicKeyHex: der.subarray(der.length - 32).toString('hex') };
}
