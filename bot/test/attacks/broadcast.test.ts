// Attack suite, class 2 through the backend and the notification planner: who may
// make the engine message every DA.
import { SEND_NOW_PER_DAY } from '@gebere/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plan } from '../../src/notifications/index';
import { emptyCounts } from '../../src/notifications/types';
import { startBackend, type TestBackend } from '../backend/test-kit/backend';
import { describeOnDatabases } from '../backend/test-kit/databases';
import { type Da, type User, uniquePhone } from '../backend/test-kit/fixtures';
import { detail, expectRefused, fieldError, TEXTS } from './test-kit';

const PATH = '/api/location-notifications/';

describeOnDatabases('attacks on notifications (%s)', (kind) => {
  let t: TestBackend;
  let da: Da;
  beforeAll(async () => {
    t = await startBackend(kind);
    da = await t.fx.da();
    await runPlanner(); // whatever the seed holds is planned once, before the attacks
  });
  afterAll(() => t?.close());

  const runPlanner = () => plan(t.db, Date.now(), 3_600_000, emptyCounts());
  const deliveries = async () =>
    Number(
      (await t.db.query<{ n: number }>('select count(*)::int as n from notification_deliveries')).rows[0]?.n,
    );
  const phishing = (creator: User, extra: object = {}) => ({
    name: 'Urgent',
    message: 'Your account is blocked, log in at https://gebere.example.com/login',
    content_type: 'advisory',
    send_now: true,
    location_type: 'all',
    created_by: creator.botUserId,
    ...extra,
  });

  /** Targets at every level outside the fixtures' first area (and so outside a grant over it). */
  const elsewhere = () => {
    const { otherArea } = t.fx;
    return [
      ['region', otherArea.region],
      ['zone', otherArea.zone],
      ['woreda', otherArea.woreda],
      ['kebele', otherArea.kebele],
    ] as const;
  };

  /** Refused in en and am, nothing written, and the planner then queues nothing either. */
  const refusedAndNotQueued = async (
    creator: User,
    body: object,
    status: number,
    bodies: Parameters<typeof expectRefused>[5],
  ) => {
    await runPlanner(); // earlier legitimate sends are queued first
    const before = await deliveries();
    await expectRefused(t, 'POST', PATH, { headers: creator.headers, body }, status, bodies);
    await runPlanner();
    expect(await deliveries()).toBe(before);
  };

  describe('2. Broadcast by anyone', () => {
    it('a bot user with no grant cannot send to all (403 not_manager), nothing queued', async () => {
      const nobody = await t.fx.user(`+251${uniquePhone()}`);
      await refusedAndNotQueued(nobody, phishing(nobody), 403, detail('not_manager'));
      // Nor a bot user who never shared a phone, nor a VERIFIED DA without the grant.
      const bare = await t.fx.user();
      await refusedAndNotQueued(bare, phishing(bare), 403, detail('not_manager'));
      await refusedAndNotQueued(da, phishing(da), 403, detail('not_manager'));
    });

    it('a region manager cannot target all (national_needs_grant) or another region', async () => {
      const { area } = t.fx;
      const manager = await t.fx.manager('region', area.region);
      await refusedAndNotQueued(manager, phishing(manager), 403, detail('national_needs_grant'));
      for (const [location_type, location_id] of elsewhere())
        await refusedAndNotQueued(
          manager,
          phishing(manager, { location_type, location_id }),
          403,
          detail('target_outside_area'),
        );
      // The legitimate send to their own region is queued for the DA there.
      const before = await deliveries();
      const ok = await t.call('POST', PATH, {
        headers: manager.headers,
        body: phishing(manager, { location_type: 'region', location_id: area.region, message: 'Rain' }),
      });
      expect(ok.status, JSON.stringify(ok.body)).toBe(201);
      await runPlanner();
      const queued = await t.db.query<{ bot_user_id: number }>(
        'select bot_user_id from notification_deliveries where notification_id = $1',
        [ok.body.id],
      );
      expect(queued.rows.map((r) => Number(r.bot_user_id))).toContain(da.botUserId);
      expect(await deliveries()).toBeGreaterThan(before);
    });

    it("only a national manager may spend the bot's Stars on a paid broadcast", async () => {
      const { area } = t.fx;
      const regional = await t.fx.manager('region', area.region);
      const inRegion = { location_type: 'region', location_id: area.region };
      // A region manager, even inside their own region: refused, nothing queued.
      await refusedAndNotQueued(
        regional,
        phishing(regional, { ...inRegion, paid_broadcast: true }),
        403,
        detail('paid_needs_national_grant'),
      );
      // Nor by editing their own (free) notification into a paid one.
      const own = await t.call('POST', PATH, {
        headers: regional.headers,
        body: phishing(regional, { ...inRegion, message: 'Rain' }),
      });
      expect(own.status, JSON.stringify(own.body)).toBe(201);
      expect(own.body.paid_broadcast).toBe(false);
      await expectRefused(
        t,
        'PUT',
        `${PATH}${own.body.id}/update-settings/`,
        { headers: regional.headers, body: phishing(regional, { ...inRegion, paid_broadcast: true }) },
        403,
        detail('paid_needs_national_grant'),
      );
      // Paid means send-now: a paid recurring reminder would be billed every week (400).
      const national = await t.fx.manager();
      await refusedAndNotQueued(
        national,
        phishing(national, { send_now: false, frequency: 'weekly', interval: 1, paid_broadcast: true }),
        400,
        fieldError('paid_broadcast', 'paid_needs_send_now'),
      );
      // A national manager may; its rows are queued in the paid lane.
      const paid = await t.call('POST', PATH, {
        headers: national.headers,
        body: phishing(national, { message: 'Rain', paid_broadcast: true }),
      });
      expect(paid.status, JSON.stringify(paid.body)).toBe(201);
      expect(paid.body.paid_broadcast).toBe(true);
      await runPlanner();
      const lanes = await t.db.query<{ priority: number }>(
        'select distinct priority from notification_deliveries where notification_id = $1',
        [paid.body.id],
      );
      expect(lanes.rows).toEqual([{ priority: 0 }]);
    });

    it('caps name at 100 and message at 1000 characters (400)', async () => {
      const manager = await t.fx.manager();
      await refusedAndNotQueued(
        manager,
        phishing(manager, { name: 'x'.repeat(101) }),
        400,
        fieldError('name', 'max_length_100'),
      );
      await refusedAndNotQueued(
        manager,
        phishing(manager, { message: 'x'.repeat(1001) }),
        400,
        fieldError('message', 'max_length_1000'),
      );
      const atLimit = await t.call('POST', PATH, {
        headers: manager.headers,
        body: phishing(manager, { name: 'x'.repeat(100), message: 'y'.repeat(1000) }),
      });
      expect(atLimit.status).toBe(201);
    });

    it(`refuses the ${SEND_NOW_PER_DAY + 1}th send-now in 24 hours (429 send_now_quota)`, async () => {
      expect(TEXTS.send_now_quota.en).toContain(` ${SEND_NOW_PER_DAY} `);
      const manager = await t.fx.manager();
      for (let i = 0; i < SEND_NOW_PER_DAY; i++) {
        const r = await t.call('POST', PATH, {
          headers: manager.headers,
          body: phishing(manager, { name: `Send ${i}` }),
        });
        expect(r.status, `send-now #${i + 1}`).toBe(201);
      }
      await refusedAndNotQueued(manager, phishing(manager), 429, detail('send_now_quota'));
      // Turning a scheduled notification into a send-now is one more send: refused too.
      const scheduled = await t.call('POST', PATH, {
        headers: manager.headers,
        body: phishing(manager, { send_now: false, frequency: 'weekly', interval: 1 }),
      });
      expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(201);
      await expectRefused(
        t,
        'PUT',
        `${PATH}${scheduled.body.id}/update-settings/`,
        { headers: manager.headers, body: phishing(manager) },
        429,
        detail('send_now_quota'),
      );
      // Another manager is not affected.
      const other = await t.fx.manager();
      const r = await t.call('POST', PATH, { headers: other.headers, body: phishing(other) });
      expect(r.status).toBe(201);
    });
  });

  describe('Send-now quota under a race', () => {
    it(`30 parallel send-nows of one manager: exactly ${SEND_NOW_PER_DAY} accepted, the rest 429 with Retry-After`, async () => {
      // Counting and then inserting let all 30 through on PostgreSQL: the quota is checked and
      // logged in the create's transaction, after the manager's row is locked.
      const manager = await t.fx.manager();
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          t.call('POST', PATH, { headers: manager.headers, body: phishing(manager, { name: `Race ${i}` }) }),
        ),
      );
      expect(answers.filter((r) => r.status === 201)).toHaveLength(SEND_NOW_PER_DAY);
      const refused = answers.filter((r) => r.status === 429);
      expect(refused).toHaveLength(30 - SEND_NOW_PER_DAY);
      for (const r of refused) {
        expect(r.body).toEqual({ detail: TEXTS.send_now_quota.en });
        expect(Number(r.raw.headers['retry-after'])).toBeGreaterThan(86_000);
      }
      const created = await t.db.query<{ n: number }>(
        'select count(*)::int as n from location_notifications where created_by = $1',
        [manager.botUserId],
      );
      expect(created.rows[0]?.n).toBe(SEND_NOW_PER_DAY);
    });
  });

  describe("Counting another area's DAs (the form's recipients count)", () => {
    const RECIPIENTS = '/api/location-notifications/recipients/';
    const count = (user: User, query: Record<string, string | number>) =>
      t.call('GET', RECIPIENTS, { headers: user.headers, query });

    it('no grant, no count: a bot user, a DA, a registrant (403 not_manager)', async () => {
      for (const user of [await t.fx.user(`+251${uniquePhone()}`), await t.fx.user(), da])
        await expectRefused(
          t,
          'GET',
          RECIPIENTS,
          { headers: user.headers, query: {} },
          403,
          detail('not_manager'),
        );
    });

    it('a region manager counts only inside their region; the country needs a national grant', async () => {
      const { area } = t.fx;
      const manager = await t.fx.manager('region', area.region);
      await expectRefused(
        t,
        'GET',
        RECIPIENTS,
        { headers: manager.headers, query: { location_type: 'all' } },
        403,
        detail('national_needs_grant'),
      );
      for (const [location_type, location_id] of elsewhere())
        await expectRefused(
          t,
          'GET',
          RECIPIENTS,
          { headers: manager.headers, query: { location_type, location_id } },
          403,
          detail('target_outside_area'),
        );
      // Inside it: the count, and nothing about who they are.
      const own = await count(manager, { location_type: 'kebele', location_id: area.kebele });
      expect(own.status, JSON.stringify(own.body)).toBe(200);
      expect(own.body.recipients).toBeGreaterThanOrEqual(1);
      expect(Object.keys(own.body).sort()).toEqual([
        'paid_queued',
        'paid_rate_per_second',
        'rate_per_second',
        'recipients',
        'send_now_queued',
      ]);
      const national = await t.fx.manager();
      expect(
        (await count(national, { location_type: 'kebele', location_id: t.fx.otherArea.kebele })).status,
      ).toBe(200);
    });
  });
});
