import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { maskText, maskUrl, REDACT_PATHS } from './log';

describe('log hygiene', () => {
  it('masks Bot API tokens and link signatures in URLs and messages', () => {
    expect(maskUrl('/emulator/bot123456:ABC-def_ghi/getUpdates?offset=1')).toBe(
      '/emulator/bot<redacted>/getUpdates?offset=1',
    );
    expect(maskUrl('/record_reach?chatid=1&tg=2&exp=3&sig=abcDEF-_')).toBe(
      '/record_reach?chatid=1&tg=2&exp=3&sig=<redacted>',
    );
    expect(maskText('failed 7000000001:AAE-real-looking-token-for-tests_xyz')).not.toContain('AAE-real');
  });

  it('redacts proof headers and secrets by name', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = pino({ redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, sink);
    logger.info({
      req: { headers: { authorization: 'tma user=...&hash=abc' } },
      config: { botToken: 'T0KEN', linkSecret: 'L1NK' },
      initData: 'query_id=1',
    });
    const out = lines.join('');
    for (const secret of ['hash=abc', 'T0KEN', 'L1NK', 'query_id=1']) expect(out).not.toContain(secret);
  });
});
