import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startBackend, type TestBackend } from './test-kit/backend';
import { describeOnDatabases } from './test-kit/databases';
import { type Da, uniquePhone } from './test-kit/fixtures';

// No duplicate farmers (docs/decisions.md): a phone registered once in the whole registry, the
// same three names once in a kebele unless the DA confirms, among farmers not retired.
describeOnDatabases('duplicate farmers (%s)', (kind) => {
  let t: TestBackend;
  let da: Da;
  let other: Da;
  let group: number;
  let otherGroup: number;
  const post = (who: Da, body: unknown, lang = 'en') =>
    t.call('POST', '/api/farmer-profiles/', { headers: { ...who.headers, 'accept-language': lang }, body });
  beforeAll(async () => {
    t = await startBackend(kind);
    da = await t.fx.da();
    other = await t.fx.da(t.fx.otherArea);
    group = await t.fx.group(da, 'Tesfa Group');
    otherGroup = await t.fx.group(other, 'Far Group');
  });
  afterAll(() => t?.close());

  it('a phone already registered in the kebele names its group; in another kebele, nothing', async () => {
    const first = t.fx.farmerBody(da, group);
    expect((await post(da, first)).status).toBe(201);
    const before = await t.fx.rowCounts();
    const again = { ...t.fx.farmerBody(da, group, 'Someone'), phone_number: first.phone_number };
    expect(await post(da, again)).toMatchObject({
      status: 400,
      body: {
        phone_number: [
          'A farmer with this phone number is already registered, in the development group Tesfa Group.',
        ],
      },
    });
    // A DA of another kebele learns only that the phone is taken: no name, group or kebele.
    const far = { ...t.fx.farmerBody(other, otherGroup, 'Someone'), phone_number: first.phone_number };
    const r = await post(other, far);
    expect(r).toMatchObject({
      status: 400,
      body: { phone_number: ['A farmer with this phone number is already registered in another kebele.'] },
    });
    expect(JSON.stringify(r.body)).not.toMatch(/Tesfa|Abebe|Kebede/);
    expect(Object.keys(r.body)).toEqual(['phone_number']);
    // In Amharic and Afaan Oromo too, and with a new group in the payload: nothing is written.
    const { development_group: _, ...person } = far;
    for (const lang of ['am', 'om']) {
      const refused = await post(
        other,
        { ...person, development_group: { name: 'New', type: 'mixed' } },
        lang,
      );
      expect(refused.status).toBe(400);
      expect(refused.body.phone_number[0]).not.toMatch(/already registered/);
    }
    expect(await t.fx.rowCounts()).toEqual(before);
  });

  it('the same three names in the kebele ask "register anyway?" and name the farmer found', async () => {
    const first = await post(da, {
      ...t.fx.farmerBody(da, group),
      farmer_name: 'Çalé',
      grand_father_name: 'Dinsa',
    });
    expect(first.status).toBe(201);
    const before = await t.fx.rowCounts();
    // Case, accents and spaces do not make another person.
    const same = { ...t.fx.farmerBody(da, group), farmer_name: '  cale ', grand_father_name: 'DINSA' };
    const r = await post(da, same);
    expect(r).toEqual({
      status: 400,
      raw: expect.anything(),
      body: {
        non_field_errors: [
          'Çalé Kebede Dinsa is already registered in this kebele, in the development group Tesfa Group. Register anyway?',
        ],
        error_code: 'possible_duplicate',
        duplicate_of: {
          id: first.body.id,
          farmer_name: 'Çalé',
          father_name: 'Kebede',
          grand_father_name: 'Dinsa',
          development_group: group,
          group_name: 'Tesfa Group',
        },
      },
    });
    expect((await post(da, same, 'am')).body.non_field_errors[0]).toMatch(/Çalé Kebede Dinsa.*Tesfa Group/);
    expect(await t.fx.rowCounts()).toEqual(before);
    // Confirmed: registered. In another kebele the same names are someone else.
    expect((await post(da, { ...same, register_anyway: true })).status).toBe(201);
    const far = { ...t.fx.farmerBody(other, otherGroup), farmer_name: 'Çalé', grand_father_name: 'Dinsa' };
    expect((await post(other, far)).status).toBe(201);
    // A confirmation does not pass a phone registered already.
    expect((await post(da, { ...same, register_anyway: true, phone_number: far.phone_number })).status).toBe(
      400,
    );
  });

  it('a retired farmer frees their phone and names', async () => {
    const body = { ...t.fx.farmerBody(da, group), farmer_name: 'Moved' };
    const first = await post(da, body);
    const retire = await t.call('POST', `/api/farmers/${first.body.id}/retire/`, {
      headers: da.headers,
      body: { reason: 'moved' },
    });
    expect(retire).toMatchObject({ status: 200, body: { retired_reason: 'moved' } });
    expect((await post(da, body)).status).toBe(201);
  });

  /**
   * Two registrations that both reach the server before either is saved: the test holds every
   * insert into farmers back (a table lock in its own transaction) until both are waiting on a
   * lock, then lets them go. Without the checks' own locks both would pass the check first.
   */
  async function race(bodies: unknown[]) {
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    let taken = () => {};
    const lockTaken = new Promise<void>((r) => {
      taken = r;
    });
    const blocker = t.db.transaction(async (tx) => {
      await tx.query('lock table farmers in share row exclusive mode');
      taken();
      await held;
    });
    await lockTaken;
    const answers = Promise.all(bodies.map((b) => post(da, b)));
    await vi.waitFor(
      async () => {
        const r = await t.db.query<{ n: number }>(
          'select count(*)::int as n from pg_locks where not granted',
        );
        expect(r.rows[0]?.n).toBe(bodies.length);
      },
      { timeout: 10_000, interval: 20 },
    );
    release();
    await blocker;
    return (await answers).map((a) => a.status).sort();
  }

  it.skipIf(kind !== 'postgres')(
    'two registrations of one person at the same time: one is saved',
    async () => {
      const phone = uniquePhone();
      const racers = [0, 1].map((i) => ({
        ...t.fx.farmerBody(da, group, `Racer ${i}`),
        phone_number: phone,
      }));
      expect(await race(racers)).toEqual([201, 400]);
      expect((await t.db.query('select id from farmers where phone_number = $1', [phone])).rows).toHaveLength(
        1,
      );
      // The same names with different phones: one, then the question.
      const twins = [0, 1].map(() => ({ ...t.fx.farmerBody(da, group, 'Twin'), grand_father_name: 'Same' }));
      expect(await race(twins)).toEqual([201, 400]);
    },
  );
});
