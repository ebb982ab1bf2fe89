// Attack suite, classes 3 and 6 through the backend: who reads farmers' names and
// phones, and what a signed link grants.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proof } from '../backend/test-kit/auth-headers';
import { startBackend, type TestBackend } from '../backend/test-kit/backend';
import { describeOnDatabases } from '../backend/test-kit/databases';
import { type Da, type User, uniquePhone } from '../backend/test-kit/fixtures';
import { detail, expectRefused, fieldError } from './test-kit';

describeOnDatabases('attacks on data and links (%s)', (kind) => {
  let t: TestBackend;
  /** A DA of kebele A (fx.area) and one of kebele B (fx.otherArea, another region). */
  let daA: Da;
  let daB: Da;
  let groupB: number;
  let farmerB: number;
  beforeAll(async () => {
    t = await startBackend(kind);
    daA = await t.fx.da();
    daB = await t.fx.da(t.fx.otherArea);
    groupB = await t.fx.group(daB, 'Group of kebele B');
    farmerB = await t.fx.farmer(daB, groupB, 'Farmer of B');
  });
  afterAll(() => t?.close());

  /** The reads that hand out farmers' names and phones (or a group's), for group or kebele ids. */
  const farmerReads = (group: number, kebele: number): Array<[string, Record<string, number>]> => [
    ['/api/farmer-profiles/', { outbound_development_group: group }],
    [`/api/farmerlist-adoption/${group}/`, {}],
    [`/api/development-groups/${group}/`, {}],
    ['/api/development-groups/', { kebele }],
  ];

  describe('3. Self-made DA reads everyone', () => {
    const registrant = async (phone: string | undefined) => {
      const user = await t.fx.user(phone === undefined ? undefined : `+251${phone}`);
      return { user, body: t.fx.daBody(user, phone ?? uniquePhone()) };
    };

    it('refuses a telegram_phone_number other than the verified phone (400), in en and am', async () => {
      const { user, body } = await registrant(uniquePhone());
      for (const other of [uniquePhone(), daB.phone])
        await expectRefused(
          t,
          'POST',
          '/api/da-profiles/',
          { headers: user.headers, body: { ...body, telegram_phone_number: other } },
          400,
          fieldError('telegram_phone_number', 'telegram_phone_not_verified'),
        );
    });

    it('refuses a registration without a verified phone (403 phone_not_shared)', async () => {
      const { user, body } = await registrant(undefined);
      await expectRefused(
        t,
        'POST',
        '/api/da-profiles/',
        { headers: user.headers, body },
        403,
        detail('phone_not_shared'),
      );
      // Someone else's bot user as created_by is refused as well.
      const { user: other, body: otherBody } = await registrant(uniquePhone());
      await expectRefused(
        t,
        'POST',
        '/api/da-profiles/',
        { headers: other.headers, body: { ...otherBody, created_by: daA.botUserId } },
        403,
        detail('not_yourself'),
      );
    });

    it('a self-registered DA of kebele A reads no farmer or group of kebele B (403 out_of_area)', async () => {
      // A DA the organisation lists for kebele A registers (spec §4): VERIFIED, a DA of kebele A.
      // (Anyone else waits for a decision: enrolment.test.ts.)
      const phone = uniquePhone();
      await t.fx.roster(phone);
      const { user, body } = await registrant(phone);
      const created = await t.call('POST', '/api/da-profiles/', { headers: user.headers, body });
      expect(created.status).toBe(201);
      const verified = await t.call('PATCH', `/api/bot-users/${user.botUserId}/`, {
        headers: user.headers,
        body: { verification_status: 'VERIFIED' },
      });
      expect(verified.status).toBe(200);
      for (const headers of [user.headers, daA.headers])
        for (const [path, query] of farmerReads(groupB, daB.area.kebele))
          await expectRefused(t, 'GET', path, { headers, query }, 403, detail('out_of_area'));
      // Writes on B's farmers or in B's kebele are refused the same way.
      await expectRefused(
        t,
        'POST',
        '/api/reach-farmers/',
        {
          headers: daA.headers,
          body: { farmer: farmerB, advisory: t.fx.advisoryIds[0], user: daA.daId },
        },
        403,
        detail('out_of_area'),
      );
      await expectRefused(
        t,
        'POST',
        '/api/farmer-profiles/',
        {
          headers: daA.headers,
          body: { ...t.fx.farmerBody(daA, groupB), kebele: daB.area.kebele },
        },
        403,
        detail('out_of_area'),
      );
    });

    it('a colleague DA of kebele B and a supervisor over B’s region read them; others do not', async () => {
      const colleague = await t.fx.da(t.fx.otherArea);
      const supervisorPhone = uniquePhone();
      const supervisor = await t.fx.user(`+251${supervisorPhone}`);
      await t.fx.grant(supervisorPhone, 'supervisor', 'region', t.fx.otherArea.region);
      const elsewherePhone = uniquePhone();
      const elsewhere = await t.fx.user(`+251${elsewherePhone}`);
      await t.fx.grant(elsewherePhone, 'supervisor', 'region', t.fx.area.region);

      for (const reader of [daB, colleague, supervisor] as User[])
        for (const [path, query] of farmerReads(groupB, daB.area.kebele)) {
          const r = await t.call('GET', path, { headers: reader.headers, query });
          expect(r.status, `${path} as ${reader.botUserId}`).toBe(200);
        }
      const farmers = await t.call('GET', '/api/farmer-profiles/', {
        headers: supervisor.headers,
        query: { outbound_development_group: groupB, paginate: 'false' },
      });
      expect(farmers.body.map((f: { id: number }) => f.id)).toEqual([farmerB]);
      for (const [path, query] of farmerReads(groupB, daB.area.kebele))
        await expectRefused(
          t,
          'GET',
          path,
          { headers: elsewhere.headers, query },
          403,
          detail('out_of_area'),
        );
      // A supervisor reads; writing stays with the DAs.
      await expectRefused(
        t,
        'POST',
        '/api/development-groups/',
        {
          headers: supervisor.headers,
          body: { group_name: 'Not mine', group_type: 'mixed', kebele: daB.area.kebele },
        },
        403,
        detail('not_a_da'),
      );
      // The colleague writes in their own kebele.
      const reach = await t.call('POST', '/api/reach-farmers/', {
        headers: colleague.headers,
        body: { farmer: farmerB, advisory: t.fx.advisoryIds[0], user: colleague.daId },
      });
      expect(reach.status, JSON.stringify(reach.body)).toBe(201);
    });
  });

  describe('6. Links are week-long keys to everything', () => {
    let groupA1: number;
    let groupA2: number;
    let groupA3: number;
    beforeAll(async () => {
      groupA1 = await t.fx.group(daA, 'A1');
      groupA2 = await t.fx.group(daA, 'A2');
      groupA3 = await t.fx.group(daA, 'A3');
      await t.fx.farmer(daA, groupA3, 'Farmer of A3');
    });
    const groupBody = () => ({
      group_name: 'Via link',
      group_type: 'mixed',
      kebele: daA.area.kebele,
      created_by: daA.daId,
    });

    it('a /notification/list link neither creates a group nor reads farmers (403 link_scope)', async () => {
      const headers = proof.link(daA.telegramId, '/notification/list', { bot_user_id: daA.botUserId });
      await expectRefused(
        t,
        'POST',
        '/api/development-groups/',
        { headers, body: groupBody() },
        403,
        detail('link_scope'),
      );
      for (const [path, query] of farmerReads(groupA3, daA.area.kebele))
        await expectRefused(t, 'GET', path, { headers, query }, 403, detail('link_scope'));
      // What the screen does still works with it; the group, with its own screen's link.
      const list = await t.call('GET', `/api/location-notifications/by-creator/${daA.botUserId}`, {
        headers,
      });
      expect(list.status).toBe(200);
      const made = await t.call('POST', '/api/development-groups/', {
        headers: proof.link(daA.telegramId, '/add_development_group', {
          da_id: daA.daId,
          kebele_id: daA.area.kebele,
        }),
        body: groupBody(),
      });
      expect(made.status).toBe(201);
    });

    it('a /farmer_registration link works only for its own DA and kebele', async () => {
      // A supervisor grant over B's region lets this DA read kebele B with its Telegram proof;
      // the link still grants only its own kebele.
      const reader = await t.fx.da();
      await t.fx.grant(reader.phone, 'supervisor', 'region', t.fx.otherArea.region);
      const headers = proof.link(reader.telegramId, '/farmer_registration', {
        da_id: reader.daId,
        kebele_id: reader.area.kebele,
      });
      const byInitData = await t.call('GET', '/api/development-groups/', {
        headers: reader.headers,
        query: { kebele: daB.area.kebele },
      });
      expect(byInitData.status).toBe(200);
      await expectRefused(
        t,
        'GET',
        '/api/development-groups/',
        { headers, query: { kebele: daB.area.kebele } },
        403,
        detail('link_scope'),
      );
      // Its own kebele's groups and a farmer there: the screen's calls.
      const own = await t.call('GET', '/api/development-groups/', {
        headers,
        query: { kebele: reader.area.kebele },
      });
      expect(own.status).toBe(200);
      const readerGroup = await t.fx.group(reader, 'Reader group');
      const farmer = await t.call('POST', '/api/farmer-profiles/', {
        headers,
        body: t.fx.farmerBody(reader, readerGroup),
      });
      expect(farmer.status, JSON.stringify(farmer.body)).toBe(201);
      // A farmer for another kebele: out of the DA's area (checked before the link).
      await expectRefused(
        t,
        'POST',
        '/api/farmer-profiles/',
        { headers, body: { ...t.fx.farmerBody(reader, groupB), kebele: daB.area.kebele } },
        403,
        detail('out_of_area'),
      );
      // A link made for another kebele (say, before the DA moved) cannot add a farmer to this one,
      // and one naming another DA cannot either.
      for (const params of [
        { da_id: reader.daId, kebele_id: daB.area.kebele },
        { da_id: daA.daId, kebele_id: reader.area.kebele },
      ])
        await expectRefused(
          t,
          'POST',
          '/api/farmer-profiles/',
          {
            headers: proof.link(reader.telegramId, '/farmer_registration', params),
            body: t.fx.farmerBody(reader, readerGroup),
          },
          403,
          detail('link_scope'),
        );
    });

    it('a /record_reach link for groups 1,2 does not read group 3 (403 link_scope)', async () => {
      const headers = proof.link(daA.telegramId, '/record_reach', {
        user_id: daA.daId,
        selectedids: `${groupA1},${groupA2}`,
        kebele_id: daA.area.kebele,
      });
      for (const [path, query] of farmerReads(groupA3, daA.area.kebele).slice(0, 3))
        await expectRefused(t, 'GET', path, { headers, query }, 403, detail('link_scope'));
      for (const group of [groupA1, groupA2]) {
        const r = await t.call('GET', '/api/farmer-profiles/', {
          headers,
          query: { outbound_development_group: group },
        });
        expect(r.status).toBe(200);
      }
      // With the DA's own Telegram proof group 3 is readable: the refusal was the link's.
      const r = await t.call('GET', '/api/farmer-profiles/', {
        headers: daA.headers,
        query: { outbound_development_group: groupA3 },
      });
      expect(r.status).toBe(200);
    });

    it('an expired link is refused with 401', async () => {
      const params = { user_id: daA.daId, selectedids: `${groupA1}`, kebele_id: daA.area.kebele };
      await expectRefused(
        t,
        'GET',
        '/api/farmer-profiles/',
        {
          headers: proof.link(daA.telegramId, '/record_reach', params, -1),
          query: { outbound_development_group: groupA1 },
        },
        401,
        detail('invalid_proof'),
      );
      const fresh = await t.call('GET', '/api/farmer-profiles/', {
        headers: proof.link(daA.telegramId, '/record_reach', params),
        query: { outbound_development_group: groupA1 },
      });
      expect(fresh.status).toBe(200);
    });
  });
});
