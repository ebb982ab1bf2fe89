import { afterAll, beforeAll, expect, it } from 'vitest';
import { startBackend, type TestBackend } from './test-kit/backend';
import { describeOnDatabases } from './test-kit/databases';

type Target = {
  id: number;
  value_chain_id: number;
  sub_practice_id: number;
  practice_id: number;
  created_at: Date;
};

describeOnDatabases('value chains and advisories (%s)', (kind) => {
  let t: TestBackend;
  // A kebele that has an advisory targeted at it, and its ancestors.
  let place: { kebele: number; woreda: number; zone: number; region: number };
  let applicable: Target[];
  beforeAll(async () => {
    t = await startBackend(kind);
    const k = await t.db.query<typeof place>(
      `select a.kebele_id as kebele, k.woreda_id as woreda, w.zone_id as zone, z.region_id as region
       from advisories a join kebeles k on k.id = a.kebele_id join woredas w on w.id = k.woreda_id
       join zones z on z.id = w.zone_id where a.level = 'kebele' order by a.id limit 1`,
    );
    place = k.rows[0] as typeof place;
    // Computed independently of the backend's CTE: the four target columns against the ancestry.
    const r = await t.db.query<Target>(
      `select a.id, a.value_chain_id, a.sub_practice_id, s.practice_id, a.created_at from advisories a
       join sub_practices s on s.id = a.sub_practice_id
       where a.kebele_id = $1 or a.woreda_id = $2 or a.zone_id = $3 or a.region_id = $4`,
      [place.kebele, place.woreda, place.zone, place.region],
    );
    applicable = r.rows;
  });
  afterAll(() => t?.close());

  it('lists the three categories, then value chains of one, filtered by kebele when given', async () => {
    const cats = await t.call('GET', '/api/value-chain-categories/', { query: { paginate: 'false' } });
    expect(cats.body.map((c: { name: string }) => c.name)).toEqual([
      'Plant science',
      'Animal science',
      'Natural resource management',
    ]);
    expect(cats.body[0].name_am).toBeTruthy();
    const plant = cats.body[0].id;
    const all = await t.call('GET', `/api/value-chains/${plant}/`, { query: { paginate: 'false' } });
    expect(all.body.length).toBeGreaterThan(3);
    expect(all.body.every((v: { category: number }) => v.category === plant)).toBe(true);
    expect(all.body.map((v: { name_am: string }) => v.name_am)).toContain('ጤፍ');
    const filtered = await t.call('GET', `/api/value-chains/${plant}/`, {
      query: { kebele_id: place.kebele, paginate: 'false' },
    });
    const expected = new Set(applicable.map((a) => a.value_chain_id));
    const got = filtered.body.map((v: { id: number }) => v.id);
    expect(got.length).toBeGreaterThan(0);
    expect(got.length).toBeLessThan(all.body.length);
    for (const id of got) expect(expected.has(id)).toBe(true);
    for (const v of all.body) if (expected.has(v.id)) expect(got).toContain(v.id);
    expect((await t.call('GET', '/api/value-chains/99999999/')).status).toBe(404);
  });

  it('practices by value chain (and kebele), sub-practices by practice', async () => {
    const a = applicable[0] as Target;
    const practices = await t.call('GET', '/api/practices/', {
      query: { value_chain_id: a.value_chain_id, kebele_id: place.kebele, paginate: 'false' },
    });
    const ids = practices.body.map((p: { id: number }) => p.id);
    expect(ids).toContain(a.practice_id);
    const practicesWithAdvisory = new Set(
      applicable.filter((x) => x.value_chain_id === a.value_chain_id).map((x) => x.practice_id),
    );
    expect(new Set(ids)).toEqual(practicesWithAdvisory);
    const allPractices = await t.call('GET', '/api/practices/', {
      query: { value_chain_id: a.value_chain_id },
    });
    expect(allPractices.body.count).toBeGreaterThanOrEqual(ids.length);
    expect((await t.call('GET', '/api/practices/')).body).toEqual({ value_chain_id: ['Required'] });
    const subs = await t.call('GET', `/api/sub-practices/subpractices_by_practice/${a.practice_id}/`, {
      query: { paginate: 'false' },
    });
    expect(subs.body.map((s: { id: number }) => s.id)).toContain(a.sub_practice_id);
    expect(subs.body.every((s: { practice: number }) => s.practice === a.practice_id)).toBe(true);
    // Every level in Ethiopic script too (the demo content names each one in Amharic).
    for (const list of [practices.body, subs.body])
      for (const item of list) expect(item.name_am).toMatch(/[\u1200-\u137F]/);
    expect((await t.call('GET', '/api/sub-practices/subpractices_by_practice/99999999/')).status).toBe(404);
  });

  it('advisories by sub-practice and location include the ancestors’ ones, most recent first', async () => {
    const a = applicable[0] as Target;
    const r = await t.call('GET', '/api/advisory/', {
      query: { sub_practice: a.sub_practice_id, location: `kebele,${place.kebele}`, paginate: 'false' },
    });
    expect(r.status).toBe(200);
    const expected = applicable
      .filter((x) => x.sub_practice_id === a.sub_practice_id)
      .sort((x, y) => y.created_at.getTime() - x.created_at.getTime() || y.id - x.id)
      .map((x) => x.id);
    expect(r.body.results.map((x: { id: number }) => x.id)).toEqual(expected);
    expect(r.body.count).toBe(expected.length);
    // Titled advisories carry their Amharic title beside the English one.
    for (const x of r.body.results as Array<{ label: string | null; label_am: string | null }>)
      expect(x.label_am === null).toBe(x.label === null);
    const dates = r.body.results.map((x: { created_at: string }) => x.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);

    // A region-level query does not see kebele-level advisories.
    const region = await t.call('GET', '/api/advisory/', {
      query: { location: `region,${place.region}`, page_size: 1000 },
    });
    const regionIds = new Set(region.body.results.map((x: { id: number }) => x.id));
    const kebeleOnly = await t.db.query<{ id: number }>('select id from advisories where kebele_id = $1', [
      place.kebele,
    ]);
    for (const k of kebeleOnly.rows) expect(regionIds.has(k.id)).toBe(false);
    const byVc = await t.call('GET', '/api/advisory/', {
      query: { value_chain: a.value_chain_id, page_size: 1000 },
    });
    expect(byVc.body.results.every((x: { value_chain: number }) => x.value_chain === a.value_chain_id)).toBe(
      true,
    );
  });

  it('?id= gives one advisory with its feedback questions in results[0], in the asked language', async () => {
    const q = await t.db.query<{ advisory_id: number; n: number }>(
      'select advisory_id, count(*)::int as n from feedback_questions group by advisory_id order by n desc limit 1',
    );
    const { advisory_id, n } = q.rows[0] as { advisory_id: number; n: number };
    const r = await t.call('GET', '/api/advisory/', { query: { id: advisory_id } });
    expect(r.body.count).toBe(1);
    const adv = r.body.results[0];
    expect(adv.id).toBe(advisory_id);
    expect(adv.feedback_questions).toHaveLength(Number(n));
    expect(Array.isArray(adv.template_content)).toBe(true);
    const am = await t.call('GET', '/api/advisory/', {
      query: { id: advisory_id },
      headers: { 'accept-language': 'am' },
    });
    expect(am.body.results[0].feedback_questions[0].question).not.toBe(adv.feedback_questions[0].question);
    expect((await t.call('GET', '/api/advisory/', { query: { id: 99_999_999 } })).body).toMatchObject({
      count: 0,
      results: [],
    });
    const types = await t.db.query<{ type: string }>(
      'select distinct type from feedback_questions order by type',
    );
    expect(types.rows.map((x) => x.type)).toEqual(['RATING', 'SELECT_MULTIPLE', 'SELECT_ONE', 'TEXT']);
  });

  it('rejects a malformed location and answers the admin level of an advisory', async () => {
    for (const location of ['kebele', 'city,1', 'kebele,0', 'kebele,1;drop table x', 'kebele,abc'])
      expect((await t.call('GET', '/api/advisory/', { query: { location } })).body, location).toEqual({
        location: ['Expected level,id — for example kebele,1234'],
      });
    const a = applicable.find((x) => x.id) as Target;
    const level = await t.call('GET', `/api/advisoryadmin-level/${a.id}/`);
    expect(level.status).toBe(200);
    expect(level.body).toMatchObject({
      advisory: a.id,
      level: expect.stringMatching(/^(region|zone|woreda|kebele)$/),
    });
    const kebeleAdvisory = await t.db.query<{ id: number; name: string }>(
      "select a.id, k.name from advisories a join kebeles k on k.id = a.kebele_id where a.level = 'kebele' order by a.id limit 1",
    );
    const ka = kebeleAdvisory.rows[0] as { id: number; name: string };
    expect((await t.call('GET', `/api/advisoryadmin-level/${ka.id}`)).body).toEqual({
      advisory: ka.id,
      level: 'kebele',
      location_id: place.kebele,
      location_name: ka.name,
    });
    expect((await t.call('GET', '/api/advisoryadmin-level/99999999/')).status).toBe(404);
  });
});
