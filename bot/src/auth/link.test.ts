import { describe, expect, it } from 'vitest';
import { signLink, verifyLink } from './link';

const secret = 'link-secret';
const now = 1_800_000_000;

describe('signed links', () => {
  it('round-trips path, parameters and the Telegram user', () => {
    const link = signLink(
      secret,
      '/record_reach',
      { user_id: 5, chatid: 77, selectedids: '3,4', x: undefined },
      {
        telegramUserId: 4242,
        ttlSeconds: 600,
        now,
      },
    );
    expect(link).toMatch(/^\/record_reach\?/);
    expect(link).not.toContain('x=');
    const r = verifyLink(secret, link, now + 10);
    expect(r).toMatchObject({ ok: true, path: '/record_reach', telegramUserId: 4242, expiresAt: now + 600 });
    if (r.ok) {
      expect(r.params.get('selectedids')).toBe('3,4');
      expect(r.params.has('sig')).toBe(false);
    }
  });

  it('accepts a whole URL, reordered parameters and a fragment', () => {
    const link = signLink(
      secret,
      '/feedback',
      { advisory_id: 9, user_id: 1 },
      { telegramUserId: 7, ttlSeconds: 60, now },
    );
    const params = new URLSearchParams(link.split('?')[1]);
    const reordered = new URLSearchParams([...params.entries()].reverse()).toString();
    expect(verifyLink(secret, `https://gebere.example/feedback?${reordered}#tgWebAppData=abc`, now).ok).toBe(
      true,
    );
  });

  it('rejects tampering, another secret, another path, expiry and junk', () => {
    const link = signLink(
      secret,
      '/feedback',
      { advisory_id: 9 },
      { telegramUserId: 7, ttlSeconds: 60, now },
    );
    expect(verifyLink(secret, link.replace('advisory_id=9', 'advisory_id=8'), now)).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    expect(verifyLink(secret, link.replace('tg=7', 'tg=8'), now)).toMatchObject({ reason: 'bad_signature' });
    expect(verifyLink(secret, link.replace('/feedback', '/record_reach'), now)).toMatchObject({
      reason: 'bad_signature',
    });
    expect(verifyLink('other', link, now)).toMatchObject({ reason: 'bad_signature' });
    // Expired but signed: still says whose and until when (late sync reads it).
    expect(verifyLink(secret, link, now + 61)).toMatchObject({
      ok: false,
      reason: 'expired',
      telegramUserId: 7,
      expiresAt: now + 60,
    });
    expect(verifyLink(secret, `${link}&sig=again`, now)).toMatchObject({ reason: 'malformed' });
    for (const junk of [
      '',
      '/feedback',
      '/feedback?tg=1&exp=2',
      'http://[',
      '/x?tg=a&exp=1&sig=b',
      '/x?tg=1&exp=1&sig=%%',
    ])
      expect(verifyLink(secret, junk, now).ok, junk).toBe(false);
  });

  it('refuses reserved parameter names when signing', () => {
    expect(() => signLink(secret, '/x', { tg: 1 }, { telegramUserId: 1, ttlSeconds: 1 })).toThrow(/reserved/);
  });
});
