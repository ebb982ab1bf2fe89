import { afterAll, beforeAll, expect, it } from 'vitest';
import { startBackend, type TestBackend } from './test-kit/backend';
import { describeOnDatabases } from './test-kit/databases';
import type { Da } from './test-kit/fixtures';
import { RECOUNT, ROLLUPS } from './test-kit/recount';

describeOnDatabases('taking a record back (%s)', (kind) => {
  let t: TestBackend;
  let da: Da;
  let colleague: Da;
  let group: number;
  beforeAll(async () => {
    t = await startBackend(kind);
    da = await t.fx.da();
    colleague = await t.fx.da();
    group = await t.fx.group(da);
  });
  afterAll(() => t?.close());

  const reach = (who: Da, farmer: number, advisory = t.fx.advisoryIds[0]) =>
    t.call('POST', '/api/reach-farmers/', {
      headers: who.headers,
      body: { advisory, farmer, user: who.daId },
    });
  const adopt = (who: Da, farmer: number, advisory = t.fx.advisoryIds[0]) =>
    t.call('POST', '/api/adoption/', {
      headers: who.headers,
      body: { advisory, farmer, created_by: who.daId, adoption_type: 'SELF_REPORTED' },
    });
  const takeBack = (path: string, id: number, who: Da, reason: unknown = 'Wrong farmer ticked') =>
    t.call('POST', `/api/${path}/${id}/take-back/`, { headers: who.headers, body: { reason } });
  const totals = async () => (await t.call('GET', '/api/reports/', { headers: da.headers })).body.totals;

  it('takes a reach record back: it leaves the report and the adoption list; the pair may be recorded again', async () => {
    const farmer = await t.fx.farmer(da, group, 'Reached once');
    const r = await reach(da, farmer);
    const before = await totals();
    const adoptionList = async () =>
      (
        await t.call('GET', `/api/farmerlist-adoption/${group}/`, {
          headers: da.headers,
          query: { paginate: 'false' },
        })
      ).body.map((f: { id: number }) => f.id);
    expect(await adoptionList()).toContain(farmer);
    const back = await takeBack('reach-farmers', r.body.id, colleague);
    expect(back).toMatchObject({
      status: 200,
      body: { id: r.body.id, farmer, created_by: da.daId, taken_back_reason: 'Wrong farmer ticked' },
    });
    expect((await totals()).reach).toBe(before.reach - 1);
    expect(await adoptionList()).not.toContain(farmer);
    const page = await t.call('GET', `/api/farmers/${farmer}/`, { headers: da.headers });
    expect(page.body.reach).toEqual([]);
    // Again: the first answer, nothing counted twice.
    expect((await takeBack('reach-farmers', r.body.id, da, 'again')).body).toEqual(back.body);
    expect((await totals()).reach).toBe(before.reach - 1);
    const anew = await reach(da, farmer);
    expect(anew.status).toBe(201);
    expect(anew.body.id).not.toBe(r.body.id);
    expect((await totals()).reach).toBe(before.reach);
    const audit = await t.db.query<{ before: unknown; after: unknown }>(
      `select before, after from audit_log where table_name = 'reach_records' and record_id = $1 and action = 'update'`,
      [r.body.id],
    );
    expect(audit.rows).toEqual([
      {
        before: { taken_back_at: null, taken_back_reason: null },
        after: { taken_back_at: expect.any(String), taken_back_reason: 'Wrong farmer ticked' },
      },
    ]);
  });

  it('only within 14 days, with a reason; unknown records are 404; refusals change nothing', async () => {
    const farmer = await t.fx.farmer(da, group, 'Old record');
    const r = await adopt(da, farmer);
    // Recorded 15 days ago (the rollups stay on the day it was recorded: put back below).
    const move = (at: string) =>
      t.db.query('update adoption_records set created_at = $2 where id = $1', [r.body.id, at]);
    await move(new Date(Date.now() - 15 * 86_400_000).toISOString());
    const before = await t.fx.rowCounts();
    expect(await takeBack('adoption', r.body.id, da)).toMatchObject({
      status: 400,
      body: { non_field_errors: ['A record can be taken back only within 14 days of when it was recorded.'] },
    });
    expect(await takeBack('adoption', r.body.id, da, ' ')).toMatchObject({
      status: 400,
      body: { reason: ['Required'] },
    });
    expect((await takeBack('adoption', 99_999_999, da)).status).toBe(404);
    expect(await t.fx.rowCounts()).toEqual(before);
    const stranger = await t.fx.da(t.fx.otherArea);
    expect(await takeBack('adoption', r.body.id, stranger)).toMatchObject({
      status: 403,
      body: { detail: 'This is outside your area.' },
    });
    await move(r.body.created_at);
  });

  it('the rollups equal a recount of the raw rows after edits, retirements and take-backs', async () => {
    const second = await t.fx.group(colleague, 'Second');
    const farmers = [];
    for (let i = 0; i < 6; i++)
      farmers.push(await t.fx.farmer(i % 2 ? colleague : da, i % 2 ? second : group, `Mixed ${i}`));
    const [a1, a2] = t.fx.advisoryIds as [number, number];
    const reached = [];
    const adopted = [];
    for (const [i, f] of farmers.entries()) {
      reached.push((await reach(i % 3 ? da : colleague, f, a1)).body.id);
      reached.push((await reach(da, f, a2)).body.id);
      if (i % 2) adopted.push((await adopt(colleague, f, a1)).body.id);
    }
    // Edits: a renamed farmer, one moved to the other group, one whose phone changed.
    await t.call('PATCH', `/api/farmers/${farmers[0]}/`, {
      headers: da.headers,
      body: { farmer_name: 'Renamed' },
    });
    await t.call('PATCH', `/api/farmers/${farmers[1]}/`, {
      headers: colleague.headers,
      body: { development_group: group },
    });
    await t.call('PATCH', `/api/farmers/${farmers[2]}/`, {
      headers: da.headers,
      body: { phone_number: '955500123' },
    });
    // Retirements (one with records taken back too), take-backs of both kinds.
    for (const f of [farmers[1], farmers[4]])
      await t.call('POST', `/api/farmers/${f}/retire/`, { headers: da.headers, body: { reason: 'moved' } });
    for (const id of [reached[0], reached[3], reached[8]]) await takeBack('reach-farmers', id as number, da);
    await takeBack('adoption', adopted[0] as number, colleague);
    // And a pair recorded again after its take-back.
    await reach(da, farmers[4] as number, a2);
    expect((await t.db.query(ROLLUPS)).rows).toEqual((await t.db.query(RECOUNT)).rows);
  });
});
