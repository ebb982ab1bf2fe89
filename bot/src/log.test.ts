import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { testApp } from '../test/test-kit';
import { createLogger, maskLogLine, maskPhones, maskText, maskUrl, REDACT_PATHS } from './log';

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

  it('masks Ethiopian phone numbers in every form, keeping the last two digits', () => {
    expect(maskPhones('call 0912345678, 912345678, +251912345678, 251712345678 or 0712345678')).toBe(
      'call <phone …78>, <phone …78>, <phone …78>, <phone …78> or <phone …78>',
    );
    // Not phones: longer digit runs (timestamps), other prefixes, short numbers.
    for (const text of ['1732470000123', '0812345678', '12345678', 'id 8123456789'])
      expect(maskPhones(text)).toBe(text);
    // Inside JSON strings only: numbers (Telegram ids, counts) stay readable.
    expect(maskLogLine('{"telegramId":912345678,"msg":"phone 0912345678"}')).toBe(
      '{"telegramId":912345678,"msg":"phone <phone …78>"}',
    );
  });

  it('never writes a phone number, whatever field or message it is in', () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'info', destination: { write: (l: string) => lines.push(l) } });
    logger.info({ url: '/backend/api/da-profiles/?phone_number=0911223344&paginate=false' }, 'request');
    logger.info({ body: { farmer: { phone_number: '911223344' } }, list: ['+251911223344'] }, 'nested');
    logger.warn('lookup of 251711223344 failed');
    logger.child({ phone: '0711223344' }).info('bound');
    logger.error({ err: new Error('duplicate key: phone_number=(0911223344)') }, 'insert failed');
    const out = lines.join('');
    expect(lines).toHaveLength(5);
    expect(out).not.toMatch(/11223344/);
    // Each phone masked where it was (the error's twice: message and stack).
    expect(out.match(/<phone …44>/g)).toHaveLength(7);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
  });

  it('never rewrites ids: request ids, Telegram ids, idempotency keys, even of 9 digits', () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'info', destination: { write: (l: string) => lines.push(l) } });
    logger.child({ reqId: 'req-912345678' }).info({ phone: '912345678' }, 'for req-912345678');
    logger.info({ reqId: '912345678', chatId: '712345678', idempotencyKey: '0912345678' }, 'ids');
    logger.info({ key: 'chat:912345678', update_id: '912345678' }, 'session chat:912345678 read');
    const [first, second, third] = lines.map((l) => JSON.parse(l));
    expect(first).toMatchObject({ reqId: 'req-912345678', phone: '<phone …78>', msg: 'for req-912345678' });
    expect(second).toMatchObject({ reqId: '912345678', chatId: '712345678', idempotencyKey: '0912345678' });
    expect(third).toMatchObject({ key: 'chat:912345678', update_id: '912345678' });
    expect(third.msg).toBe('session chat:912345678 read');
  });

  it('masks the same number where it is a phone in its context', async () => {
    const lines: string[] = [];
    const { app } = await testApp({
      logger: createLogger({ level: 'info', destination: { write: (l: string) => lines.push(l) } }),
    });
    // A caller's request id of 9 digits travels in the header and back; the phone is masked.
    const res = await app.inject({
      method: 'GET',
      url: '/tg/lookup?phone_number=912345678',
      headers: { 'x-request-id': 'lb-912345678' },
    });
    await app.close();
    expect(res.headers['x-request-id']).toBe('lb-912345678');
    const request = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'request');
    expect(request).toMatchObject({ reqId: 'lb-912345678', url: '/tg/lookup?phone_number=<phone …78>' });
  });

  it('masks phone numbers in the request log of the real app', async () => {
    const lines: string[] = [];
    const { app } = await testApp({
      logger: createLogger({ level: 'info', destination: { write: (l: string) => lines.push(l) } }),
    });
    await app.inject({ method: 'GET', url: '/tg/lookup?phone_number=%2B251912345678&other=0912345678' });
    await app.close();
    const request = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'request');
    expect(request?.url).toBe('/tg/lookup?phone_number=%2B<phone …78>&other=<phone …78>');
    expect(lines.join('')).not.toMatch(/12345678/);
  });
});
