import { userInfo } from 'node:os';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestBackend } from '../../test/backend/test-kit/backend';
import type { Da } from '../../test/backend/test-kit/fixtures';
import { RECOUNT, ROLLUPS } from '../../test/backend/test-kit/recount';
import type { CliSettings } from './backend-client';
import { listeningBackend, runGebere } from './test-kit';

/** `gebere duplicates` and `gebere merge` against a real backend. */
let t: TestBackend;
let settings: CliSettings;
let da: Da;
let group: number;
const gebere = (argv: string[]) => runGebere(argv, settings);

beforeAll(async () => {
  ({ t, settings } = await listeningBackend());
  da = await t.fx.da();
  group = await t.fx.group(da, 'Merge group');
});
afterAll(() => t?.close());

/** Two farmers a registry kept before its checks: the same phone, registered twice. */
async function twins(name: string): Promise<[number, number]> {
  const a = await t.fx.farmer(da, group, name);
  const b = await t.fx.farmer(da, group, `${name} again`);
  await t.db.query(
    'update farmers set phone_number = (select phone_number from farmers where id = $1) where id = $2',
    [a, b],
  );
  return [a, b];
}

it('lists the sets of likely duplicates of a kebele or woreda, phones masked', async () => {
  const [a, b] = await twins('Phoned');
  const body = { ...t.fx.farmerBody(da, group, 'Named'), grand_father_name: 'Twice' };
  const c = await t.call('POST', '/api/farmer-profiles/', { headers: da.headers, body });
  const d = await t.call('POST', '/api/farmer-profiles/', {
    headers: da.headers,
    body: { ...t.fx.farmerBody(da, group, 'named'), grand_father_name: 'TWICE', register_anyway: true },
  });
  expect(d.status).toBe(201);
  for (const area of [
    ['--kebele', String(da.area.kebele)],
    ['--woreda', String(da.area.woreda)],
  ]) {
    const r = await gebere(['duplicates', ...area]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(
      new RegExp(`Same phone 09\\d\\d\\*{4}\\d\\d:\\n  farmer ${a}: Phoned .*\\n  farmer ${b}: Phoned again`),
    );
    expect(r.out).toMatch(
      new RegExp(`Same names "named kebede twice":\\n  farmer ${c.body.id}: Named Kebede Twice`),
    );
    expect(r.out).not.toMatch(/9\d{8}/);
  }
  expect((await gebere(['duplicates'])).code).toBe(2);
  expect((await gebere(['duplicates', '--kebele', 'x'])).code).toBe(2);
});

it("merges: the dropped farmer's records move, it is retired as a duplicate, reports count once", async () => {
  const [keep, drop] = await twins('Merged');
  const [a1, a2] = t.fx.advisoryIds as [number, number];
  const reach = (farmer: number, advisory: number) =>
    t.call('POST', '/api/reach-farmers/', { headers: da.headers, body: { advisory, farmer, user: da.daId } });
  await reach(keep, a1);
  await reach(drop, a1);
  await reach(drop, a2);
  await t.call('POST', '/api/adoption/', {
    headers: da.headers,
    body: { advisory: a2, farmer: drop, created_by: da.daId, adoption_type: 'SELF_REPORTED' },
  });
  const r = await gebere(['merge', '--keep', String(keep), '--drop', String(drop)]);
  expect(r.err).toBe('');
  expect(r.code).toBe(0);
  expect(r.out).toBe(
    [
      `Kept farmer ${keep} (Merged Kebede ${(await page(keep)).grand_father_name}); farmer ${drop} (Merged again ` +
        `Kebede ${(await page(drop)).grand_father_name}) retired as its duplicate.`,
      'Reach records: 1 moved, 1 the kept farmer had already (taken back)',
      'Adoption records: 1 moved',
    ].join('\n'),
  );
  const kept = await page(keep);
  expect(kept.reach.map((e: { advisory: number }) => e.advisory).sort()).toEqual([a1, a2].sort());
  expect(kept.adoption.map((e: { advisory: number }) => e.advisory)).toEqual([a2]);
  expect(await page(drop)).toMatchObject({ retired_reason: 'duplicate', reach: [], adoption: [] });
  // The dropped farmer's page names the one kept (the same kebele); the kept one names none.
  expect(await page(drop)).toMatchObject({
    duplicate_of: keep,
    duplicate_of_name: `Merged Kebede ${kept.grand_father_name}`,
  });
  expect((await page(keep)).duplicate_of_name).toBeNull();
  expect((await t.db.query(ROLLUPS)).rows).toEqual((await t.db.query(RECOUNT)).rows);
  const audit = await t.db.query<{ operator: string }>(
    `select operator from audit_log where table_name = 'farmers' and record_id = $1 and action = 'update'
     order by id desc limit 1`,
    [drop],
  );
  expect(audit.rows[0]?.operator).toBe(
    `gebere merge --keep ${keep} --drop ${drop} (os user ${userInfo().username})`,
  );
  // Again: the dropped farmer is retired now.
  const again = await gebere(['merge', '--keep', String(keep), '--drop', String(drop)]);
  expect(again.code).toBe(1);
  expect(again.err).toMatch(/retired from the registry/);
  expect((await gebere(['merge', '--keep', String(keep), '--drop', String(keep)])).err).toMatch(
    /two different farmers/,
  );
  expect((await gebere(['merge', '--drop', String(drop)])).code).toBe(2);
});

async function page(id: number) {
  return (await t.call('GET', `/api/farmers/${id}/`, { headers: da.headers })).body;
}
