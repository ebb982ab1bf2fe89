// Attack suite, reports: an area's counts go only to whoever covers that area. A
// report user sees their profile's woreda, a DA their kebele, a supervisor their grant's area;
// asking for any other area is a 403 in the user's language, never a report.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proof } from '../backend/test-kit/auth-headers';
import { startBackend, type TestBackend } from '../backend/test-kit/backend';
import { describeOnDatabases } from '../backend/test-kit/databases';
import { type Da, type User, uniquePhone } from '../backend/test-kit/fixtures';
import { detail, expectRefused } from './test-kit';

const PATH = '/api/reports/';

describeOnDatabases('attacks on reports (%s)', (kind) => {
  let t: TestBackend;
  /** A report user whose profile names fx.area's woreda. */
  let reporter: User;
  let daA: Da;
  let daB: Da;
  beforeAll(async () => {
    t = await startBackend(kind);
    daA = await t.fx.da();
    daB = await t.fx.da(t.fx.otherArea);
    // Something to count on both sides, so a leak would show numbers.
    for (const da of [daA, daB]) await t.fx.farmer(da, await t.fx.group(da));
    reporter = await t.fx.user(`+251${uniquePhone()}`);
    const r = await t.call('POST', '/api/report-users/', {
      headers: reporter.headers,
      body: t.fx.reportUserBody(reporter.telegramId),
    });
    expect(r.status).toBe(201);
  });
  afterAll(() => t?.close());

  const refused = (
    user: User,
    query: Record<string, string | number>,
    key: 'out_of_area' | 'no_report_scope',
  ) => expectRefused(t, 'GET', PATH, { headers: user.headers, query }, 403, detail(key));

  describe('a woreda report user never sees another woreda', () => {
    it('opens on their own woreda and drills down into its kebeles', async () => {
      const own = await t.call('GET', PATH, { headers: reporter.headers });
      expect(own.status).toBe(200);
      expect(own.body.area).toMatchObject({ level: 'woreda', id: t.fx.area.woreda });
      expect(own.body.trail).toEqual([]);
      expect(own.body.by_area.map((k: { id: number }) => k.id)).toContain(t.fx.area.kebele);
      const kebele = await t.call('GET', PATH, {
        headers: reporter.headers,
        query: { level: 'kebele', area: t.fx.area.kebele },
      });
      expect(kebele.status).toBe(200);
      expect(kebele.body.trail).toMatchObject([{ level: 'woreda', id: t.fx.area.woreda }]);
      expect(kebele.body.totals.farmers).toBeGreaterThan(0);
    });

    it('is refused another woreda, its kebeles, the zone above and the country (403, en and am)', async () => {
      const other = t.fx.otherArea;
      await refused(reporter, { level: 'woreda', area: other.woreda }, 'out_of_area');
      await refused(reporter, { level: 'kebele', area: other.kebele }, 'out_of_area');
      await refused(reporter, { level: 'zone', area: t.fx.area.zone }, 'out_of_area');
      await refused(reporter, { level: 'region', area: t.fx.area.region }, 'out_of_area');
      await refused(reporter, { level: 'all' }, 'out_of_area');
    });

    it('a signed link to another screen does not open reports', async () => {
      const r = await t.call('GET', PATH, {
        headers: proof.link(reporter.telegramId, '/register_report_user', {}),
      });
      expect(r.status).toBe(403);
    });
  });

  describe('a DA never sees another kebele', () => {
    it('opens on their own kebele', async () => {
      const own = await t.call('GET', PATH, { headers: daA.headers });
      expect(own.status).toBe(200);
      expect(own.body.area).toMatchObject({ level: 'kebele', id: daA.area.kebele });
      expect(own.body.by_area).toEqual([]);
    });
    it('is refused another kebele and their own woreda', async () => {
      await refused(daA, { level: 'kebele', area: daB.area.kebele }, 'out_of_area');
      await refused(daA, { level: 'woreda', area: daA.area.woreda }, 'out_of_area');
    });
    it('a REJECTED DA sees nothing', async () => {
      const da = await t.fx.da();
      const patch = await t.call('PATCH', `/api/bot-users/${da.botUserId}/`, {
        headers: proof.service(),
        body: { id: da.botUserId, verification_status: 'REJECTED' },
      });
      expect(patch.status).toBe(200);
      await expectRefused(t, 'GET', PATH, { headers: da.headers }, 403, detail('da_rejected'));
    });
  });

  it("a supervisor sees their grant's area and nothing beside it", async () => {
    const phone = uniquePhone();
    const supervisor = await t.fx.user(`+251${phone}`);
    await t.fx.grant(phone, 'supervisor', 'zone', t.fx.area.zone);
    const own = await t.call('GET', PATH, { headers: supervisor.headers });
    expect(own.body.area).toMatchObject({ level: 'zone', id: t.fx.area.zone });
    const down = await t.call('GET', PATH, {
      headers: supervisor.headers,
      query: { level: 'kebele', area: t.fx.area.kebele },
    });
    expect(down.status).toBe(200);
    expect(down.body.trail.map((a: { level: string }) => a.level)).toEqual(['zone', 'woreda']);
    await refused(supervisor, { level: 'region', area: t.fx.area.region }, 'out_of_area');
    await refused(supervisor, { level: 'kebele', area: t.fx.otherArea.kebele }, 'out_of_area');
  });

  it('anyone else is told who reports are for', async () => {
    const stranger = await t.fx.user(`+251${uniquePhone()}`);
    await refused(stranger, {}, 'no_report_scope');
    await refused(stranger, { level: 'kebele', area: daA.area.kebele }, 'no_report_scope');
  });

  it('bad input is a 400 or 404, never a 5xx', async () => {
    const bad: Array<[Record<string, string | number>, number]> = [
      [{ level: 'kebele' }, 400],
      [{ level: 'moon', area: 1 }, 400],
      [{ from: '2026-02-30', to: '2026-03-01' }, 400],
      [{ from: '2026-03-02', to: '2026-03-01' }, 400],
      [{ from: '2024-01-01', to: '2026-03-01' }, 400],
      [{ from: '2026-03-01' }, 400],
      [{ level: 'kebele', area: 999_999_999 }, 404],
      [{ value_chain: 'x' }, 400],
    ];
    for (const [query, status] of bad) {
      const r = await t.call('GET', PATH, { headers: proof.service(), query });
      expect({ query, status: r.status }).toEqual({ query, status });
    }
  });
});
