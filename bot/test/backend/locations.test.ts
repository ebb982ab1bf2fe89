import { translate } from '@gebere/i18n';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startBackend, type TestBackend } from './test-kit/backend';
import { describeOnDatabases } from './test-kit/databases';

describeOnDatabases('admin areas (%s)', (kind) => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await startBackend(kind);
  });
  afterAll(() => t?.close());

  it('lists the 14 regions publicly, plain or paged', async () => {
    const plain = await t.call('GET', '/regions/', { query: { paginate: 'false' } });
    expect(plain.status).toBe(200);
    expect(plain.body).toHaveLength(14);
    expect(plain.body[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      name_am: expect.any(String),
      name_om: null,
      code: expect.any(String),
    });
    const paged = await t.call('GET', '/regions/', { query: { page_size: 5 } });
    expect(paged.body).toMatchObject({ count: 14, previous: null });
    expect(paged.body.results).toHaveLength(5);
    expect(paged.body.next).toBe('http://localhost/backend/regions/?page_size=5&page=2');
    const last = await t.call('GET', '/regions/', { query: { page_size: 5, page: 3 } });
    expect(last.body.results).toHaveLength(4);
    expect(last.body.next).toBeNull();
    expect(last.body.previous).toBe('http://localhost/backend/regions/?page_size=5&page=2');
    expect(await t.call('GET', '/regions/', { query: { page: 4, page_size: 5 } })).toMatchObject({
      status: 404,
      body: { detail: 'Invalid page.' },
    });
  });

  it("finds one area by its code, even one that does not extend its parent's", async () => {
    // Woreda ET031702 (Bahir Dar Zuria) sits in zone ET0313: its code does not begin with its zone's.
    const w = await t.call('GET', '/woredas/', { query: { code: 'ET031702', paginate: 'false' } });
    expect(w.status).toBe(200);
    expect(w.body).toEqual([
      { id: expect.any(Number), name: expect.any(String), name_am: null, name_om: null, code: 'ET031702' },
    ]);
    // An area whose Latin name has English words is named in Afaan Oromo (seed/admin/names-om.csv).
    expect(
      (await t.call('GET', '/zones/', { query: { code: 'ET0301', paginate: 'false' } })).body,
    ).toMatchObject([{ name: 'North Gondar', name_am: 'ሰሜን ጎንደር', name_om: 'Gondar Kaabaa' }]);
    const zone = await t.db.query<{ code: string }>(
      'select z.code from woredas w join zones z on z.id = w.zone_id where w.code = $1',
      ['ET031702'],
    );
    expect(zone.rows[0]?.code).toBe('ET0313');
    const k = await t.call('GET', '/kebeles/', { query: { code: 'ET031702888001', paginate: 'false' } });
    expect(k.body).toHaveLength(1);
    expect(
      (await t.call('GET', '/regions/', { query: { code: 'ET03', paginate: 'false' } })).body,
    ).toHaveLength(1);
    expect((await t.call('GET', '/zones/', { query: { code: 'NOPE', paginate: 'false' } })).body).toEqual([]);
    // Neither a parent nor a code: the parent is required, as before.
    expect(await t.call('GET', '/woredas/', { query: { paginate: 'false' } })).toMatchObject({
      status: 400,
      body: { zone: ['Required'] },
    });
  });

  it('serves the Amharic names of regions and zones; woredas and kebeles have none until imported', async () => {
    const list = async (path: string, query: Record<string, string | number>) =>
      (await t.call('GET', path, { query: { paginate: 'false', ...query } })).body as Array<{
        id: number;
        name: string;
        name_am: string | null;
        code: string;
      }>;
    const regions = await list('/regions/', {});
    expect(regions.find((r) => r.code === 'ET03')).toMatchObject({ name: 'Amhara', name_am: 'አማራ' });
    expect(regions.every((r) => /\p{Script=Ethiopic}/u.test(r.name_am ?? ''))).toBe(true);
    const amhara = regions.find((r) => r.code === 'ET03')?.id as number;
    const zones = await list('/zones/', { region: amhara });
    expect(zones.find((z) => z.code === 'ET0301')).toMatchObject({
      name: 'North Gondar',
      name_am: 'ሰሜን ጎንደር',
    });
    expect(zones.filter((z) => !z.name_am)).toEqual([]);
    const woredas = await list('/woredas/', { zone: zones[0]?.id as number });
    expect(woredas.length).toBeGreaterThan(0);
    expect(woredas.every((w) => w.name_am === null)).toBe(true);
    // An operator's import fills them; the list serves it.
    const woreda = woredas[0] as (typeof woredas)[number];
    await t.db.query('update woredas set name_am = $1 where id = $2', ['የሙከራ ወረዳ', woreda.id]);
    const [again] = await list('/woredas/', { code: woreda.code });
    expect(again).toEqual({ ...woreda, name_am: 'የሙከራ ወረዳ' });
    await t.db.query('update woredas set name_am = null where id = $1', [woreda.id]);
  });

  it('walks region → zone → woreda → kebele by parent', async () => {
    const { region, zone, woreda, kebele } = t.fx.area;
    const zones = await t.call('GET', '/zones/', { query: { region, paginate: 'false' } });
    expect(zones.body.map((z: { id: number }) => z.id)).toContain(zone);
    const woredas = await t.call('GET', '/woredas/', { query: { zone, paginate: 'false' } });
    expect(woredas.body.map((w: { id: number }) => w.id)).toContain(woreda);
    const kebeles = await t.call('GET', '/kebeles', { query: { woreda, paginate: 'false' } });
    expect(kebeles.body.map((k: { id: number }) => k.id)).toContain(kebele);
    // Sorted by name for the selects.
    const names = kebeles.body.map((k: { name: string }) => k.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    expect((await t.call('GET', '/zones/', { query: { region: 999_999, paginate: 'false' } })).body).toEqual(
      [],
    );
  });

  it('answers 400 for a missing or bad parent and bad paging', async () => {
    expect(await t.call('GET', '/zones/')).toMatchObject({ status: 400, body: { region: ['Required'] } });
    expect(await t.call('GET', '/zones/', { query: { region: 'abc' } })).toMatchObject({
      status: 400,
      body: { region: ['Enter a whole number.'] },
    });
    expect(await t.call('GET', '/woredas/', { query: { zone: '1.5' } })).toMatchObject({
      body: { zone: ['Enter a whole number.'] },
    });
    expect(await t.call('GET', '/kebeles/', { query: { woreda: 0 } })).toMatchObject({
      body: { woreda: ['Ensure this value is greater than or equal to 1.'] },
    });
    expect(await t.call('GET', '/regions/', { query: { paginate: 'no' } })).toMatchObject({
      body: { paginate: ['Select a valid choice. "no" is not one of the available choices.'] },
    });
    expect(await t.call('GET', '/regions/', { query: { page_size: 5000 } })).toMatchObject({
      body: { page_size: ['Ensure this value is less than or equal to 1000.'] },
    });
  });

  it('says it in Amharic when asked', async () => {
    const r = await t.call('GET', '/zones/', { headers: { 'accept-language': 'am-ET,am;q=0.9,en;q=0.5' } });
    expect(r.body).toEqual({ region: [translate('am', 'validation.required')] });
    expect(r.body.region[0]).toBe('ያስፈልጋል');
  });
});
