import { afterAll, beforeAll, expect, it } from 'vitest';
import { proof } from './test-kit/auth-headers';
import { startBackend, type TestBackend } from './test-kit/backend';
import { describeOnDatabases } from './test-kit/databases';
import { type Da, uniquePhone } from './test-kit/fixtures';

// A DA's own records: "My farmers", one farmer's page, a correction, a retirement.
describeOnDatabases('farmer registry: read, correct, retire (%s)', (kind) => {
  let t: TestBackend;
  let da: Da;
  let colleague: Da;
  let group: number;
  beforeAll(async () => {
    t = await startBackend(kind);
    da = await t.fx.da();
    colleague = await t.fx.da();
    group = await t.fx.group(da, 'Tesfa Group');
  });
  afterAll(() => t?.close());

  const patch = (id: number, body: unknown, headers = da.headers) =>
    t.call('PATCH', `/api/farmers/${id}/`, { headers, body });
  const kebeleFarmers = async (headers = da.headers) =>
    (
      await t.call('GET', '/api/farmers/', {
        headers,
        query: { kebele: da.area.kebele, paginate: 'false' },
      })
    ).body as Array<{ id: number }>;

  it("lists the kebele's farmers with phone and group, for a search", async () => {
    const id = await t.fx.farmer(da, group, 'Listed');
    const body = (await t.call('GET', `/api/farmers/${id}/`, { headers: da.headers })).body;
    expect(await kebeleFarmers(colleague.headers)).toContainEqual({
      id,
      farmer_name: 'Listed',
      father_name: 'Kebede',
      grand_father_name: body.grand_father_name,
      phone_number: body.phone_number,
      development_group: group,
      group_name: 'Tesfa Group',
      created_by: da.daId,
    });
    const page = await t.call('GET', '/api/farmers/', {
      headers: da.headers,
      query: { kebele: da.area.kebele, page_size: 1 },
    });
    expect(page.body).toMatchObject({ count: expect.any(Number), results: [expect.any(Object)] });
  });

  it("a farmer's page: details, group, registering DA, records with advisory, time and DA", async () => {
    const id = await t.fx.farmer(da, group, 'Paged');
    const [advisory] = t.fx.advisoryIds;
    const reach = await t.call('POST', '/api/reach-farmers/', {
      headers: colleague.headers,
      body: { advisory, farmer: id, user: colleague.daId },
    });
    const adoption = await t.call('POST', '/api/adoption/', {
      headers: da.headers,
      body: { advisory, farmer: id, created_by: da.daId, adoption_type: 'SELF_REPORTED' },
    });
    const label = (
      await t.db.query<{ label: string }>('select label from advisories where id = $1', [advisory])
    ).rows[0]?.label;
    const r = await t.call('GET', `/api/farmers/${id}/`, { headers: colleague.headers });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      id,
      farmer_name: 'Paged',
      development_group: group,
      group_name: 'Tesfa Group',
      kebele: da.area.kebele,
      created_by: da.daId,
      created_by_name: 'Almaz Bekele',
      retired_at: null,
      retired_reason: null,
      reach: [
        {
          id: reach.body.id,
          advisory,
          advisory_label: label,
          created_by: colleague.daId,
          created_by_name: 'Almaz Bekele',
        },
      ],
      adoption: [{ id: adoption.body.id, advisory, created_by: da.daId }],
    });
    const until = Date.parse(r.body.reach[0].take_back_until) - Date.parse(r.body.reach[0].created_at);
    expect(until).toBe(14 * 86_400_000);
    expect((await t.call('GET', '/api/farmers/99999999/', { headers: da.headers })).status).toBe(404);
  });

  it("names an advisory with neither title nor text by its sub-practice, in the reader's language", async () => {
    const id = await t.fx.farmer(da, group, 'Untitled');
    const sub = (
      await t.db.query<{ id: number }>(
        "update sub_practices set name_am = 'የዘር መጠን' where id = (select min(id) from sub_practices) returning id",
      )
    ).rows[0]?.id;
    const advisory = (
      await t.db.query<{ id: number }>(
        `insert into advisories (label, template_content, sub_practice_id, level, kebele_id)
         values (null, '[]', $1, 'kebele', $2) returning id`,
        [sub, da.area.kebele],
      )
    ).rows[0]?.id;
    await t.call('POST', '/api/reach-farmers/', {
      headers: da.headers,
      body: { advisory, farmer: id, user: da.daId },
    });
    const read = async (lang: string) =>
      (await t.call('GET', `/api/farmers/${id}/`, { headers: { ...da.headers, 'accept-language': lang } }))
        .body.reach[0].advisory_label;
    const english = (
      await t.db.query<{ name: string }>('select name from sub_practices where id = $1', [sub])
    ).rows[0]?.name;
    expect(await read('am')).toBe('የዘር መጠን');
    expect(await read('en')).toBe(english);
  });

  it('corrects names, phone, gender and group, audited before and after', async () => {
    const id = await t.fx.farmer(da, group, 'Abebe');
    const second = await t.fx.group(da, 'Second Group');
    const phone = uniquePhone();
    const r = await patch(id, {
      farmer_name: 'Abeba',
      gender: 'female',
      phone_number: phone,
      development_group: second,
    });
    expect(r).toMatchObject({
      status: 200,
      body: { id, farmer_name: 'Abeba', gender: 'female', phone_number: phone, development_group: second },
    });
    // Its own phone is no duplicate of itself; an empty patch changes nothing.
    expect((await patch(id, { phone_number: phone })).status).toBe(200);
    expect((await patch(id, {})).body).toMatchObject({ farmer_name: 'Abeba' });
    const audit = await t.db.query<{ before: unknown; after: unknown; da_id: number; route: string }>(
      `select before, after, da_id, route from audit_log where table_name = 'farmers' and record_id = $1
       and action = 'update' order by id`,
      [id],
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({
      da_id: da.daId,
      route: 'PATCH /api/farmers/{id}/',
      before: { farmer_name: 'Abebe', gender: 'male', development_group_id: group },
      after: { farmer_name: 'Abeba', gender: 'female', phone_number: phone, development_group_id: second },
    });
  });

  it("a correction keeps the registration's rules and texts", async () => {
    const id = await t.fx.farmer(da, group, 'Ruled');
    const taken = await t.fx.farmer(da, group, 'Taken');
    const takenPhone = (await t.call('GET', `/api/farmers/${taken}/`, { headers: da.headers })).body;
    const otherGroup = await t.fx.group(await t.fx.da(t.fx.otherArea));
    const before = await t.fx.rowCounts();
    expect(
      await patch(id, { farmer_name: ' ', phone_number: '0811234567', gender: 'x', nickname: 'y' }),
    ).toMatchObject({
      status: 400,
      body: {
        farmer_name: ['Required'],
        phone_number: ['Phone number must start with 09 or 07 and have 10 digits'],
        gender: ['Select a valid choice. "x" is not one of the available choices.'],
        nickname: ['This field is not allowed.'],
      },
    });
    expect(await patch(id, { phone_number: takenPhone.phone_number })).toMatchObject({
      status: 400,
      body: {
        phone_number: [
          'A farmer with this phone number is already registered, in the development group Tesfa Group.',
        ],
      },
    });
    const rename = {
      farmer_name: 'Taken',
      father_name: 'Kebede',
      grand_father_name: takenPhone.grand_father_name,
    };
    expect(await patch(id, rename)).toMatchObject({
      status: 400,
      body: { error_code: 'possible_duplicate', duplicate_of: { id: taken } },
    });
    expect(await patch(id, { development_group: otherGroup })).toMatchObject({
      status: 400,
      body: { development_group: ['This development group is not in the selected kebele.'] },
    });
    expect(await patch(id, { development_group: 99_999_999 })).toMatchObject({
      status: 400,
      body: { development_group: ['Invalid pk "99999999" - object does not exist.'] },
    });
    expect(await t.fx.rowCounts()).toEqual(before);
    expect((await patch(id, { ...rename, register_anyway: true })).status).toBe(200);
    expect((await patch(99_999_999, { gender: 'male' })).status).toBe(404);
  });

  it('a retired farmer leaves the lists and the count, keeps their page, and is changed no more', async () => {
    const id = await t.fx.farmer(da, group, 'Leaving');
    await t.call('POST', '/api/reach-farmers/', {
      headers: da.headers,
      body: { advisory: t.fx.advisoryIds[0], farmer: id, user: da.daId },
    });
    const lists = async () => ({
      kebele: (await kebeleFarmers()).some((f) => f.id === id),
      group: (
        await t.call('GET', '/api/farmer-profiles/', {
          headers: da.headers,
          query: { outbound_development_group: group, paginate: 'false' },
        })
      ).body.some((f: { id: number }) => f.id === id),
      adoption: (
        await t.call('GET', `/api/farmerlist-adoption/${group}/`, {
          headers: da.headers,
          query: { paginate: 'false' },
        })
      ).body.some((f: { id: number }) => f.id === id),
    });
    const farmersCounted = async () =>
      (await t.call('GET', '/api/reports/', { headers: da.headers })).body.totals.farmers as number;
    expect(await lists()).toEqual({ kebele: true, group: true, adoption: true });
    const counted = await farmersCounted();
    expect(
      await t.call('POST', `/api/farmers/${id}/retire/`, { headers: da.headers, body: { reason: 'gone' } }),
    ).toMatchObject({
      status: 400,
      body: { reason: ['Select a valid choice. "gone" is not one of the available choices.'] },
    });
    const r = await t.call('POST', `/api/farmers/${id}/retire/`, {
      headers: colleague.headers,
      body: { reason: 'deceased' },
    });
    expect(r).toMatchObject({
      status: 200,
      body: { id, retired_reason: 'deceased', retired_at: expect.any(String) },
    });
    expect(await lists()).toEqual({ kebele: false, group: false, adoption: false });
    expect(await farmersCounted()).toBe(counted - 1);
    // Retired once: again answers the first retirement, and counts nothing twice.
    const again = await t.call('POST', `/api/farmers/${id}/retire/`, {
      headers: da.headers,
      body: { reason: 'moved' },
    });
    expect(again.body).toEqual(r.body);
    expect(await farmersCounted()).toBe(counted - 1);
    const page = await t.call('GET', `/api/farmers/${id}/`, { headers: da.headers });
    expect(page.body).toMatchObject({
      retired_reason: 'deceased',
      reach: [{ advisory: t.fx.advisoryIds[0] }],
    });
    expect(await patch(id, { farmer_name: 'Back' })).toMatchObject({
      status: 400,
      body: {
        non_field_errors: ['This farmer has been retired from the registry and can no longer be changed.'],
      },
    });
    const audit = await t.db.query<{ after: Record<string, unknown> }>(
      `select after from audit_log where table_name = 'farmers' and record_id = $1 and action = 'update'`,
      [id],
    );
    expect(audit.rows.map((a) => a.after)).toEqual([
      { retired_at: expect.any(String), retired_reason: 'deceased' },
    ]);
  });

  it('writes are idempotent: a retry with its key replays the answer', async () => {
    const id = await t.fx.farmer(da, group, 'Retried');
    const headers = { ...da.headers, 'idempotency-key': `patch-${id}` };
    const first = await patch(id, { farmer_name: 'Once' }, headers);
    const replay = await patch(id, { farmer_name: 'Once' }, headers);
    expect(replay.status).toBe(200);
    expect(replay.raw.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect((await patch(id, { farmer_name: 'Other' }, headers)).status).toBe(422);
  });

  it('the kebele, the farmer or the record must be of the caller; a supervisor of the area may', async () => {
    const id = await t.fx.farmer(da, group, 'Guarded');
    const stranger = await t.fx.da(t.fx.otherArea);
    const manager = await t.fx.manager('woreda', da.area.woreda);
    const phone = uniquePhone();
    const supervisor = await t.fx.user(`+251${phone}`);
    await t.fx.grant(phone, 'supervisor', 'woreda', da.area.woreda);
    const plain = await t.fx.user();
    const calls = [
      ['GET', '/api/farmers/', { query: { kebele: da.area.kebele } }],
      ['GET', `/api/farmers/${id}/`, {}],
      ['PATCH', `/api/farmers/${id}/`, { body: { gender: 'female' } }],
    ] as const;
    for (const [method, path, o] of calls) {
      for (const who of [stranger, manager]) {
        expect(await t.call(method, path, { ...o, headers: who.headers })).toMatchObject({
          status: 403,
          body: { detail: 'This is outside your area.' },
        });
      }
      expect((await t.call(method, path, { ...o, headers: plain.headers })).status).toBe(403);
      expect((await t.call(method, path, o)).status).toBe(401);
      expect((await t.call(method, path, { ...o, headers: supervisor.headers })).status).toBe(200);
    }
    expect(
      (
        await t.call('POST', `/api/farmers/${id}/retire/`, {
          headers: supervisor.headers,
          body: { reason: 'duplicate' },
        })
      ).body,
    ).toMatchObject({ retired_reason: 'duplicate' });
    // A link signed for the registration screen grants that screen's calls, not these.
    const link = proof.link(da.telegramId, '/farmer_registration', {
      da_id: da.daId,
      kebele_id: da.area.kebele,
    });
    expect(
      await t.call('GET', '/api/farmers/', { headers: link, query: { kebele: da.area.kebele } }),
    ).toMatchObject({ status: 403 });
  });
});
