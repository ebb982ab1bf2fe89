// Attack suite: a REJECTED user writes nothing, through any write route of the contract. The
// walk reads the route table itself, so a route added later is walked too.
import { type RouteDef, routes } from '@gebere/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { proof } from '../backend/test-kit/auth-headers';
import { startBackend, type TestBackend } from '../backend/test-kit/backend';
import { describeOnDatabases } from '../backend/test-kit/databases';
import type { Da } from '../backend/test-kit/fixtures';
import { expectRefusedInAll, TEXTS } from './test-kit';

const OM = {
  da_rejected: 'Galmeen keessan hin fudhatamne. Maaloo hoogganaa keessan qunnamaa.',
  forbidden: 'Tarkaanfii kana raawwachuuf hayyama hin qabdan.',
};
const refusal = (key: keyof typeof OM) => ({
  en: { detail: TEXTS[key].en },
  am: { detail: TEXTS[key].am },
  om: { detail: OM[key] },
});

type Write = 'POST' | 'PUT' | 'PATCH';

describeOnDatabases('a REJECTED user writes nothing (%s)', (kind) => {
  let t: TestBackend;
  /** A DA who is also a national manager and a report user, then REJECTED by an operator. */
  let da: Da;
  let reportUser: { id: number; body: ReturnType<TestBackend['fx']['reportUserBody']> };
  let notification: { id: number; body: Record<string, unknown> };
  let group: number;
  let farmer: number;

  beforeAll(async () => {
    t = await startBackend(kind);
    da = await t.fx.da();
    group = await t.fx.group(da);
    farmer = await t.fx.farmer(da, group);
    await t.fx.grant(da.phone, 'notification_manager');
    const body = t.fx.reportUserBody(da.telegramId);
    const r = await t.call('POST', '/api/report-users/', { headers: da.headers, body });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    reportUser = { id: r.body.id, body };
    const nBody = {
      name: 'Field day',
      message: 'Bring your notebooks.',
      content_type: 'reach',
      frequency: 'weekly',
      interval: 1,
      created_by: da.botUserId,
    };
    const n = await t.call('POST', '/api/location-notifications/', { headers: da.headers, body: nBody });
    expect(n.status, JSON.stringify(n.body)).toBe(201);
    notification = { id: n.body.id, body: nBody };
    const rejected = await t.call('PATCH', `/api/bot-users/${da.botUserId}/`, {
      headers: proof.service(),
      body: { verification_status: 'REJECTED' },
    });
    expect(rejected.status).toBe(200);
  });
  afterAll(() => t?.close());

  /** A well-formed body for the routes whose refusal matters most; `{}` elsewhere is refused the same. */
  const bodyOf = (name: string): unknown => {
    const bodies: Record<string, unknown> = {
      createReportUser: t.fx.reportUserBody(da.telegramId),
      updateReportUser: { ...reportUser.body, name: 'Someone Else' },
      createFarmer: t.fx.farmerBody(da, group, 'Late'),
      createDevelopmentGroup: {
        group_name: 'Back',
        group_type: 'mixed',
        kebele: da.area.kebele,
        created_by: da.daId,
      },
      createReach: { advisory: t.fx.advisoryIds[0], farmer, user: da.daId },
      createNotification: { ...notification.body, name: 'Again' },
      updateNotificationSettings: { ...notification.body, name: 'Changed' },
      patchBotUser: { language: 'am' },
      updateDa: t.fx.daBody(da, da.phone),
    };
    return bodies[name] ?? {};
  };
  /** The route's path with its parameters filled from the user's own records where it has them. */
  const pathOf = (name: string, def: RouteDef) =>
    def.path.replace(/\{(\w+)\}/g, (_, param: string) => {
      if (param === 'kind') return 'roles';
      if (param === 'user_id') return String(da.botUserId);
      const own: Record<string, number> = {
        updateReportUser: reportUser.id,
        updateNotificationSettings: notification.id,
        pauseNotification: notification.id,
        resumeNotification: notification.id,
        patchBotUser: da.botUserId,
        updateDa: da.daId,
      };
      return String(own[name] ?? 1);
    });

  it('every write route of the contract refuses them in en, am and om, and writes nothing', async () => {
    const writes = (Object.entries(routes) as Array<[string, RouteDef]>).filter(
      ([, d]) => d.method !== 'GET',
    );
    // No write is public (a public route reads no proof, so it could not tell who is REJECTED).
    expect(writes.filter(([, d]) => d.policy.who === 'public').map(([n]) => n)).toEqual([]);
    expect(writes.length).toBeGreaterThan(15);
    for (const [name, def] of writes) {
      // The operator's routes refuse every user; the others refuse a REJECTED one.
      const expected = def.policy.who === 'service' ? refusal('forbidden') : refusal('da_rejected');
      const options = {
        headers: { ...da.headers, 'idempotency-key': `rejected-${name}` },
        body: bodyOf(name),
      };
      await expectRefusedInAll(t, def.method as Write, pathOf(name, def), options, 403, expected);
    }
    // What they own is as it was: the profile, the notification (still active, not renamed).
    const profile = await t.db.query('select name, phone_no from report_users where id = $1', [
      reportUser.id,
    ]);
    expect(profile.rows).toEqual([{ name: reportUser.body.name, phone_no: reportUser.body.phone_no }]);
    const n = await t.db.query('select name, active from location_notifications where id = $1', [
      notification.id,
    ]);
    expect(n.rows).toEqual([{ name: 'Field day', active: true }]);
  });

  it('a report-user profile: not with initData, not with a signed link to the form', async () => {
    const link = proof.link(da.telegramId, '/register_report_user', { lang: 'en' });
    for (const headers of [da.headers, link])
      await expectRefusedInAll(
        t,
        'POST',
        '/api/report-users/',
        { headers, body: t.fx.reportUserBody(da.telegramId) },
        403,
        refusal('da_rejected'),
      );
    // Their own lookups stay (the screen shows why): reads are not writes.
    const own = await t.call('GET', '/api/report-users/', {
      headers: da.headers,
      query: { created_by: da.telegramId, paginate: 'false' },
    });
    expect(own.status).toBe(200);
  });

  it('a user who is not REJECTED still registers as a report user', async () => {
    const stranger = await t.fx.user();
    const r = await t.call('POST', '/api/report-users/', {
      headers: stranger.headers,
      body: t.fx.reportUserBody(stranger.telegramId),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  });
});
