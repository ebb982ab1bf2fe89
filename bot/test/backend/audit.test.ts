// The audit trail (docs/authorization.md "Audit trail"): every write through the real routes
// leaves rows saying who, through which proof and route, and what changed; the log refuses to be
// changed; the operator reads it filtered, and a reader of a record's area reads its history.
import { ACTING_FOR_HEADER, CAPTURED_AT_HEADER, OPERATOR_HEADER } from '@gebere/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proof, signInitData } from './test-kit/auth-headers';
import { startBackend, type TestBackend } from './test-kit/backend';
import { describeOnBothDatabases } from './test-kit/databases';
import { type Da, uniquePhone } from './test-kit/fixtures';

type Row = Record<string, unknown> & {
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

describeOnBothDatabases('the audit trail (%s)', (kind) => {
  let t: TestBackend;
  let da: Da;
  let group: number;
  const operator = { ...proof.service(), [OPERATOR_HEADER]: 'gebere test (os user tester)' };

  /** The operator's read of the trail (what `gebere audit` prints). */
  const audit = async (query: Record<string, string | number>) => {
    const r = await t.call('GET', '/api/audit/', { headers: proof.service(), query });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as Row[];
  };
  const ofRecord = (table: string, id: number) => audit({ table, record_id: id });

  beforeAll(async () => {
    t = await startBackend(kind, { idempotencyHours: 72 + 7 * 24 });
    da = await t.fx.da();
    group = await t.fx.group(da);
  });
  afterAll(() => t?.close());

  it('a farmer create: the whole row, by the DA through initData, on its route and request', async () => {
    const r = await t.call('POST', '/api/farmer-profiles/', {
      headers: { ...da.headers, 'x-request-id': 'req-farmer-1' },
      body: {
        ...t.fx.farmerBody(da, group, 'Audited'),
        development_group: { group_name: 'Audit group', group_type: 'mixed' },
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const [row] = await ofRecord('farmers', r.body.id);
    expect(row).toMatchObject({
      actor: 'user',
      proof: 'initData',
      late_sync: false,
      screen: null,
      telegram_id: da.telegramId,
      bot_user_id: da.botUserId,
      da_id: da.daId,
      phone: da.phone,
      route: 'POST /api/farmer-profiles/',
      table: 'farmers',
      record_id: r.body.id,
      action: 'insert',
      before: null,
    });
    expect(row?.after).toMatchObject({
      farmer_name: 'Audited',
      created_by: da.daId,
      kebele_id: da.area.kebele,
    });
    expect(typeof row?.request_id).toBe('string');
    // The group the same statement created is in the same request.
    const [g] = await ofRecord('development_groups', r.body.development_group);
    expect(g).toMatchObject({
      action: 'insert',
      request_id: row?.request_id,
      after: { group_name: 'Audit group' },
    });
  });

  it('a farmer through a signed link names the screen', async () => {
    const headers = proof.link(da.telegramId, '/farmer_registration', {
      da_id: da.daId,
      kebele_id: da.area.kebele,
    });
    const r = await t.call('POST', '/api/farmer-profiles/', {
      headers,
      body: t.fx.farmerBody(da, group, 'Linked'),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect((await ofRecord('farmers', r.body.id))[0]).toMatchObject({
      proof: 'link',
      screen: '/farmer_registration',
      da_id: da.daId,
    });
  });

  it('a DA profile update: only the changed fields, before and after, no bookkeeping', async () => {
    const other = await t.fx.da();
    const body = { ...t.fx.daBody(other, other.phone), first_name: 'Renamed' };
    const r = await t.call('PUT', `/api/da-profiles/${other.daId}/`, { headers: other.headers, body });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const rows = await ofRecord('da_profiles', other.daId);
    expect(rows.map((x) => x.action)).toEqual(['insert', 'update']);
    expect(rows[1]).toMatchObject({
      actor: 'user',
      da_id: other.daId,
      route: 'PUT /api/da-profiles/{id}/',
      before: { first_name: 'Almaz' },
      after: { first_name: 'Renamed' },
    });
    // The same body again changes nothing: no row.
    await t.call('PUT', `/api/da-profiles/${other.daId}/`, { headers: other.headers, body });
    expect(await ofRecord('da_profiles', other.daId)).toHaveLength(2);
  });

  it("a status change: the user's own VERIFIED, then the operator's REJECTED", async () => {
    const other = await t.fx.da();
    const rows = (await ofRecord('bot_users', other.botUserId)).filter((x) => x.action === 'update');
    const verified = rows.find((x) => x.after?.verification_status === 'VERIFIED');
    expect(verified).toMatchObject({ actor: 'user', before: { verification_status: 'PENDING' } });
    const r = await t.call('PATCH', `/api/bot-users/${other.botUserId}/`, {
      headers: operator,
      body: { verification_status: 'REJECTED' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const last = (await ofRecord('bot_users', other.botUserId)).at(-1);
    expect(last).toMatchObject({
      actor: 'operator',
      proof: 'service',
      operator: 'gebere test (os user tester)',
      route: 'PATCH /api/bot-users/{id}/',
      before: { verification_status: 'VERIFIED', status_by_operator: false },
      after: { verification_status: 'REJECTED', status_by_operator: true },
    });
  });

  it('a grant and its revoke: the whole row created, then the whole row removed', async () => {
    const phone = uniquePhone();
    const body = {
      phone_number: phone,
      role: 'supervisor',
      location_type: 'region',
      location_id: da.area.region,
    };
    const g = await t.call('POST', '/api/role-grants/', { headers: operator, body });
    expect(g.status).toBe(201);
    const v = await t.call('POST', '/api/role-grants/revoke/', { headers: operator, body });
    expect(v.body).toEqual({ revoked: 1, paused: 0 });
    const rows = await ofRecord('role_grants', g.body.id);
    expect(rows.map((x) => [x.action, x.actor, x.route])).toEqual([
      ['insert', 'operator', 'POST /api/role-grants/'],
      ['delete', 'operator', 'POST /api/role-grants/revoke/'],
    ]);
    expect(rows[0]?.after).toMatchObject({
      phone_number: phone,
      role: 'supervisor',
      location_id: da.area.region,
    });
    expect(rows[1]?.before).toEqual(rows[0]?.after);
    expect(rows[1]?.after).toBeNull();
  });

  it("a notification's soft removal: active true → false, by its creator", async () => {
    const manager = await t.fx.manager();
    const body = {
      name: 'Rain is coming',
      message: 'Plant teff in rows this week.',
      content_type: 'advisory',
      created_by: manager.botUserId,
      send_now: true,
      location_type: 'all',
    };
    const n = await t.call('POST', '/api/location-notifications/', { headers: manager.headers, body });
    expect(n.status, JSON.stringify(n.body)).toBe(201);
    const off = await t.call('PUT', `/api/location-notifications/${n.body.id}/update-settings/`, {
      headers: manager.headers,
      body: { active: false },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const rows = await ofRecord('location_notifications', n.body.id);
    expect(rows.map((r) => r.action)).toEqual(['insert', 'update']);
    expect(rows[1]).toMatchObject({
      actor: 'user',
      bot_user_id: manager.botUserId,
      route: 'PUT /api/location-notifications/{id}/update-settings/',
      before: { active: true },
      after: { active: false },
    });
  });

  it('an import: a row per record created or changed, attributed to the operator and the file', async () => {
    const label = 'gebere import roles roles.csv (os user tester)';
    const post = (rows: Array<Record<string, string>>, dry_run = false) =>
      t.call('POST', '/api/import/roles/', {
        headers: { ...proof.service(), [OPERATOR_HEADER]: label },
        body: { rows, first_row: 2, dry_run },
      });
    const rows = [
      { name: 'Audit role A', name_am: '' },
      { name: 'Audit role B', name_am: '' },
    ];
    expect((await post(rows, true)).body).toMatchObject({ created: 2 });
    expect(
      await audit({ table: 'da_roles', limit: 1000 }).then((x) => x.filter((r) => r.operator === label)),
    ).toEqual([]);
    expect((await post(rows)).body).toMatchObject({ created: 2 });
    expect(
      (await post([rows[0] as Record<string, string>, { name: 'Audit role B', name_am: 'ቢ' }])).body,
    ).toMatchObject({
      unchanged: 1,
      updated: 1,
    });
    const mine = (await audit({ table: 'da_roles', limit: 1000 })).filter((r) => r.operator === label);
    expect(mine.map((r) => [r.action, r.actor, r.route, r.after?.name ?? null])).toEqual([
      ['insert', 'operator', 'POST /api/import/{kind}/', 'Audit role A'],
      ['insert', 'operator', 'POST /api/import/{kind}/', 'Audit role B'],
      ['update', 'operator', 'POST /api/import/{kind}/', null],
    ]);
    expect(mine[2]).toMatchObject({ before: { name_am: null }, after: { name_am: 'ቢ' } });
  });

  it('a record sent after its proof expired is marked as late sync', async () => {
    const authDate = Math.floor(Date.now() / 1000) - 3 * 86_400;
    const r = await t.call('POST', '/api/farmer-profiles/', {
      headers: {
        authorization: `tma ${signInitData(da.telegramId, { authDate })}`,
        [CAPTURED_AT_HEADER]: new Date((authDate + 600) * 1000).toISOString(),
        'idempotency-key': 'audit-late-1',
      },
      body: t.fx.farmerBody(da, group, 'Late one'),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect((await ofRecord('farmers', r.body.id))[0]).toMatchObject({
      actor: 'user',
      proof: 'initData',
      late_sync: true,
      da_id: da.daId,
      after: { farmer_name: 'Late one' },
    });
    // The same key with a live proof is an ordinary create.
    const live = await t.call('POST', '/api/farmer-profiles/', {
      headers: { ...da.headers, 'idempotency-key': 'audit-live-1' },
      body: t.fx.farmerBody(da, group, 'Live one'),
    });
    expect((await ofRecord('farmers', live.body.id))[0]).toMatchObject({ late_sync: false });
  });

  it('the bot names the Telegram user it acts for; a write with no request is the system', async () => {
    const telegramId = 77_000_000 + Math.floor(Math.random() * 1_000_000);
    const r = await t.call('POST', '/api/bot-users/', {
      headers: { ...proof.service(), [ACTING_FOR_HEADER]: String(telegramId) },
      body: { telegram_id: telegramId, chat_id: telegramId, first_name: 'Bot acted' },
    });
    expect(r.status).toBe(200);
    expect((await ofRecord('bot_users', r.body.id))[0]).toMatchObject({
      actor: 'bot',
      proof: 'service',
      operator: null,
      telegram_id: telegramId,
      route: 'POST /api/bot-users/',
    });
    await t.db.query('update da_roles set name_am = $1 where name = $2', ['ሲስተም', 'Audit role A']);
    const [system] = (await audit({ table: 'da_roles', limit: 1 })).slice(-1);
    expect(system).toMatchObject({ actor: 'system', proof: null, route: null, after: { name_am: 'ሲስተም' } });
  });

  it('refuses UPDATE, DELETE and TRUNCATE of the trail, with a clear error, changing nothing', async () => {
    const count = async () =>
      Number((await t.db.query<{ n: number }>('select count(*)::int as n from audit_log')).rows[0]?.n);
    const before = await count();
    for (const sql of [
      "update audit_log set actor = 'system'",
      'delete from audit_log where id = (select max(id) from audit_log)',
      'truncate audit_log',
    ])
      await expect(t.db.query(sql), sql).rejects.toThrow(/audit trail is append-only/);
    await expect(
      t.db.transaction(async (tx) => {
        await tx.query('select set_config(\'gebere.audit\', \'{"actor":"user"}\', true)');
        await tx.query('delete from audit_log');
      }),
    ).rejects.toThrow(/append-only/);
    expect(await count()).toBe(before);
  });

  it('pairs an update by hash without JIT: one audited write stays as cheap as the write', async () => {
    // The trigger forbids the nested loop (quadratic on a large update); that prices its plan past
    // PostgreSQL's JIT threshold, and compiling it took ~0.5 s on every audited write.
    const r = await t.db.query<{ config: string[] }>(
      "select proconfig as config from pg_proc where proname = 'audit_rows'",
    );
    expect(r.rows[0]?.config).toEqual(expect.arrayContaining(['enable_nestloop=off', 'jit=off']));
  });

  describe('the operator reads it (GET /api/audit/)', () => {
    it('filters by phone, record, area and day, newest rows oldest first; only with the service token', async () => {
      const mine = await audit({ phone_number: `0${da.phone}` });
      expect(mine.length).toBeGreaterThan(3);
      expect(mine.every((r) => r.phone === da.phone || JSON.stringify(r).includes(da.phone))).toBe(true);
      const ids = mine.map((r) => r.id as number);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(await audit({ phone_number: da.phone, limit: 2 })).toEqual(mine.slice(-2));

      const inKebele = await audit({ location_type: 'kebele', location_id: da.area.kebele, limit: 1000 });
      expect(inKebele.some((r) => r.table === 'farmers')).toBe(true);
      const elsewhere = await audit({
        location_type: 'region',
        location_id: t.fx.otherArea.region,
        limit: 1000,
      });
      expect(elsewhere.some((r) => r.table === 'farmers' && r.da_id === da.daId)).toBe(false);
      // A grant counts in the area it names.
      expect(
        (await audit({ location_type: 'region', location_id: da.area.region, table: 'role_grants' })).length,
      ).toBeGreaterThanOrEqual(2);

      const today = new Date().toISOString().slice(0, 10);
      expect((await audit({ from: today, to: today, phone_number: da.phone })).length).toBe(mine.length);
      expect(await audit({ to: '2000-01-01' })).toEqual([]);

      for (const headers of [da.headers, {}]) {
        const r = await t.call('GET', '/api/audit/', { headers });
        expect(r.status).toBe(headers.authorization ? 403 : 401);
      }
      const bad = await t.call('GET', '/api/audit/', {
        headers: proof.service(),
        query: { table: 'audit_log' },
      });
      expect(bad.status).toBe(400);
      const day = await t.call('GET', '/api/audit/', {
        headers: proof.service(),
        query: { from: '2026-02-30' },
      });
      expect(day).toMatchObject({ status: 400, body: { from: ['Give a date as YYYY-MM-DD.'] } });
      const area = await t.call('GET', '/api/audit/', {
        headers: proof.service(),
        query: { location_type: 'zone' },
      });
      expect(area).toMatchObject({ status: 400, body: { location_id: ['Required'] } });
    });
  });

  describe("a record's history (GET /api/history/)", () => {
    let farmer: number;
    beforeAll(async () => {
      const r = await t.call('POST', '/api/farmer-profiles/', {
        headers: da.headers,
        body: t.fx.farmerBody(da, group, 'Historic'),
      });
      if (r.status !== 201) throw new Error(`farmer: ${r.status} ${JSON.stringify(r.body)}`);
      farmer = r.body.id;
    });
    const history = (headers: Record<string, string>, table = 'farmer', id = farmer) =>
      t.call('GET', '/api/history/', { headers, query: { table, id, paginate: 'false' } });

    it('a DA of its kebele and a supervisor over it read who changed it, by name, never a phone', async () => {
      const colleague = await t.fx.da();
      const supervisorPhone = uniquePhone();
      const supervisor = await t.fx.user(`+251${supervisorPhone}`);
      await t.fx.grant(supervisorPhone, 'supervisor', 'zone', da.area.zone);
      for (const headers of [colleague.headers, supervisor.headers, da.headers]) {
        const r = await history(headers);
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        expect(r.body).toHaveLength(1);
        expect(r.body[0]).toMatchObject({
          action: 'insert',
          proof: 'initData',
          who: { actor: 'user', da_id: da.daId, name: 'Almaz Bekele', phone: null },
          after: { farmer_name: 'Historic' },
        });
        expect(JSON.stringify(r.body[0].who)).not.toContain(da.phone);
      }
      const g = await history(colleague.headers, 'development_group', group);
      expect(g.status).toBe(200);
      expect(g.body[0]).toMatchObject({ action: 'insert', after: { group_name: 'Tesfa Group' } });
    });

    it('is refused outside the area, to a bot user without a grant, and 404 for no such record', async () => {
      const outsider = await t.fx.da(t.fx.otherArea);
      const farPhone = uniquePhone();
      const farAway = await t.fx.user(`+251${farPhone}`);
      await t.fx.grant(farPhone, 'supervisor', 'region', t.fx.otherArea.region);
      for (const headers of [outsider.headers, farAway.headers]) {
        const r = await history(headers);
        expect(r.status, JSON.stringify(r.body)).toBe(403);
        expect(r.body.detail).toBe('This is outside your area.');
      }
      expect((await history((await t.fx.user()).headers)).status).toBe(403);
      expect((await history(da.headers, 'farmer', 999_999_999)).status).toBe(404);
      expect((await history(da.headers, 'audit_log')).status).toBe(400);
    });
  });
});
