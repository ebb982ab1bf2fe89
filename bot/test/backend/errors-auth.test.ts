import { afterAll, beforeAll, expect, it } from 'vitest';
import { proof, signInitData, TEST_AUTH } from './test-kit/auth-headers';
import { startBackend, type TestBackend } from './test-kit/backend';
import { describeOnDatabases } from './test-kit/databases';
import type { Da } from './test-kit/fixtures';

describeOnDatabases('proofs and bad requests (%s)', (kind) => {
  let t: TestBackend;
  let da: Da;
  let group: number;
  beforeAll(async () => {
    t = await startBackend(kind);
    da = await t.fx.da();
    group = await t.fx.group(da);
  });
  afterAll(() => t?.close());

  const farmers = (headers: Record<string, string>) =>
    t.call('GET', '/api/farmer-profiles/', { headers, query: { outbound_development_group: group } });

  it('401 without a proof, with forged or stale initData, a tampered or expired link, a wrong token', async () => {
    expect(await farmers({})).toMatchObject({
      status: 401,
      body: { detail: 'Authentication credentials were not provided.' },
    });
    const invalid = {
      status: 401,
      body: { detail: 'Invalid or expired proof. Please open this screen again from the bot.' },
    };
    expect(
      await farmers({ authorization: `tma ${signInitData(da.telegramId, { botToken: '999:forged' })}` }),
    ).toMatchObject(invalid);
    const stale = Math.floor(Date.now() / 1000) - TEST_AUTH.initDataMaxAgeSeconds - 60;
    expect(
      await farmers({ authorization: `tma ${signInitData(da.telegramId, { authDate: stale })}` }),
    ).toMatchObject(invalid);
    const good = proof.link(da.telegramId, '/record_reach', { user_id: da.daId, selectedids: group });
    expect((await farmers(good)).status).toBe(200);
    expect(
      await farmers({ authorization: good.authorization.replace(`user_id=${da.daId}`, 'user_id=1') }),
    ).toMatchObject(invalid);
    expect(
      await farmers({ authorization: good.authorization.replace(`tg=${da.telegramId}`, 'tg=1') }),
    ).toMatchObject(invalid);
    expect(await farmers(proof.link(da.telegramId, '/record_reach', {}, -10))).toMatchObject(invalid);
    expect(await farmers(proof.service('wrong'))).toMatchObject(invalid);
    expect(await farmers({ authorization: 'Basic dXNlcjpwYXNz' })).toMatchObject(invalid);
    expect((await farmers(proof.initData(da.telegramId))).status).toBe(200);
    // In Amharic when asked.
    expect((await farmers({ 'accept-language': 'am' })).body.detail).toBe('የማረጋገጫ መረጃ አልቀረበም።');
  });

  it('malformed JSON 400, wrong content type 415, too large 413, unknown route 404 — nothing written', async () => {
    const before = await t.fx.rowCounts();
    const raw = (payload: string, contentType: string) =>
      t.app.inject({
        method: 'POST',
        url: '/backend/api/development-groups/',
        headers: { ...da.headers, 'content-type': contentType },
        payload,
      });
    const broken = await raw('{"group_name": "x",', 'application/json');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().detail).toMatch(/^JSON parse error - /);
    expect((await raw('', 'application/json')).json()).toMatchObject({ group_name: ['Required'] });
    expect((await raw('group_name=x', 'application/x-www-form-urlencoded')).statusCode).toBe(415);
    expect((await raw('{}', 'text/plain')).json()).toEqual({
      detail: 'Unsupported media type "text/plain" in request.',
    });
    const huge = await raw(JSON.stringify({ group_name: 'x'.repeat(300 * 1024) }), 'application/json');
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ detail: 'Request body is too large.' });
    expect((await raw('[1,2,3]', 'application/json')).json()).toEqual({
      non_field_errors: ['Invalid data. Expected a dictionary, but got list.'],
    });
    expect((await raw('{"__proto__": {"admin": true}}', 'application/json')).statusCode).toBe(400);
    expect(await t.call('GET', '/nope/')).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
    expect(await t.call('DELETE', '/api/development-groups/1/', { headers: proof.service() })).toMatchObject({
      status: 404,
    });
    expect(await t.fx.rowCounts()).toEqual(before);
  });

  it('never leaks a stack or SQL', async () => {
    const r = await t.call('GET', '/api/development-groups/', {
      headers: da.headers,
      query: { kebele: "1' or '1'='1" },
    });
    expect(r.status).toBe(400);
    expect(r.raw.body).not.toMatch(/at |sql|select|stack/i);
  });
});
