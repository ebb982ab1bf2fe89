import { describe, expect, it } from 'vitest';
import { signInitData } from '../../test/backend/test-kit/auth-headers';
import { createActorResolver } from './actor';
import { createInitDataVerifier } from './init-data';
import { signLink } from './link';
import { createProofReader } from './proof';

const botToken = '123456:TEST-bot-token';
const options = { botToken, linkSecret: 'ls', serviceToken: 'svc', initDataMaxAgeSeconds: 3600 };

describe('initData', () => {
  const verify = createInitDataVerifier(botToken, 3600);
  it('accepts Telegram-signed data (with the signature field) and reads the user', () => {
    expect(verify(signInitData(99))).toMatchObject({ ok: true, telegramUserId: 99, languageCode: 'en' });
  });
  it('rejects another bot, a changed field, old data and a missing user', () => {
    expect(verify(signInitData(99, { botToken: '1:other' }))).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verify(signInitData(99).replace('signature=', 'signature=x'))).toMatchObject({
      reason: 'bad_signature',
    });
    expect(verify(signInitData(99, { authDate: Math.floor(Date.now() / 1000) - 7200 }))).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(verify(signInitData(99, { extra: { user: '{"first_name":"x"}' } }))).toMatchObject({
      reason: 'malformed',
    });
    expect(verify('hash=abc')).toMatchObject({ ok: false });
    expect(verify('garbage')).toMatchObject({ ok: false });
  });
});

describe('proof header', () => {
  const read = createProofReader(options);
  it('reads the three schemes', () => {
    expect(read('Bearer svc')).toEqual({ ok: true, proof: { kind: 'service' } });
    expect(read(`tma ${signInitData(5)}`)).toMatchObject({
      ok: true,
      proof: { kind: 'user', telegramUserId: 5 },
    });
    const link = signLink('ls', '/feedback', { advisory_id: 1 }, { telegramUserId: 6, ttlSeconds: 60 });
    expect(read(`link ${link}`)).toMatchObject({ ok: true, proof: { telegramUserId: 6, via: 'link' } });
  });
  it('tells missing from invalid', () => {
    for (const h of [undefined, '', '   ', 'tma', 'Bearer '])
      expect(read(h), String(h)).toEqual({ ok: false, reason: 'missing' });
    for (const h of ['Bearer nope', 'Basic abc', 'tma a=b', 'link /x?tg=1&exp=1&sig=a'])
      expect(read(h), h).toEqual({ ok: false, reason: 'invalid' });
  });
  it('accepts nothing it has no key for', () => {
    const bare = createProofReader({});
    expect(bare('Bearer ')).toMatchObject({ ok: false });
    expect(bare('Bearer undefined')).toEqual({ ok: false, reason: 'invalid' });
    expect(bare(`tma ${signInitData(5)}`)).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('actor', () => {
  it('loads the bot user of the proof and throws 401 errors', async () => {
    const resolve = createActorResolver({
      ...options,
      lookup: async (id) => (id === 5 ? { botUser: { id: 50 }, da: { id: 500 } } : null),
    });
    expect(await resolve({ headers: { authorization: `tma ${signInitData(5)}` } })).toEqual({
      kind: 'user',
      telegramUserId: 5,
      botUser: { id: 50 },
      da: { id: 500 },
    });
    expect(await resolve({ headers: { authorization: `tma ${signInitData(6)}` } })).toEqual({
      kind: 'user',
      telegramUserId: 6,
    });
    // Proof errors are thrown synchronously (no promise hop on the hot path).
    expect(() => resolve({ headers: {} })).toThrow(
      expect.objectContaining({ statusCode: 401, reason: 'not_provided' }),
    );
    expect(() => resolve({ headers: { authorization: 'Bearer x' } })).toThrow(
      expect.objectContaining({ reason: 'invalid' }),
    );
    expect(resolve({ headers: { authorization: 'Bearer svc' } })).toEqual({ kind: 'service' });
  });
});
