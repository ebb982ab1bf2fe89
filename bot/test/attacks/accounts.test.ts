// Attack suite, classes 1, 4 and 5 through the backend: who a Telegram account is.
// The same classes through the chat (emulator + real bot) are in chat.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proof } from '../backend/test-kit/auth-headers';
import { startBackend, type TestBackend } from '../backend/test-kit/backend';
import { describeOnDatabases } from '../backend/test-kit/databases';
import { type Da, uniquePhone } from '../backend/test-kit/fixtures';
import { detail, expectRefused, fieldError, local } from './test-kit';

describeOnDatabases('attacks on accounts (%s)', (kind) => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await startBackend(kind);
  });
  afterAll(() => t?.close());

  const botUser = async (id: number) =>
    (
      await t.db.query<{
        phone_number: string | null;
        verification_status: string;
        da_profile_id: number | null;
      }>('select phone_number, verification_status, da_profile_id from bot_users where id = $1', [id])
    ).rows[0];
  const daProfile = async (id: number) =>
    (await t.db.query('select * from da_profiles where id = $1', [id])).rows[0];
  const groupsOf = (da: Da, headers = da.headers) =>
    t.call('GET', '/api/development-groups/', { headers, query: { kebele: da.area.kebele } });
  const setStatus = (botUserId: number, verification_status: string) =>
    t.call('PATCH', `/api/bot-users/${botUserId}/`, {
      headers: proof.service(),
      body: { verification_status },
    });

  describe('1. Account takeover', () => {
    it('refuses a PATCH of one’s own phone_number (403 phone_from_contact_only), phone unchanged', async () => {
      const victim = await t.fx.da();
      const ownPhone = uniquePhone();
      const attacker = await t.fx.user(`+251${ownPhone}`);
      for (const phone_number of [victim.phone, local(victim.phone), `+251${victim.phone}`])
        await expectRefused(
          t,
          'PATCH',
          `/api/bot-users/${attacker.botUserId}/`,
          { headers: attacker.headers, body: { phone_number } },
          403,
          detail('phone_from_contact_only'),
        );
      // Nor with a status or a DA profile alongside, nor for a user with no phone yet.
      await expectRefused(
        t,
        'PATCH',
        `/api/bot-users/${attacker.botUserId}/`,
        { headers: attacker.headers, body: { phone_number: victim.phone, verification_status: 'VERIFIED' } },
        403,
        detail('phone_from_contact_only'),
      );
      const bare = await t.fx.user();
      await expectRefused(
        t,
        'PATCH',
        `/api/bot-users/${bare.botUserId}/`,
        { headers: bare.headers, body: { phone_number: victim.phone } },
        403,
        detail('phone_from_contact_only'),
      );
      expect(await botUser(attacker.botUserId)).toEqual({
        phone_number: ownPhone,
        verification_status: 'PENDING',
        da_profile_id: null,
      });
      expect(await botUser(victim.botUserId)).toEqual({
        phone_number: victim.phone,
        verification_status: 'VERIFIED',
        da_profile_id: victim.daId,
      });
    });

    it('refuses to VERIFY or link the caller to someone else’s DA profile', async () => {
      const victim = await t.fx.da();
      const attacker = await t.fx.user(`+251${uniquePhone()}`);
      const path = `/api/bot-users/${attacker.botUserId}/`;
      await expectRefused(
        t,
        'PATCH',
        path,
        { headers: attacker.headers, body: { verification_status: 'VERIFIED' } },
        403,
        detail('verify_rule'),
      );
      await expectRefused(
        t,
        'PATCH',
        path,
        { headers: attacker.headers, body: { da_profile: victim.daId, verification_status: 'VERIFIED' } },
        403,
        detail('forbidden'),
      );
      // Someone else's bot user is not theirs to PATCH at all.
      await expectRefused(
        t,
        'PATCH',
        `/api/bot-users/${victim.botUserId}/`,
        { headers: attacker.headers, body: { language: 'am' } },
        403,
        detail('not_yourself'),
      );
      expect((await botUser(attacker.botUserId))?.da_profile_id).toBeNull();
      // The legitimate path: the victim still acts as the DA.
      expect((await groupsOf(victim)).status).toBe(200);
    });

    it('refuses the DA lookup by another DA’s phone (403 not_your_phone); the DA finds itself', async () => {
      const victim = await t.fx.da();
      const attacker = await t.fx.user(`+251${uniquePhone()}`);
      for (const path of ['/api/da-profiles/', '/development-agents/'])
        await expectRefused(
          t,
          'GET',
          path,
          { headers: attacker.headers, query: { phone_number: local(victim.phone) } },
          403,
          detail('not_your_phone'),
        );
      const own = await t.call('GET', '/api/da-profiles/', {
        headers: victim.headers,
        query: { phone_number: local(victim.phone), paginate: 'false' },
      });
      expect(own.status).toBe(200);
      expect(own.body.map((d: { id: number }) => d.id)).toEqual([victim.daId]);
    });

    // A DA profile's phone_number (the second phone) is free text its registrant chose, so the
    // lookup counts only the phone Telegram verified as "their own" (authorize.ts ownPhone): a
    // victim's Telegram phone typed there gives the registrant nothing.
    it('does not leak another DA’s profile through a second phone the registrant chose', async () => {
      const victimPhone = uniquePhone();
      const victimUser = await t.fx.user(`+251${victimPhone}`);
      const created = await t.call('POST', '/api/da-profiles/', {
        headers: victimUser.headers,
        body: { ...t.fx.daBody(victimUser, victimPhone), phone_number: uniquePhone() },
      });
      expect(created.status).toBe(201);
      const attackerPhone = uniquePhone();
      const attacker = await t.fx.user(`+251${attackerPhone}`);
      const own = await t.call('POST', '/api/da-profiles/', {
        headers: attacker.headers,
        body: { ...t.fx.daBody(attacker, attackerPhone), phone_number: victimPhone },
      });
      // Either the registration refuses a second phone that is another DA's Telegram phone ...
      if (own.status === 201) {
        // ... or the lookup does not answer with the victim's profile.
        const r = await t.call('GET', '/api/da-profiles/', {
          headers: attacker.headers,
          query: { phone_number: local(victimPhone), paginate: 'false' },
        });
        const ids = r.status === 200 ? r.body.map((d: { id: number }) => d.id) : [];
        expect(ids).not.toContain(created.body.id);
      } else expect(own.status).toBe(400);
    });
  });

  describe('4. Onboarding hijack', () => {
    it('refuses another DA’s phone as one’s telegram_phone_number (400), profile unchanged', async () => {
      const [hijacker, victim] = [await t.fx.da(), await t.fx.da()];
      const before = await daProfile(hijacker.daId);
      await expectRefused(
        t,
        'PUT',
        `/api/da-profiles/${hijacker.daId}/`,
        {
          headers: hijacker.headers,
          body: { ...t.fx.daBody(hijacker, hijacker.phone), telegram_phone_number: victim.phone },
        },
        400,
        fieldError('telegram_phone_number', 'telegram_phone_not_verified'),
      );
      // Nor by rewriting the victim's own profile.
      await expectRefused(
        t,
        'PUT',
        `/api/da-profiles/${victim.daId}/`,
        { headers: hijacker.headers, body: t.fx.daBody(hijacker, hijacker.phone) },
        403,
        detail('not_yourself'),
      );
      expect(await daProfile(hijacker.daId)).toEqual(before);
      // The legitimate update of one's own profile still works.
      const ok = await t.call('PUT', `/api/da-profiles/${hijacker.daId}/`, {
        headers: hijacker.headers,
        body: { ...t.fx.daBody(hijacker, hijacker.phone), first_name: 'Renamed' },
      });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    });

    it('two DA profiles cannot share a Telegram phone (database unique, and 400 unique)', async () => {
      const [a, b] = [await t.fx.da(), await t.fx.da()];
      const before = await t.fx.rowCounts();
      await expect(
        t.db.query('update da_profiles set telegram_phone_number = $1 where id = $2', [b.phone, a.daId]),
      ).rejects.toThrow(/unique|duplicate/i);
      expect(await t.fx.rowCounts()).toEqual(before);
      // A second registration with the phone Telegram verified, while a profile has it: 400 unique.
      const again = await t.fx.user(`+251${b.phone}`);
      await expectRefused(
        t,
        'POST',
        '/api/da-profiles/',
        { headers: again.headers, body: { ...t.fx.daBody(again, b.phone), phone_number: uniquePhone() } },
        400,
        fieldError('telegram_phone_number', 'unique_telegram_phone'),
      );
    });

    it('the real DA on a new Telegram account gets their own profile; the old account is unlinked', async () => {
      const da = await t.fx.da();
      const newAccount = await t.fx.user(`+251${da.phone}`);
      expect(await botUser(newAccount.botUserId)).toEqual({
        phone_number: da.phone,
        verification_status: 'VERIFIED',
        da_profile_id: da.daId,
      });
      expect(await botUser(da.botUserId)).toMatchObject({
        phone_number: null,
        verification_status: 'PENDING',
        da_profile_id: null,
      });
      // The old account lost the phone too (one account holds a number at a time).
      await expectRefused(
        t,
        'GET',
        '/api/development-groups/',
        { headers: da.headers, query: { kebele: da.area.kebele } },
        403,
        detail('phone_not_shared'),
      );
      const groups = await groupsOf(da, newAccount.headers);
      expect(groups.status).toBe(200);
      const made = await t.call('POST', '/api/development-groups/', {
        headers: newAccount.headers,
        body: { group_name: 'New phone', group_type: 'mixed', kebele: da.area.kebele, created_by: da.daId },
      });
      expect(made.status).toBe(201);
    });
  });

  describe('5. Status not enforced', () => {
    it('a REJECTED DA can neither read, write nor VERIFY itself again (403 da_rejected)', async () => {
      const da = await t.fx.da();
      const group = await t.fx.group(da);
      await t.fx.farmer(da, group);
      expect((await setStatus(da.botUserId, 'REJECTED')).status).toBe(200);
      const refusals: Array<[Parameters<typeof expectRefused>[1], string, object]> = [
        ['GET', '/api/farmer-profiles/', { query: { outbound_development_group: group } }],
        ['GET', `/api/farmerlist-adoption/${group}/`, {}],
        ['GET', '/api/development-groups/', { query: { kebele: da.area.kebele } }],
        [
          'POST',
          '/api/development-groups/',
          { body: { group_name: 'Back', group_type: 'mixed', kebele: da.area.kebele, created_by: da.daId } },
        ],
        ['POST', '/api/farmer-profiles/', { body: t.fx.farmerBody(da, group) }],
        ['PATCH', `/api/bot-users/${da.botUserId}/`, { body: { verification_status: 'VERIFIED' } }],
        ['PUT', `/api/da-profiles/${da.daId}/`, { body: t.fx.daBody(da, da.phone) }],
      ];
      for (const [method, path, o] of refusals)
        await expectRefused(t, method, path, { headers: da.headers, ...o }, 403, detail('da_rejected'));
      expect((await botUser(da.botUserId))?.verification_status).toBe('REJECTED');
      // A new Telegram account with the same phone does not wash the rejection away.
      const fresh = await t.fx.user(`+251${da.phone}`);
      expect((await botUser(fresh.botUserId))?.verification_status).toBe('REJECTED');
      await expectRefused(
        t,
        'GET',
        '/api/farmer-profiles/',
        { headers: fresh.headers, query: { outbound_development_group: group } },
        403,
        detail('da_rejected'),
      );
      // The operator's VERIFIED restores the DA (legitimate path).
      expect((await setStatus(fresh.botUserId, 'VERIFIED')).status).toBe(200);
      const r = await t.call('GET', '/api/farmer-profiles/', {
        headers: fresh.headers,
        query: { outbound_development_group: group },
      });
      expect(r.status).toBe(200);
    });

    it('a PENDING DA cannot read or write (403 da_pending), nor set another status itself', async () => {
      const da = await t.fx.da();
      const group = await t.fx.group(da);
      expect((await setStatus(da.botUserId, 'PENDING')).status).toBe(200);
      await expectRefused(
        t,
        'GET',
        '/api/farmer-profiles/',
        { headers: da.headers, query: { outbound_development_group: group } },
        403,
        detail('da_pending'),
      );
      await expectRefused(
        t,
        'POST',
        '/api/development-groups/',
        {
          headers: da.headers,
          body: { group_name: 'Pending', group_type: 'mixed', kebele: da.area.kebele, created_by: da.daId },
        },
        403,
        detail('da_pending'),
      );
      await expectRefused(
        t,
        'PATCH',
        `/api/bot-users/${da.botUserId}/`,
        { headers: da.headers, body: { verification_status: 'REJECTED' } },
        403,
        {
          en: { detail: 'Only an operator can change a verification status.' },
          am: { detail: 'የማረጋገጫ ሁኔታን መቀየር የሚችለው ኦፕሬተር ብቻ ነው።' },
        },
      );
    });

    // "PENDING and REJECTED ... cannot change their own status": an operator's PENDING
    // is final (bot_users.status_by_operator), unlike a fresh registration's, which the screen's
    // PATCH to VERIFIED (spec §4) and sharing the contact again may lift.
    it('a DA an operator set PENDING cannot VERIFY itself again', async () => {
      const da = await t.fx.da();
      expect((await setStatus(da.botUserId, 'PENDING')).status).toBe(200);
      const self = await t.call('PATCH', `/api/bot-users/${da.botUserId}/`, {
        headers: da.headers,
        body: { verification_status: 'VERIFIED' },
      });
      expect(self.status).toBe(403);
      expect((await botUser(da.botUserId))?.verification_status).toBe('PENDING');
    });
  });
});
