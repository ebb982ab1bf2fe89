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
    const old = Math.floor(Date.now() / 1000) - 7200;
    expect(verify(signInitData(99, { authDate: old }))).toEqual({
      ok: false,
      reason: 'expired',
      telegramUserId: 99,
      authDate: old,
    });
    // Expired and forged: only "bad signature" (an old auth_date tells a forger nothing more).
    expect(verify(signInitData(99, { authDate: old, botToken: '1:other' }))).toEqual({
      ok: false,
      reason: 'bad_signature',
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
  it('answers an expired but signed proof with its window, never as valid', () => {
    const authDate = Math.floor(Date.now() / 1000) - 7200;
    const header = `tma ${signInitData(5, { authDate })}`;
    for (let i = 0; i < 2; i++)
      expect(read(header)).toEqual({
        ok: false,
        reason: 'expired',
        proof: { kind: 'user', telegramUserId: 5, via: 'initData' },
        window: { from: authDate, until: authDate + 3600 },
      });
    const link = signLink('ls', '/feedback', {}, { telegramUserId: 6, ttlSeconds: 60, now: authDate });
    expect(read(`link ${link}`)).toMatchObject({
      reason: 'expired',
      proof: { telegramUserId: 6, via: 'link' },
      window: { from: 0, until: authDate + 60 },
    });
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

  it('accepts an expired proof only when asked for late sync, within the grace, captured inside it', async () => {
    const resolve = createActorResolver({ ...options, lateSyncSeconds: 86_400, lookup: () => null });
    const at = (secondsAgo: number) => Math.floor(Date.now() / 1000) - secondsAgo;
    const headers = (authDate: number, captured: number) => ({
      authorization: `tma ${signInitData(5, { authDate })}`,
      'x-captured-at': new Date(captured * 1000).toISOString(),
    });
    const fresh = headers(at(7200), at(7000));
    expect(() => resolve({ headers: fresh })).toThrow(expect.objectContaining({ reason: 'invalid' }));
    expect(resolve({ headers: fresh }, { lateSync: true })).toEqual({ kind: 'user', telegramUserId: 5 });
    expect(() => resolve({ headers: headers(at(7200), at(3000)) }, { lateSync: true })).toThrow(
      expect.objectContaining({ late: { refusal: 'outside_proof', graceDays: 1 } }),
    );
    expect(() =>
      resolve({ headers: headers(at(2 * 86_400), at(2 * 86_400 - 60)) }, { lateSync: true }),
    ).toThrow(expect.objectContaining({ late: { refusal: 'expired', graceDays: 1 } }));
    // No grace configured: an expired proof is just invalid.
    const strict = createActorResolver({ ...options, lookup: () => null });
    expect(() => strict({ headers: fresh }, { lateSync: true })).toThrow(
      expect.objectContaining({ reason: 'invalid', late: undefined }),
    );
  });
});
