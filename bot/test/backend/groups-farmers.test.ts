import { afterAll, beforeAll, expect, it } from 'vitest';
import { proof } from './test-kit/auth-headers';
import { startBackend, type TestBackend } from './test-kit/backend';
import { describeOnDatabases } from './test-kit/databases';
import type { Da } from './test-kit/fixtures';

describeOnDatabases('development groups and farmers (%s)', (kind) => {
  let t: TestBackend;
  let da: Da;
  let other: Da;
  beforeAll(async () => {
    t = await startBackend(kind);
    da = await t.fx.da();
    other = await t.fx.da(t.fx.otherArea);
  });
  afterAll(() => t?.close());

  it('creates a group as the acting DA and lists groups by kebele with created_by', async () => {
    const body = {
      group_name: "<b>Tesfa</b> '; drop table farmers; --",
      group_type: 'women_only',
      kebele: da.area.kebele,
      created_by: da.daId,
    };
    const r = await t.call('POST', '/api/development-groups/', { headers: da.headers, body });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ id: expect.any(Number), ...body });
    const list = await t.call('GET', '/api/development-groups/', {
      headers: da.headers,
      query: { kebele: da.area.kebele, paginate: 'false' },
    });
    expect(list.body).toContainEqual({ ...body, id: r.body.id });
    const mine = await t.call('GET', '/api/development-groups/', {
      headers: da.headers,
      query: { created_by: da.daId },
    });
    expect(mine.body.results.every((g: { created_by: number }) => g.created_by === da.daId)).toBe(true);
    expect(
      await t.call('GET', `/api/development-groups/${r.body.id}/`, { headers: da.headers }),
    ).toMatchObject({
      status: 200,
      body: { id: r.body.id, group_name: body.group_name },
    });
  });

  it('group rules: 400 on fields, 401 without proof, 403 for another DA, 404 unknown', async () => {
    const body = { group_name: 'G', group_type: 'mixed', kebele: da.area.kebele, created_by: da.daId };
    expect(
      await t.call('POST', '/api/development-groups/', {
        headers: da.headers,
        body: { ...body, group_name: '  ', group_type: 'men' },
      }),
    ).toMatchObject({
      status: 400,
      body: {
        group_name: ['Required'],
        group_type: ['Select a valid choice. "men" is not one of the available choices.'],
      },
    });
    expect(
      await t.call('POST', '/api/development-groups/', {
        headers: da.headers,
        body: { ...body, kebele: 99_999_999 },
      }),
    ).toMatchObject({
      status: 400,
      body: { kebele: ['Invalid pk "99999999" - object does not exist.'] },
    });
    expect((await t.call('POST', '/api/development-groups/', { body })).status).toBe(401);
    expect(await t.call('POST', '/api/development-groups/', { headers: other.headers, body })).toMatchObject({
      status: 403,
      body: { detail: 'You can act only as yourself.' },
    });
    // A DA adds groups only in their own kebele.
    expect(
      await t.call('POST', '/api/development-groups/', {
        headers: da.headers,
        body: { ...body, kebele: other.area.kebele },
      }),
    ).toMatchObject({ status: 403, body: { detail: 'This is outside your area.' } });
    expect(await t.call('GET', '/api/development-groups/99999999/', { headers: da.headers })).toMatchObject({
      status: 404,
      body: { detail: 'Not found.' },
    });
    expect((await t.call('GET', '/api/development-groups/abc/', { headers: da.headers })).status).toBe(404);
    expect((await t.call('GET', '/api/development-groups/', { query: { kebele: 1 } })).status).toBe(401);
  });

  it('registers farmers with each development_group variant; phone stored normalised', async () => {
    const group = await t.fx.group(da);
    const base = t.fx.farmerBody(da, group);
    const existing = await t.call('POST', '/api/farmer-profiles/', { headers: da.headers, body: base });
    expect(existing.status).toBe(201);
    expect(existing.body).toMatchObject({
      development_group: group,
      kebele: da.area.kebele,
      created_by: da.daId,
      gender: 'male',
    });
    expect(existing.body.phone_number).toMatch(/^9\d{8}$/);

    const { development_group: _, ...person } = base;
    const outbound = await t.call('POST', '/api/farmer-profiles/', {
      headers: da.headers,
      body: { ...person, farmer_name: 'ሀይሉ', phone_number: '911000899', outbound_development_group: group },
    });
    expect(outbound).toMatchObject({ status: 201, body: { development_group: group, farmer_name: 'ሀይሉ' } });

    // Spec §3: a new group as "an object with type and name"; and as older apps sent it
    // ({group_name, group_type}), which farmers kept in their outboxes still carry.
    for (const [i, development_group] of [
      { type: 'men_only', name: 'New Hope' },
      { group_name: 'Old Hope', group_type: 'women_only' },
    ].entries()) {
      const groupsBefore = (await t.fx.rowCounts()).development_groups ?? 0;
      const created = await t.call('POST', '/api/farmer-profiles/', {
        headers: da.headers,
        body: { ...person, farmer_name: `New ${i}`, phone_number: `91100090${i}`, development_group },
      });
      expect(created.status).toBe(201);
      expect((await t.fx.rowCounts()).development_groups).toBe(groupsBefore + 1);
      const newGroup = await t.call('GET', `/api/development-groups/${created.body.development_group}/`, {
        headers: da.headers,
      });
      expect(newGroup.body).toMatchObject({
        group_name: i === 0 ? 'New Hope' : 'Old Hope',
        group_type: i === 0 ? 'men_only' : 'women_only',
        kebele: da.area.kebele,
        created_by: da.daId,
      });
    }

    const farmers = await t.call('GET', '/api/farmer-profiles/', {
      headers: da.headers,
      query: { outbound_development_group: group, paginate: 'false' },
    });
    expect(farmers.body).toEqual([
      {
        id: existing.body.id,
        farmer_name: 'Abebe',
        father_name: 'Kebede',
        grand_father_name: base.grand_father_name,
      },
      {
        id: outbound.body.id,
        farmer_name: 'ሀይሉ',
        father_name: 'Kebede',
        grand_father_name: base.grand_father_name,
      },
    ]);
  });

  it('farmer rules: required fields, phone, group variants, kebele agreement, identity', async () => {
    const group = await t.fx.group(da);
    const body = t.fx.farmerBody(da, group);
    const bad = await t.call('POST', '/api/farmer-profiles/', {
      headers: da.headers,
      body: { ...body, farmer_name: '', phone_number: '0811234567', gender: 'x' },
    });
    expect(bad).toMatchObject({
      status: 400,
      body: {
        farmer_name: ['Required'],
        phone_number: ['Phone number must start with 09 or 07 and have 10 digits'],
        gender: ['Select a valid choice. "x" is not one of the available choices.'],
      },
    });
    const { development_group: _, ...noGroup } = body;
    expect(
      await t.call('POST', '/api/farmer-profiles/', { headers: da.headers, body: noGroup }),
    ).toMatchObject({
      status: 400,
      body: { development_group: ['Required'] },
    });
    expect(
      await t.call('POST', '/api/farmer-profiles/', {
        headers: da.headers,
        body: { ...noGroup, development_group: { name: '', type: 'mixed' } },
      }),
    ).toMatchObject({ status: 400, body: { 'development_group.name': ['Required'] } });
    expect(
      await t.call('POST', '/api/farmer-profiles/', {
        headers: da.headers,
        body: { ...noGroup, development_group: { group_name: '', group_type: 'mixed' } },
      }),
    ).toMatchObject({ status: 400, body: { 'development_group.group_name': ['Required'] } });
    expect(
      await t.call('POST', '/api/farmer-profiles/', {
        headers: da.headers,
        body: { ...body, development_group: 99_999_999 },
      }),
    ).toMatchObject({
      status: 400,
      body: { development_group: ['Invalid pk "99999999" - object does not exist.'] },
    });
    const otherGroup = await t.fx.group(other);
    expect(
      await t.call('POST', '/api/farmer-profiles/', {
        headers: da.headers,
        body: { ...body, development_group: otherGroup },
      }),
    ).toMatchObject({
      status: 400,
      body: { development_group: ['This development group is not in the selected kebele.'] },
    });
    expect((await t.call('POST', '/api/farmer-profiles/', { headers: other.headers, body })).status).toBe(
      403,
    );
    expect((await t.call('POST', '/api/farmer-profiles/', { body })).status).toBe(401);
  });

  it('a new group is rolled back when its farmer cannot be written', async () => {
    // Make the farmer insert fail after the group insert in the same statement.
    await t.db.exec(`create function fail_farmer() returns trigger language plpgsql as $$
      begin if new.farmer_name = 'FAIL' then raise exception 'no' using errcode = '23514'; end if; return new; end $$;
      create trigger fail_farmer before insert on farmers for each row execute function fail_farmer();`);
    try {
      const before = await t.fx.rowCounts();
      const { development_group: _, ...person } = t.fx.farmerBody(da, 1);
      const r = await t.call('POST', '/api/farmer-profiles/', {
        headers: da.headers,
        body: {
          ...person,
          farmer_name: 'FAIL',
          development_group: { group_name: 'Ghost', group_type: 'mixed' },
        },
      });
      expect(r.status).toBe(400);
      expect(await t.fx.rowCounts()).toEqual(before);
    } finally {
      await t.db.exec('drop trigger fail_farmer on farmers; drop function fail_farmer();');
    }
  });

  it('names are for DAs only; farmerlist-adoption lists reached farmers of the group', async () => {
    const group = await t.fx.group(da);
    const reached = await t.fx.farmer(da, group, 'Reached');
    await t.fx.farmer(da, group, 'NotReached');
    const user = await t.fx.user();
    const q = { outbound_development_group: group, paginate: 'false' };
    expect((await t.call('GET', '/api/farmer-profiles/', { headers: user.headers, query: q })).status).toBe(
      403,
    );
    expect((await t.call('GET', '/api/farmer-profiles/', { query: q })).status).toBe(401);
    expect(
      (await t.call('GET', '/api/farmer-profiles/', { headers: proof.service(), query: q })).body,
    ).toHaveLength(2);
    expect(await t.call('GET', '/api/farmer-profiles/', { headers: da.headers })).toMatchObject({
      status: 400,
      body: { outbound_development_group: ['Required'] },
    });

    const path = `/api/farmerlist-adoption/${group}/`;
    expect((await t.call('GET', path, { headers: da.headers, query: { paginate: 'false' } })).body).toEqual(
      [],
    );
    const reach = await t.call('POST', '/api/reach-farmers/', {
      headers: da.headers,
      body: { advisory: t.fx.advisoryIds[0], farmer: reached, user: da.daId },
    });
    expect(reach.status).toBe(201);
    // A colleague DA of the same kebele reads the group; a DA of another kebele does not.
    const colleague = await t.fx.da();
    const list = await t.call('GET', path, { headers: colleague.headers, query: { paginate: 'false' } });
    expect(list.body).toEqual([
      {
        id: reached,
        farmer_name: 'Reached',
        father_name: 'Kebede',
        grand_father_name: expect.stringMatching(/^Tesfaye \d+$/),
      },
    ]);
    expect(await t.call('GET', path, { headers: other.headers })).toMatchObject({
      status: 403,
      body: { detail: 'This is outside your area.' },
    });
    expect((await t.call('GET', path, { headers: user.headers })).status).toBe(403);
    expect((await t.call('GET', '/api/farmerlist-adoption/99999999/', { headers: da.headers })).status).toBe(
      404,
    );
  });
});
