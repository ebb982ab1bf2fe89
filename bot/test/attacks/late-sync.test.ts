// Attack suite: late sync (docs/authorization.md "Late sync"). A DA's outbox sends a record days
// after it was captured, with the proof it was captured under; the server accepts it for a keyed
// create within LATE_SYNC_DAYS (7 here) of that proof's end, and for nothing else. An attacker
// holding an old proof (their own or a leaked one) gets no more than that.
import { CAPTURED_AT_HEADER, LATE_SYNC_REFUSED_HEADER } from '@gebere/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signLink } from '../../src/auth/link';
import { proof, signInitData, TEST_AUTH } from '../backend/test-kit/auth-headers';
import { startBackend, type TestBackend } from '../backend/test-kit/backend';
import { describeOnDatabases } from '../backend/test-kit/databases';
import type { Da } from '../backend/test-kit/fixtures';
import { detail, expectRefused, type TextKey } from './test-kit';

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const iso = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

/** initData Telegram signed `daysAgo` days ago (its 1 h window long over). */
const oldInitData = (telegramId: number, daysAgo: number) => {
  const authDate = now() - Math.round(daysAgo * DAY);
  return { authorization: `tma ${signInitData(telegramId, { authDate })}`, authDate };
};

/** The headers an outbox sends: the stored proof, when the record was captured, its key. */
const late = (authorization: string, capturedAt: number, key: string) => ({
  authorization,
  [CAPTURED_AT_HEADER]: iso(capturedAt),
  'idempotency-key': key,
});

describeOnDatabases('attacks with late-synced records (%s)', (kind) => {
  let t: TestBackend;
  let da: Da;
  let group: number;
  let keys = 0;
  const key = () => `late-sync-${++keys}`;
  beforeAll(async () => {
    // Keys kept as config.lateSync does with the defaults: the longest proof (3 d link) + 7 d.
    t = await startBackend(kind, { idempotencyHours: 72 + 7 * 24 });
    da = await t.fx.da();
    group = await t.fx.group(da);
  });
  afterAll(() => t?.close());

  /** A farmer create (for `who`, into `into`) refused with `status` and `text`, nothing written. */
  const refuseFarmer = (
    headers: Record<string, string>,
    status: number,
    text: TextKey,
    who: Da = da,
    into: number = group,
  ) =>
    expectRefused(
      t,
      'POST',
      '/api/farmer-profiles/',
      { headers, body: t.fx.farmerBody(who, into) },
      status,
      detail(text),
    );

  const farmerCount = async () =>
    Number((await t.db.query<{ n: number }>('select count(*) as n from farmers')).rows[0]?.n);

  describe('initData captured 3 days ago', () => {
    it('creates the farmer captured inside its window, once however often it is replayed', async () => {
      const { authorization, authDate } = oldInitData(da.telegramId, 3);
      const headers = late(authorization, authDate + 600, key());
      const body = t.fx.farmerBody(da, group, 'Captured offline');
      const before = await farmerCount();
      const first = await t.call('POST', '/api/farmer-profiles/', { headers, body });
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      expect(first.body).toMatchObject({ farmer_name: 'Captured offline', created_by: da.daId });
      const again = await t.call('POST', '/api/farmer-profiles/', { headers, body });
      expect(again).toMatchObject({ status: 201, body: first.body });
      expect(again.raw.headers['idempotent-replayed']).toBe('true');
      expect(await farmerCount()).toBe(before + 1);
    });

    it('records reach and adoption, and a development group, with the same proof', async () => {
      const { authorization, authDate } = oldInitData(da.telegramId, 3);
      const farmer = await t.fx.farmer(da, group, 'Reached offline');
      const advisory = t.fx.advisoryIds[0] as number;
      const reach = await t.call('POST', '/api/reach-farmers/', {
        headers: late(authorization, authDate + 60, key()),
        body: { advisory, farmer, user: da.daId },
      });
      expect(reach.status, JSON.stringify(reach.body)).toBe(201);
      const groupMade = await t.call('POST', '/api/development-groups/', {
        headers: late(authorization, authDate + 120, key()),
        body: {
          group_name: 'Offline group',
          group_type: 'mixed',
          kebele: da.area.kebele,
          created_by: da.daId,
        },
      });
      expect(groupMade.status, JSON.stringify(groupMade.body)).toBe(201);
    });

    it('reads nothing with it, and writes nothing without a key or outside the lateSync routes (401)', async () => {
      const { authorization, authDate } = oldInitData(da.telegramId, 3);
      const headers = late(authorization, authDate + 600, key());
      await expectRefused(
        t,
        'GET',
        '/api/farmer-profiles/',
        { headers, query: { outbound_development_group: group } },
        401,
        detail('invalid_proof'),
      );
      const { 'idempotency-key': _, ...unkeyed } = headers;
      await refuseFarmer(unkeyed, 401, 'invalid_proof');
      // A write that is not a record a DA captures (the profile's language) needs a live proof.
      await expectRefused(
        t,
        'PATCH',
        `/api/bot-users/${da.botUserId}/`,
        { headers, body: { id: da.botUserId, language: 'am' } },
        401,
        detail('invalid_proof'),
      );
    });

    it('refuses a capture time outside the proof’s window or in the future (401, its own words)', async () => {
      const { authorization, authDate } = oldInitData(da.telegramId, 3);
      const window = TEST_AUTH.initDataMaxAgeSeconds;
      for (const captured of [authDate - 60, authDate + window + 60, now() + DAY]) {
        await refuseFarmer(late(authorization, captured, key()), 401, 'late_sync_outside_proof');
      }
      const r = await t.call('POST', '/api/farmer-profiles/', {
        headers: late(authorization, authDate - 60, key()),
        body: t.fx.farmerBody(da, group),
      });
      expect(r.raw.headers[LATE_SYNC_REFUSED_HEADER.toLowerCase()]).toBe('outside_proof');
      // No header or an unreadable one: an ordinary expired proof.
      const unreadable = { ...late(authorization, authDate + 60, key()), [CAPTURED_AT_HEADER]: 'yesterday' };
      await refuseFarmer(unreadable, 401, 'invalid_proof');
    });

    it('a forged initData is no proof, late or not', async () => {
      const authDate = now() - 3 * DAY;
      const forged = `tma ${signInitData(da.telegramId, { authDate, botToken: '999:forged' })}`;
      await refuseFarmer(late(forged, authDate + 60, key()), 401, 'invalid_proof');
    });
  });

  it('refuses a record captured 9 days ago, beyond the 7 days of grace, saying so', async () => {
    const { authorization, authDate } = oldInitData(da.telegramId, 9);
    const headers = late(authorization, authDate + 600, key());
    await refuseFarmer(headers, 401, 'late_sync_expired');
    const r = await t.call('POST', '/api/farmer-profiles/', { headers, body: t.fx.farmerBody(da, group) });
    expect(r.raw.headers[LATE_SYNC_REFUSED_HEADER.toLowerCase()]).toBe('expired');
  });

  describe('a signed link', () => {
    const linkHeaders = (expiredDaysAgo: number, path = '/farmer_registration') => {
      const exp = now() - Math.round(expiredDaysAgo * DAY);
      const params = { da_id: da.daId, kebele_id: da.area.kebele };
      const link = signLink(TEST_AUTH.linkSecret, path, params, {
        telegramUserId: da.telegramId,
        ttlSeconds: 3 * DAY,
        now: exp - 3 * DAY,
      });
      return { authorization: `link ${link}`, exp };
    };

    it('expired 2 days ago: creates the farmer captured before its expiry, reads nothing', async () => {
      const { authorization, exp } = linkHeaders(2);
      const created = await t.call('POST', '/api/farmer-profiles/', {
        headers: late(authorization, exp - 3600, key()),
        body: t.fx.farmerBody(da, group, 'Linked offline'),
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      await expectRefused(
        t,
        'GET',
        '/api/development-groups/',
        { headers: late(authorization, exp - 3600, key()), query: { kebele: da.area.kebele } },
        401,
        detail('invalid_proof'),
      );
      await refuseFarmer(late(authorization, exp + 60, key()), 401, 'late_sync_outside_proof');
    });

    it('still grants only its screen’s calls (403 link_scope), and nothing 8 days on', async () => {
      const other = linkHeaders(2, '/record_reach');
      await refuseFarmer(late(other.authorization, other.exp - 60, key()), 403, 'link_scope');
      const old = linkHeaders(8);
      await refuseFarmer(late(old.authorization, old.exp - 60, key()), 401, 'late_sync_expired');
    });
  });

  describe('the user’s state now decides', () => {
    it('a DA moved to another kebele cannot send a farmer captured in the old one (403 out_of_area)', async () => {
      const mover = await t.fx.da();
      const oldGroup = await t.fx.group(mover, 'Before the move');
      const { authorization, authDate } = oldInitData(mover.telegramId, 2);
      const moved = await t.call('PUT', `/api/da-profiles/${mover.daId}/`, {
        headers: mover.headers,
        body: t.fx.daBody(mover, mover.phone, t.fx.otherArea),
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      // Moved outside their roster kebele: not a DA until the organisation approves the new one.
      await refuseFarmer(late(authorization, authDate + 60, key()), 403, 'da_pending', mover, oldGroup);
      const request = await t.call('GET', '/api/da-enrolments/', {
        headers: proof.service(),
        query: { phone_number: mover.phone, status: 'pending', paginate: 'false' },
      });
      const approved = await t.call('POST', `/api/da-enrolments/${request.body[0].id}/decision/`, {
        headers: proof.service(),
        body: { decision: 'approved' },
      });
      expect(approved.body.outcome).toBe('decided');
      await refuseFarmer(late(authorization, authDate + 60, key()), 403, 'out_of_area', mover, oldGroup);
    });

    it('a DA rejected since cannot send what they captured before (403 da_rejected)', async () => {
      const rejected = await t.fx.da();
      const ownGroup = await t.fx.group(rejected);
      const { authorization, authDate } = oldInitData(rejected.telegramId, 3);
      const patched = await t.call('PATCH', `/api/bot-users/${rejected.botUserId}/`, {
        headers: proof.service(),
        body: { verification_status: 'REJECTED' },
      });
      expect(patched.status).toBe(200);
      await refuseFarmer(late(authorization, authDate + 60, key()), 403, 'da_rejected', rejected, ownGroup);
    });
  });

  it('a retry days after the first attempt (its key older than 24 h) is still a replay', async () => {
    const { authorization, authDate } = oldInitData(da.telegramId, 3);
    const headers = late(authorization, authDate + 60, key());
    const body = t.fx.farmerBody(da, group, 'Answer lost');
    const first = await t.call('POST', '/api/farmer-profiles/', { headers, body });
    expect(first.status).toBe(201);
    // The answer never reached the phone; the outbox retries two days later.
    await t.db.query(`update idempotency_keys set created_at = now() - interval '48 hours' where key = $1`, [
      headers['idempotency-key'],
    ]);
    const before = await farmerCount();
    const retry = await t.call('POST', '/api/farmer-profiles/', { headers, body });
    expect(retry).toMatchObject({ status: 201, body: first.body });
    expect(await farmerCount()).toBe(before);
  });
});
