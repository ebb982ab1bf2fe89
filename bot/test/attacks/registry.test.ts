// Attack suite: a DA's own records (docs/authorization.md "Correcting records"). Someone with
// only their own Telegram account, or a DA of another kebele, neither reads nor changes another
// kebele's farmers and records, nor learns who holds a phone there; late-synced corrections are
// held to the same rules as live ones.
import { CAPTURED_AT_HEADER } from '@gebere/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInitData } from '../backend/test-kit/auth-headers';
import { startBackend, type TestBackend } from '../backend/test-kit/backend';
import { describeOnDatabases } from '../backend/test-kit/databases';
import { type Da, uniquePhone } from '../backend/test-kit/fixtures';
import { detail, expectRefused, fieldError } from './test-kit';

const DAY = 86_400;

describeOnDatabases('attacks on the farmer registry (%s)', (kind) => {
  let t: TestBackend;
  let da: Da;
  let group: number;
  let farmer: number;
  let phone: string;
  let reach: number;
  let adoption: number;
  beforeAll(async () => {
    t = await startBackend(kind, { idempotencyHours: 72 + 7 * 24 });
    da = await t.fx.da();
    group = await t.fx.group(da, 'Guarded group');
    const body = t.fx.farmerBody(da, group, 'Guarded');
    phone = body.phone_number;
    farmer = (await t.call('POST', '/api/farmer-profiles/', { headers: da.headers, body })).body.id;
    const advisory = t.fx.advisoryIds[0];
    reach = (
      await t.call('POST', '/api/reach-farmers/', {
        headers: da.headers,
        body: { advisory, farmer, user: da.daId },
      })
    ).body.id;
    adoption = (
      await t.call('POST', '/api/adoption/', {
        headers: da.headers,
        body: { advisory, farmer, created_by: da.daId, adoption_type: 'SELF_REPORTED' },
      })
    ).body.id;
  });
  afterAll(() => t?.close());

  /** Every registry call on kebele A's farmer and records. */
  const calls = () =>
    [
      ['GET', '/api/farmers/', { query: { kebele: da.area.kebele } }],
      ['GET', `/api/farmers/${farmer}/`, {}],
      ['PATCH', `/api/farmers/${farmer}/`, { body: { farmer_name: 'Hijacked' } }],
      ['POST', `/api/farmers/${farmer}/retire/`, { body: { reason: 'deceased' } }],
      ['POST', `/api/reach-farmers/${reach}/take-back/`, { body: { reason: 'gone' } }],
      ['POST', `/api/adoption/${adoption}/take-back/`, { body: { reason: 'gone' } }],
    ] as const;

  describe('someone with only their own Telegram account', () => {
    it('a bot user with a verified phone is told only a DA may (403), in en and am; nothing changes', async () => {
      const attacker = await t.fx.user(`+251${uniquePhone()}`);
      for (const [method, path, o] of calls())
        await expectRefused(t, method, path, { ...o, headers: attacker.headers }, 403, detail('not_a_da'));
    });

    it('a DA of another kebele is out of their area, and the idempotency key buys nothing', async () => {
      const stranger = await t.fx.da(t.fx.otherArea);
      for (const [method, path, o] of calls()) {
        const headers = { ...stranger.headers, 'idempotency-key': `stranger-${method}-${path}` };
        await expectRefused(t, method, path, { ...o, headers }, 403, detail('out_of_area'));
      }
      // Their own kebele's list names nobody of kebele A.
      const own = await t.call('GET', '/api/farmers/', {
        headers: stranger.headers,
        query: { kebele: stranger.area.kebele, paginate: 'false' },
      });
      expect(own.body.map((f: { id: number }) => f.id)).not.toContain(farmer);
      expect((await t.call('GET', `/api/farmers/${farmer}/`, { headers: da.headers })).body).toMatchObject({
        farmer_name: 'Guarded',
        retired_at: null,
        reach: [{ id: reach }],
        adoption: [{ id: adoption }],
      });
    });

    it('a DA of another kebele probing phones learns only "another kebele", never who or where', async () => {
      const stranger = await t.fx.da(t.fx.otherArea);
      const own = await t.fx.group(stranger);
      await expectRefused(
        t,
        'POST',
        '/api/farmer-profiles/',
        { headers: stranger.headers, body: { ...t.fx.farmerBody(stranger, own), phone_number: phone } },
        400,
        fieldError('phone_number', 'phone_registered_elsewhere'),
      );
      const mine = await t.fx.farmer(stranger, own, 'Probe');
      await expectRefused(
        t,
        'PATCH',
        `/api/farmers/${mine}/`,
        { headers: stranger.headers, body: { phone_number: phone } },
        400,
        fieldError('phone_number', 'phone_registered_elsewhere'),
      );
    });
  });

  describe('late sync', () => {
    const lateHeaders = (who: Da, key: string) => {
      const authDate = Math.floor(Date.now() / 1000) - 3 * DAY;
      return {
        authorization: `tma ${signInitData(who.telegramId, { authDate })}`,
        [CAPTURED_AT_HEADER]: new Date((authDate + 600) * 1000).toISOString(),
        'idempotency-key': key,
      };
    };

    it('a correction, a retirement and a take-back captured offline are accepted, audited as late', async () => {
      const id = await t.fx.farmer(da, group, 'Offline fix');
      const fixed = await t.call('PATCH', `/api/farmers/${id}/`, {
        headers: lateHeaders(da, 'late-patch'),
        body: { father_name: 'Corrected' },
      });
      expect(fixed).toMatchObject({ status: 200, body: { father_name: 'Corrected' } });
      const audit = await t.db.query<{ late_sync: boolean }>(
        `select late_sync from audit_log where table_name = 'farmers' and record_id = $1 and action = 'update'`,
        [id],
      );
      expect(audit.rows).toEqual([{ late_sync: true }]);
      const r = await t.call('POST', '/api/reach-farmers/', {
        headers: da.headers,
        body: { advisory: t.fx.advisoryIds[0], farmer: id, user: da.daId },
      });
      const back = await t.call('POST', `/api/reach-farmers/${r.body.id}/take-back/`, {
        headers: lateHeaders(da, 'late-take-back'),
        body: { reason: 'Ticked by mistake' },
      });
      expect(back.status, JSON.stringify(back.body)).toBe(200);
      const retired = await t.call('POST', `/api/farmers/${id}/retire/`, {
        headers: lateHeaders(da, 'late-retire'),
        body: { reason: 'moved' },
      });
      expect(retired).toMatchObject({ status: 200, body: { retired_reason: 'moved' } });
      // Without its key the old proof is an expired one.
      const { 'idempotency-key': _, ...unkeyed } = lateHeaders(da, 'x');
      await expectRefused(
        t,
        'PATCH',
        `/api/farmers/${farmer}/`,
        { headers: unkeyed, body: { father_name: 'Nope' } },
        401,
        detail('invalid_proof'),
      );
    });

    it('a capture time does not stretch the 14 days of a take-back: judged when it arrives', async () => {
      const id = await t.fx.farmer(da, group, 'Old reach');
      const r = await t.call('POST', '/api/reach-farmers/', {
        headers: da.headers,
        body: { advisory: t.fx.advisoryIds[0], farmer: id, user: da.daId },
      });
      const move = (at: string) =>
        t.db.query('update reach_records set created_at = $2 where id = $1', [r.body.id, at]);
      await move(new Date(Date.now() - 15 * DAY * 1000).toISOString());
      // Captured (the header says) 3 days ago, inside the proof's window: 12 days after the record.
      await expectRefused(
        t,
        'POST',
        `/api/reach-farmers/${r.body.id}/take-back/`,
        { headers: lateHeaders(da, 'late-too-old'), body: { reason: 'Too late' } },
        400,
        {
          en: {
            non_field_errors: ['A record can be taken back only within 14 days of when it was recorded.'],
          },
          am: { non_field_errors: ['መዝገብን መመለስ የሚቻለው ከተመዘገበበት ቀን ጀምሮ በ14 ቀናት ውስጥ ብቻ ነው።'] },
        },
      );
      await move(r.body.created_at);
    });

    it('a farmer captured offline who is already registered is refused on the field (the Fix list)', async () => {
      const late = lateHeaders(da, 'late-duplicate-phone');
      const body = { ...t.fx.farmerBody(da, group), phone_number: phone };
      const r = await t.call('POST', '/api/farmer-profiles/', { headers: late, body });
      expect(r).toMatchObject({
        status: 400,
        body: {
          phone_number: [
            'A farmer with this phone number is already registered, in the development group Guarded group.',
          ],
        },
      });
      const named = await t.call('POST', '/api/farmer-profiles/', {
        headers: lateHeaders(da, 'late-duplicate-names'),
        body: { ...t.fx.farmerBody(da, group, 'Guarded'), grand_father_name: 'Same' },
      });
      expect(named.status).toBe(201);
      const again = await t.call('POST', '/api/farmer-profiles/', {
        headers: lateHeaders(da, 'late-duplicate-names-2'),
        body: { ...t.fx.farmerBody(da, group, 'guarded'), grand_father_name: 'same' },
      });
      expect(again).toMatchObject({ status: 400, body: { error_code: 'possible_duplicate' } });
    });
  });
});
