import { buildPath, routes } from '@gebere/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { proof } from './test-kit/auth-headers';
import { startBackend, type TestBackend } from './test-kit/backend';
import { describeOnDatabases } from './test-kit/databases';
import type { Da, User } from './test-kit/fixtures';

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);

/** Values people and programs send by mistake or on purpose. */
const nasty = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.integer({ min: -2, max: 3_000_000_000 }),
  fc.constantFrom(
    null,
    true,
    '',
    ' ',
    '0',
    '1',
    '-1',
    '1e3',
    '0x10',
    'NaN',
    '<script>alert(1)</script>',
    "'; drop table farmers; --",
    '1 or 1=1',
    'ጤፍ በመስመር መዝራት',
    '\u0000',
    '\ud800',
    'a\udc00b',
    'txt\u202Eexe',
    '\u2066x\u2069',
    'x'.repeat(10_000),
    Number.MAX_SAFE_INTEGER + 2,
    [],
    {},
    [1],
  ),
);

type Case = { method: 'POST' | 'PUT' | 'PATCH'; path: string; valid: Record<string, unknown> };

describeOnDatabases('fuzzed bodies (%s)', (kind) => {
  let t: TestBackend;
  let da: Da;
  let user: User & { phone: string };
  let cases: Record<string, Case>;
  beforeAll(async () => {
    t = await startBackend(kind);
    da = await t.fx.da();
    // A national notification manager with a verified phone, so every write has a caller it allows.
    user = await t.fx.manager();
    const group = await t.fx.group(da);
    const farmer = await t.fx.farmer(da, group);
    const q = (
      await t.db.query<{ id: number }>("select id from feedback_questions where type = 'RATING' limit 1")
    ).rows[0]?.id as number;
    const advisory = t.fx.advisoryIds[0];
    const reached = (
      await t.call('POST', '/api/reach-farmers/', {
        headers: da.headers,
        body: { advisory, farmer, user: da.daId },
      })
    ).body.id as number;
    const adopted = (
      await t.call('POST', '/api/adoption/', {
        headers: da.headers,
        body: { advisory, farmer, created_by: da.daId, adoption_type: 'SELF_REPORTED' },
      })
    ).body.id as number;
    const report = await t.call('POST', '/api/report-users/', {
      headers: user.headers,
      body: {
        name: 'R',
        phone_no: '911111111',
        gender: 'male',
        region: da.area.region,
        zone: da.area.zone,
        woreda: da.area.woreda,
        created_by: user.telegramId,
      },
    });
    const notif = {
      name: 'N',
      message: 'M',
      content_type: 'reach',
      send_now: true,
      created_by: user.botUserId,
    };
    const n = await t.call('POST', '/api/location-notifications/', { headers: user.headers, body: notif });
    const pair = { farmer, advisory: t.fx.advisoryIds[0] };
    const grant = {
      phone_number: '0911999888',
      role: 'supervisor',
      location_type: 'region',
      location_id: da.area.region,
    };
    const { created_by: _, ...notifFields } = notif;
    // A registration the roster does not vouch for: a request to decide.
    const waiting = await t.fx.user('+251911777666');
    await t.call('POST', '/api/da-profiles/', {
      headers: waiting.headers,
      body: t.fx.daBody(waiting, '911777666'),
    });
    const request = (
      await t.db.query<{ id: number }>("select id from da_enrolments where status = 'pending'")
    ).rows[0]?.id as number;
    cases = {
      createDevelopmentGroup: {
        method: 'POST',
        path: '/api/development-groups/',
        valid: { group_name: 'G', group_type: 'mixed', kebele: da.area.kebele, created_by: da.daId },
      },
      createFarmer: { method: 'POST', path: '/api/farmer-profiles/', valid: t.fx.farmerBody(da, group) },
      createDa: { method: 'POST', path: '/api/da-profiles/', valid: t.fx.daBody(user, user.phone) },
      updateDa: {
        method: 'PUT',
        path: buildPath(routes.updateDa.path, { id: da.daId }),
        valid: t.fx.daBody(da, da.phone),
      },
      createReportUser: {
        method: 'POST',
        path: '/api/report-users/',
        valid: { ...report.body, id: undefined, created_by: user.telegramId },
      },
      updateReportUser: {
        method: 'PUT',
        path: buildPath(routes.updateReportUser.path, { id: report.body.id }),
        valid: { ...report.body, id: undefined },
      },
      upsertBotUser: {
        method: 'POST',
        path: '/api/bot-users/',
        valid: { telegram_id: 123_456, chat_id: 123_456, first_name: 'B' },
      },
      patchBotUser: {
        method: 'PATCH',
        path: buildPath(routes.patchBotUser.path, { id: user.botUserId }),
        valid: { language: 'am' },
      },
      createFeedback: {
        method: 'POST',
        path: '/api/feedback/',
        valid: {
          user: user.botUserId,
          feedback_question: q,
          response: { question_id: q, answer: { rating: 3 } },
        },
      },
      createReach: { method: 'POST', path: '/api/reach-farmers/', valid: { ...pair, user: da.daId } },
      createReachBatch: {
        method: 'POST',
        path: '/api/reach-farmers/batch/',
        valid: { user: da.daId, records: [pair] },
      },
      createAdoption: {
        method: 'POST',
        path: '/api/adoption/',
        valid: { ...pair, created_by: da.daId, adoption_type: 'SELF_REPORTED' },
      },
      createAdoptionBatch: {
        method: 'POST',
        path: '/api/adoption/batch/',
        valid: { created_by: da.daId, adoption_type: 'SELF_REPORTED', records: [pair] },
      },
      createNotification: { method: 'POST', path: '/api/location-notifications/', valid: notif },
      createRoleGrant: { method: 'POST', path: '/api/role-grants/', valid: grant },
      decideDaEnrolment: {
        method: 'POST',
        path: buildPath(routes.decideDaEnrolment.path, { id: request }),
        valid: { decision: 'approved', telegram_id: user.telegramId },
      },
      revokeRoleGrant: { method: 'POST', path: '/api/role-grants/revoke/', valid: grant },
      importRows: {
        method: 'POST',
        path: buildPath(routes.importRows.path, { kind: 'roster' }),
        valid: {
          rows: [
            {
              phone_number: '0911000001',
              first_name: 'Fuzz',
              father_name: 'Row',
              grand_father_name: 'Case',
              gender: 'male',
              kebele: 'ET031702888001',
              role: 'Crop DA',
            },
          ],
          first_row: 2,
          dry_run: true,
        },
      },
      setReportDigest: {
        method: 'PUT',
        path: '/api/report-digest/',
        valid: { telegram_id: da.telegramId, subscribed: true },
      },
      updateNotificationSettings: {
        method: 'PUT',
        path: buildPath(routes.updateNotificationSettings.path, { id: n.body.id }),
        valid: notifFields,
      },
      updateFarmer: {
        method: 'PATCH',
        path: buildPath(routes.updateFarmer.path, { id: farmer }),
        valid: { farmer_name: 'F', phone_number: '911222333', gender: 'female', development_group: group },
      },
      retireFarmer: {
        method: 'POST',
        path: buildPath(routes.retireFarmer.path, { id: farmer }),
        valid: { reason: 'moved' },
      },
      takeBackReach: {
        method: 'POST',
        path: buildPath(routes.takeBackReach.path, { id: reached }),
        valid: { reason: 'Wrong farmer' },
      },
      takeBackAdoption: {
        method: 'POST',
        path: buildPath(routes.takeBackAdoption.path, { id: adopted }),
        valid: { reason: 'Wrong farmer' },
      },
      mergeFarmers: {
        method: 'POST',
        path: '/api/farmers/merge/',
        valid: { keep: farmer, drop: 99_999_999 },
      },
      // The operator's stop and resume read no body: whatever comes is ignored or refused.
      pauseNotification: {
        method: 'POST',
        path: buildPath(routes.pauseNotification.path, { id: n.body.id }),
        valid: { note: 'no body is read' },
      },
      resumeNotification: {
        method: 'POST',
        path: buildPath(routes.resumeNotification.path, { id: n.body.id }),
        valid: { note: 'no body is read' },
      },
    };
  });
  afterAll(() => t?.close());

  it('covers every POST, PUT and PATCH of the contract', () => {
    const writes = Object.entries(routes)
      .filter(([, d]) => d.method !== 'GET')
      .map(([name]) => name);
    expect(Object.keys(cases).sort()).toEqual(writes.sort());
  });

  const names = Object.keys(routes).filter((n) => routes[n as keyof typeof routes].method !== 'GET');

  it.each(names)('%s: deep JSON anywhere in the body is a 400, with or without a key', async (name) => {
    const c = cases[name] as Case;
    const before = await t.fx.rowCounts();
    const fields = Object.keys(c.valid);
    const depths = fc.integer({ min: 33, max: 20_000 });
    const where = fc.constantFrom(...fields, 'x_unknown', '<root>');
    const open = fc.constantFrom('[', '{"a":');
    await fc.assert(
      fc.asyncProperty(depths, where, open, fc.boolean(), async (depth, field, opener, keyed) => {
        const closer = opener === '[' ? ']' : '}';
        const deep = `${opener.repeat(depth)}1${closer.repeat(depth)}`;
        const payload =
          field === '<root>'
            ? deep
            : JSON.stringify({ ...c.valid, [field]: '__DEEP__' }).replace('"__DEEP__"', deep);
        const r = await t.app.inject({
          method: c.method,
          url: `/backend${c.path}`,
          headers: {
            ...user.headers,
            'content-type': 'application/json',
            ...(keyed ? { 'idempotency-key': `deep-${depth}` } : {}),
          },
          payload,
        });
        expect(r.statusCode, `${name} ${field} ${depth}`).toBe(400);
        expect(r.json().detail).toMatch(/nested deeper than 32 levels/);
      }),
      { numRuns: Math.max(5, Math.floor(RUNS / 4)) },
    );
    expect(await t.fx.rowCounts()).toEqual(before);
  });
  it.each(names)('%s: no 5xx, nothing written when refused', async (name) => {
    const c = cases[name] as Case;
    const mutated = fc
      .tuple(
        fc.subarray(Object.keys(c.valid), { minLength: 1 }),
        fc.array(nasty, { minLength: 1, maxLength: 12 }),
        fc.boolean(),
      )
      .map(([keys, values, extra]) => {
        const body: Record<string, unknown> = { ...c.valid };
        keys.forEach((k, i) => {
          body[k] = values[i % values.length];
        });
        if (extra) body[`x_${keys[0]}`] = values[0];
        return body;
      });
    const body = fc.oneof(mutated, fc.jsonValue({ maxDepth: 3 }), nasty);
    const headers = fc.constantFrom(proof.service(), da.headers, user.headers);
    await fc.assert(
      fc.asyncProperty(body, headers, async (b, h) => {
        const before = await t.fx.rowCounts();
        const r = await t.app.inject({
          method: c.method,
          url: `/backend${c.path}`,
          headers: { ...h, 'content-type': 'application/json' },
          payload: JSON.stringify(b) ?? 'null',
        });
        expect(r.statusCode, `${name} ${r.body}`).toBeLessThan(500);
        if (r.statusCode >= 400) {
          expect(r.json(), r.body).toBeTypeOf('object');
          expect(await t.fx.rowCounts()).toEqual(before);
        }
        // Text is stored as given (trimmed) and answered as data.
        if (
          name === 'createDevelopmentGroup' &&
          r.statusCode === 201 &&
          typeof (b as { group_name?: unknown }).group_name === 'string'
        )
          expect(r.json().group_name).toBe((b as { group_name: string }).group_name.trim());
      }),
      { numRuns: RUNS },
    );
  });
});
