// Attack suite: revocation stops what the grant allowed. A manager whose grant an operator
// revoked must not keep messaging DAs through notifications made while they held it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plan } from '../../src/notifications/index';
import { claim } from '../../src/notifications/queue';
import { emptyCounts } from '../../src/notifications/types';
import { proof } from '../backend/test-kit/auth-headers';
import { startBackend, type TestBackend } from '../backend/test-kit/backend';
import { describeOnDatabases } from '../backend/test-kit/databases';
import { type User, uniquePhone } from '../backend/test-kit/fixtures';
import { expectRefusedInAll, TEXTS } from './test-kit';

const PATH = '/api/location-notifications/';
const SERVICE = { headers: proof.service() };

const TEXT = {
  not_manager: {
    en: { detail: TEXTS.not_manager.en },
    am: { detail: TEXTS.not_manager.am },
    om: { detail: "Kana hoogganoota beeksisaa dhaabbanni keessan ramade qofatu gochuu danda'a." },
  },
  forbidden: {
    en: { detail: TEXTS.forbidden.en },
    am: { detail: TEXTS.forbidden.am },
    om: { detail: 'Tarkaanfii kana raawwachuuf hayyama hin qabdan.' },
  },
  resume_needs_grant: {
    en: {
      detail:
        'Its creator holds no notification-manager grant covering its target now. Grant one first (gebere grant), then resume it.',
    },
    am: { detail: 'ፈጣሪው አሁን ዒላማውን የሚሸፍን የማሳወቂያ አስተዳዳሪ ፈቃድ የለውም። መጀመሪያ ፈቃድ ይስጡ (gebere grant)፣ ከዚያ ያስቀጥሉት።' },
    om: {
      detail:
        'Uumaan isaa amma hayyama hoogganaa beeksisaa naannoo isaa haguugu hin qabu. Dura hayyama kennaa (gebere grant), sana booda itti fufsiisaa.',
    },
  },
  notification_removed: {
    en: { detail: 'This notification was removed by its creator: there is nothing to stop or resume.' },
    am: { detail: 'ይህ ማሳወቂያ በፈጣሪው ተወግዷል፤ የሚቆም ወይም የሚቀጥል ነገር የለም።' },
    om: { detail: 'Beeksisni kun uumaa isaatiin haqameera: kan dhaabbatu ykn itti fufu hin jiru.' },
  },
};

describeOnDatabases('attacks on revocation (%s)', (kind) => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await startBackend(kind);
    await t.fx.da(); // a DA in the managers' region: their notifications queue deliveries
    await runPlanner(); // whatever the seed holds is planned once
  });
  afterAll(() => t?.close());

  const runPlanner = () => plan(t.db, Date.now(), 3_600_000, emptyCounts());
  const revoke = (phone: string, location_type = 'all', location_id: number | null = null) =>
    t.call('POST', '/api/role-grants/revoke/', {
      ...SERVICE,
      body: { phone_number: phone, role: 'notification_manager', location_type, location_id },
    });
  const create = async (manager: User, extra: object = {}) => {
    const body = {
      name: 'Weekly reach',
      message: 'Please record reach this week.',
      content_type: 'reach',
      frequency: 'weekly',
      interval: 1,
      location_type: 'region',
      location_id: t.fx.area.region,
      created_by: manager.botUserId,
      ...extra,
    };
    const r = await t.call('POST', PATH, { headers: manager.headers, body });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return { id: r.body.id as number, body };
  };
  const stored = async (id: number) =>
    (
      await t.db.query<{ name: string; active: boolean; paused_reason: string | null }>(
        'select name, active, paused_reason from location_notifications where id = $1',
        [id],
      )
    ).rows[0];
  const queued = async (id: number) =>
    Number(
      (
        await t.db.query<{ n: number }>(
          `select count(*)::int as n from notification_deliveries where notification_id = $1 and status = 'queued'`,
          [id],
        )
      ).rows[0]?.n,
    );
  const listed = async (manager: User) => {
    const r = await t.call('GET', `${PATH}by-creator/${manager.botUserId}`, {
      headers: manager.headers,
      query: { paginate: 'false' },
    });
    expect(r.status).toBe(200);
    return r.body as Array<{ id: number; paused: string | null }>;
  };

  describe('a revoked manager', () => {
    it('their notifications pause at once, queued deliveries included; the list shows them paused', async () => {
      const manager = await t.fx.manager('region', t.fx.area.region);
      const weekly = await create(manager);
      const now = await create(manager, { send_now: true, frequency: undefined, interval: undefined });
      await runPlanner();
      expect(await queued(now.id)).toBeGreaterThan(0);

      const r = await revoke(manager.phone, 'region', t.fx.area.region);
      expect(r.body).toEqual({ revoked: 1, paused: 2 });
      // Not one queued delivery can be claimed from here on, and the planner cancels them.
      const leased = await claim(t.db, {
        now: Date.now(),
        worker: 'attack',
        batchSize: 100,
        leaseMs: 30_000,
        horizonMs: 3_000,
        ratePerSecond: 1000,
      });
      const mine = await t.db.query(
        'select 1 from notification_deliveries where id = any($1) and notification_id = $2',
        [leased.ids, now.id],
      );
      expect(mine.rows).toEqual([]);
      await runPlanner();
      expect(await queued(now.id)).toBe(0);
      expect(await stored(weekly.id)).toEqual({ name: 'Weekly reach', active: true, paused_reason: 'grant' });
      expect(await listed(manager)).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ id: weekly.id, paused: 'grant' }),
          expect.objectContaining({ id: now.id, paused: 'grant' }),
        ]),
      );
      const details = await t.call('GET', `${PATH}${weekly.id}/details`, { headers: manager.headers });
      expect(details.body).toMatchObject({ active: true, paused: 'grant' });
    });

    it('may not edit, re-send or create, in en, am and om, and nothing changes', async () => {
      const manager = await t.fx.manager('region', t.fx.area.region);
      const n = await create(manager);
      await revoke(manager.phone, 'region', t.fx.area.region);
      const settings = `${PATH}${n.id}/update-settings/`;
      for (const body of [
        { ...n.body, name: 'Edited' },
        { ...n.body, send_now: true, frequency: null, interval: null },
        { ...n.body, active: true },
      ])
        await expectRefusedInAll(
          t,
          'PUT',
          settings,
          { headers: manager.headers, body },
          403,
          TEXT.not_manager,
        );
      await expectRefusedInAll(
        t,
        'POST',
        PATH,
        { headers: manager.headers, body: n.body },
        403,
        TEXT.not_manager,
      );
      expect(await stored(n.id)).toEqual({ name: 'Weekly reach', active: true, paused_reason: 'grant' });
    });

    it('may still remove their own (soft removal), which nobody else may', async () => {
      const manager = await t.fx.manager('region', t.fx.area.region);
      const n = await create(manager);
      await revoke(manager.phone, 'region', t.fx.area.region);
      const settings = `${PATH}${n.id}/update-settings/`;
      const other = await t.fx.manager();
      await expectRefusedInAll(
        t,
        'PUT',
        settings,
        { headers: other.headers, body: { active: false } },
        403,
        TEXT.forbidden,
      );
      const removed = await t.call('PUT', settings, { headers: manager.headers, body: { active: false } });
      expect(removed.status, JSON.stringify(removed.body)).toBe(200);
      expect(removed.body).toMatchObject({ id: n.id, active: false });
      expect((await listed(manager)).map((x) => x.id)).not.toContain(n.id);
    });
  });

  describe('a grant stops applying in other ways', () => {
    it('a manager REJECTED, or whose verified phone changed, has their notifications paused too', async () => {
      const rejected = await t.fx.manager('region', t.fx.area.region);
      const n1 = await create(rejected);
      const r = await t.call('PATCH', `/api/bot-users/${rejected.botUserId}/`, {
        ...SERVICE,
        body: { verification_status: 'REJECTED' },
      });
      expect(r.status).toBe(200);
      expect((await stored(n1.id))?.paused_reason).toBe('grant');
      // VERIFIED again (the grant is still there): the operator resumes it, not the status change.
      await t.call('PATCH', `/api/bot-users/${rejected.botUserId}/`, {
        ...SERVICE,
        body: { verification_status: 'PENDING' },
      });
      expect((await stored(n1.id))?.paused_reason).toBe('grant');
      expect((await t.call('POST', `${PATH}${n1.id}/resume/`, SERVICE)).status).toBe(200);

      // Another Telegram user's phone: the account shares a new contact (the bot's upsert).
      const moved = await t.fx.manager('region', t.fx.area.region);
      const n2 = await create(moved);
      const upsert = await t.call('POST', '/api/bot-users/', {
        ...SERVICE,
        body: {
          telegram_id: moved.telegramId,
          chat_id: moved.telegramId,
          first_name: 'M',
          phone_number: `+251${uniquePhone()}`,
        },
      });
      expect(upsert.status, JSON.stringify(upsert.body)).toBe(200);
      expect((await stored(n2.id))?.paused_reason).toBe('grant');
    });
  });

  describe('resuming is the operator’s, and only under a grant again', () => {
    it('a new grant resumes nothing by itself; resume refuses until one covers the target', async () => {
      const manager = await t.fx.manager('region', t.fx.area.region);
      const n = await create(manager);
      await revoke(manager.phone, 'region', t.fx.area.region);
      const resume = `${PATH}${n.id}/resume/`;
      await expectRefusedInAll(t, 'POST', resume, SERVICE, 409, TEXT.resume_needs_grant);
      // A grant elsewhere does not cover it.
      await t.fx.grant(manager.phone, 'notification_manager', 'region', t.fx.otherArea.region);
      await expectRefusedInAll(t, 'POST', resume, SERVICE, 409, TEXT.resume_needs_grant);
      // A grant covering it again: still paused until the operator resumes it.
      await t.fx.grant(manager.phone, 'notification_manager', 'region', t.fx.area.region);
      expect((await stored(n.id))?.paused_reason).toBe('grant');
      const r = await t.call('POST', resume, SERVICE);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({ id: n.id, active: true, paused: null });
      // The manager (not the operator) cannot stop or resume through these routes.
      for (const action of ['pause', 'resume'])
        await expectRefusedInAll(
          t,
          'POST',
          `${PATH}${n.id}/${action}/`,
          { headers: manager.headers },
          403,
          TEXT.forbidden,
        );
    });

    it('each notification is decided on its own: a remaining grant keeps what it covers going', async () => {
      const manager = await t.fx.manager('region', t.fx.area.region);
      await t.fx.grant(manager.phone, 'notification_manager', 'all');
      const inRegion = await create(manager);
      const national = await create(manager, { location_type: 'all', location_id: undefined });
      // The region grant goes, the national one stays: nothing pauses.
      expect((await revoke(manager.phone, 'region', t.fx.area.region)).body).toEqual({
        revoked: 1,
        paused: 0,
      });
      expect((await stored(inRegion.id))?.paused_reason).toBeNull();
      // Back to a region grant only, the national grant revoked: only the national one pauses.
      await t.fx.grant(manager.phone, 'notification_manager', 'region', t.fx.area.region);
      expect((await revoke(manager.phone)).body).toEqual({ revoked: 1, paused: 1 });
      expect((await stored(inRegion.id))?.paused_reason).toBeNull();
      expect((await stored(national.id))?.paused_reason).toBe('grant');
    });

    it('an operator stops one; the manager sees it paused; a removed one has nothing to stop', async () => {
      const manager = await t.fx.manager('region', t.fx.area.region);
      const n = await create(manager);
      const stop = await t.call('POST', `${PATH}${n.id}/pause/`, SERVICE);
      expect(stop.status).toBe(200);
      expect(stop.body).toMatchObject({ paused: 'operator' });
      expect(await listed(manager)).toEqual(
        expect.arrayContaining([expect.objectContaining({ id: n.id, paused: 'operator' })]),
      );
      // The manager still holds the grant: may edit it, but the pause stays.
      const edit = await t.call('PUT', `${PATH}${n.id}/update-settings/`, {
        headers: manager.headers,
        body: { ...n.body, name: 'Renamed' },
      });
      expect(edit.status, JSON.stringify(edit.body)).toBe(200);
      expect(edit.body).toMatchObject({ name: 'Renamed', paused: 'operator' });
      await t.call('PUT', `${PATH}${n.id}/update-settings/`, {
        headers: manager.headers,
        body: { active: false },
      });
      await expectRefusedInAll(t, 'POST', `${PATH}${n.id}/pause/`, SERVICE, 409, TEXT.notification_removed);
      await expectRefusedInAll(t, 'POST', `${PATH}${n.id}/resume/`, SERVICE, 409, TEXT.notification_removed);
    });
  });
});
