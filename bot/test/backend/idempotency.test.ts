import { afterAll, beforeAll, expect, it } from 'vitest';
import { startBackend, type TestBackend } from './test-kit/backend';
import { describeOnBothDatabases } from './test-kit/databases';
import { type Da, uniquePhone } from './test-kit/fixtures';

const farmersNamed = async (t: TestBackend, name: string) =>
  Number(
    (await t.db.query<{ n: number }>('select count(*)::int as n from farmers where farmer_name = $1', [name]))
      .rows[0]?.n,
  );

describeOnBothDatabases('Idempotency-Key on writes (%s)', (kind) => {
  let t: TestBackend;
  let da: Da;
  let group: number;
  beforeAll(async () => {
    t = await startBackend(kind);
    da = await t.fx.da();
    group = await t.fx.group(da);
  });
  afterAll(() => t?.close());

  const post = (key: string | undefined, body: unknown, headers = da.headers) =>
    t.call('POST', '/api/farmer-profiles/', {
      headers: key === undefined ? headers : { ...headers, 'idempotency-key': key },
      body,
    });

  it('a retry replays the first answer and creates one farmer', async () => {
    const body = t.fx.farmerBody(da, group, 'Retry Once');
    const first = await post('key-retry-1', body);
    expect(first.status).toBe(201);
    expect(first.raw.headers['idempotent-replayed']).toBeUndefined();
    // The same request again, keys in another order and the path without its slash.
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const again = await t.call('POST', '/api/farmer-profiles', {
      headers: { ...da.headers, 'idempotency-key': 'key-retry-1' },
      body: reordered,
    });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.raw.headers['idempotent-replayed']).toBe('true');
    expect(await farmersNamed(t, 'Retry Once')).toBe(1);
  });

  it('the same key with a different body is 422 and writes nothing', async () => {
    const body = t.fx.farmerBody(da, group, 'Key Reused');
    expect((await post('key-reused', body)).status).toBe(201);
    const other = await post('key-reused', { ...body, farmer_name: 'Someone Else' });
    expect(other).toMatchObject({
      status: 422,
      body: { detail: 'Idempotency-Key was already used with a different request.' },
    });
    expect(await farmersNamed(t, 'Someone Else')).toBe(0);
  });

  it('keys belong to the acting user: another DA with the same key is a new request', async () => {
    const other = await t.fx.da();
    const otherGroup = await t.fx.group(other);
    expect((await post('shared-key', t.fx.farmerBody(da, group, 'Scoped A'))).status).toBe(201);
    const b = await post('shared-key', t.fx.farmerBody(other, otherGroup, 'Scoped B'), other.headers);
    expect(b.status).toBe(201);
    expect(b.raw.headers['idempotent-replayed']).toBeUndefined();
  });

  it('concurrent requests with one key create one farmer and answer the same', async () => {
    const body = t.fx.farmerBody(da, group, 'Concurrent');
    const answers = await Promise.all([1, 2, 3, 4].map(() => post('key-concurrent', body)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(answers.filter((a) => a.raw.headers['idempotent-replayed'] === 'true')).toHaveLength(3);
    expect(await farmersNamed(t, 'Concurrent')).toBe(1);
  });

  it('an error is not stored: the corrected request with the same key runs', async () => {
    const body = t.fx.farmerBody(da, group, 'Fixed Later');
    const bad = await post('key-fix', { ...body, phone_number: '123' });
    expect(bad.status).toBe(400);
    const fixed = await post('key-fix', body);
    expect(fixed.status).toBe(201);
    expect(fixed.raw.headers['idempotent-replayed']).toBeUndefined();
    const keys = await t.db.query('select status from idempotency_keys where key = $1', ['key-fix']);
    expect(keys.rows).toEqual([{ status: 201 }]);
  });

  it('a malformed key is 400; no key keeps the old behaviour (the second post runs again)', async () => {
    const body = t.fx.farmerBody(da, group, 'No Key');
    for (const key of ['', 'x'.repeat(101), 'tab\there', 'ключ'])
      expect(await post(key, body)).toMatchObject({ status: 400, body: { detail: expect.any(String) } });
    expect((await post(undefined, body)).status).toBe(201);
    // Not replayed: run again, it meets the registry's own duplicate check.
    const again = await post(undefined, body);
    expect(again).toMatchObject({ status: 400, body: { phone_number: [expect.any(String)] } });
    expect((await post(undefined, { ...t.fx.farmerBody(da, group, 'No Key') })).status).toBe(201);
    expect(await farmersNamed(t, 'No Key')).toBe(2);
  });

  it('an expired key (over 24 h) runs the request again', async () => {
    const body = t.fx.farmerBody(da, group, 'Expired Key');
    expect((await post('key-old', body)).status).toBe(201);
    await t.db.query(
      `update idempotency_keys set created_at = now() - interval '25 hours' where key = 'key-old'`,
    );
    // Run again, not replayed: the farmer is there, so the duplicate check answers.
    const again = await post('key-old', body);
    expect(again).toMatchObject({ status: 400, body: { phone_number: [expect.any(String)] } });
    expect(again.raw.headers['idempotent-replayed']).toBeUndefined();
    expect(await farmersNamed(t, 'Expired Key')).toBe(1);
  });

  it('every create honours it: group, DA, report user, notification', async () => {
    const h = (key: string, headers: Record<string, string>) => ({ ...headers, 'idempotency-key': key });
    const groupBody = {
      group_name: 'Idem Group',
      group_type: 'mixed',
      kebele: da.area.kebele,
      created_by: da.daId,
    };
    const g1 = await t.call('POST', '/api/development-groups/', {
      headers: h('g', da.headers),
      body: groupBody,
    });
    const g2 = await t.call('POST', '/api/development-groups/', {
      headers: h('g', da.headers),
      body: groupBody,
    });
    expect([g1.status, g2.status, g2.body.id]).toEqual([201, 201, g1.body.id]);

    const user = await t.fx.user();
    const { region, zone, woreda } = t.fx.area;
    const reportBody = {
      name: 'Idem Report',
      phone_no: uniquePhone(),
      gender: 'female',
      region,
      zone,
      woreda,
      created_by: user.telegramId,
    };
    const r1 = await t.call('POST', '/api/report-users/', {
      headers: h('r', user.headers),
      body: reportBody,
    });
    const r2 = await t.call('POST', '/api/report-users/', {
      headers: h('r', user.headers),
      body: reportBody,
    });
    expect(r1.status).toBe(201);
    expect(r2.body).toEqual(r1.body);

    const manager = await t.fx.manager();
    const noteBody = {
      name: 'Idem',
      message: 'Hello',
      content_type: 'advisory',
      send_now: true,
      created_by: manager.botUserId,
    };
    const n1 = await t.call('POST', '/api/location-notifications/', {
      headers: h('n', manager.headers),
      body: noteBody,
    });
    const n2 = await t.call('POST', '/api/location-notifications/', {
      headers: h('n', manager.headers),
      body: noteBody,
    });
    expect(n1.status).toBe(201);
    expect(n2.body).toEqual(n1.body);
    const notes = await t.db.query("select 1 from location_notifications where name = 'Idem'");
    expect(notes.rows).toHaveLength(1);

    const phone = uniquePhone();
    const daUser = await t.fx.user(`+251${phone}`);
    const daBody = t.fx.daBody(daUser, phone);
    const d1 = await t.call('POST', '/api/da-profiles/', { headers: h('d', daUser.headers), body: daBody });
    const d2 = await t.call('POST', '/api/da-profiles/', { headers: h('d', daUser.headers), body: daBody });
    expect(d1.status).toBe(201);
    expect(d2).toMatchObject({ status: 201, body: d1.body });
  });
});
