import { describe, expect, it } from 'vitest';
import {
  advisoryLocation,
  asList,
  buildPath,
  canonicalLink,
  decodeResult,
  encodeResult,
  farmerPayload,
  feedbackPayload,
  notificationPayload,
  notificationSettings,
  routePaths,
  routes,
} from './index';

const farmerBase = {
  farmer_name: 'Abebe',
  father_name: 'Kebede',
  grand_father_name: 'Tesfaye',
  phone_number: '911234567',
  gender: 'male',
  created_by: 3,
  kebele: 10,
};

describe('farmer payload', () => {
  it('accepts the three development_group variants', () => {
    expect(farmerPayload.safeParse({ ...farmerBase, development_group: 5 }).success).toBe(true);
    expect(farmerPayload.safeParse({ ...farmerBase, outbound_development_group: 5 }).success).toBe(true);
    const created = farmerPayload.parse({
      ...farmerBase,
      development_group: { type: 'mixed', name: 'Tesfa' },
    });
    expect(created).toMatchObject({ development_group: { type: 'mixed', name: 'Tesfa' } });
    // As older apps sent it (outboxes on phones still hold such farmers).
    const legacy = farmerPayload.parse({
      ...farmerBase,
      development_group: { group_name: 'Tesfa', group_type: 'mixed' },
    });
    expect(legacy).toMatchObject({ development_group: { group_name: 'Tesfa', group_type: 'mixed' } });
  });
  it('rejects a payload with no group, both group fields, or a bad phone', () => {
    expect(farmerPayload.safeParse(farmerBase).success).toBe(false);
    expect(
      farmerPayload.safeParse({ ...farmerBase, development_group: 5, outbound_development_group: 5 }).success,
    ).toBe(false);
    expect(
      farmerPayload.safeParse({ ...farmerBase, phone_number: '0811234567', development_group: 5 }).success,
    ).toBe(false);
    expect(
      farmerPayload.safeParse({ ...farmerBase, development_group: { group_name: '', group_type: 'mixed' } })
        .success,
    ).toBe(false);
  });
});

describe('notification schedule rule', () => {
  const base = { name: 'Rain', message: 'Plant now', content_type: 'advisory', created_by: 1 };
  it('send_now needs no frequency or interval, and refuses them', () => {
    expect(notificationPayload.safeParse({ ...base, send_now: true }).success).toBe(true);
    const r = notificationPayload.safeParse({ ...base, send_now: true, frequency: 'weekly', interval: 2 });
    expect(r.success).toBe(false);
  });
  it('otherwise requires frequency and a numeric interval', () => {
    const missing = notificationPayload.safeParse({ ...base, send_now: false });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((i) => i.path.join('.'))).toEqual(['frequency', 'interval']);
    expect(notificationPayload.safeParse({ ...base, frequency: 'weekly', interval: 'x' }).success).toBe(
      false,
    );
    expect(notificationPayload.parse({ ...base, frequency: 'monthly', interval: '3' }).interval).toBe(3);
  });
  it('a location other than all needs its id', () => {
    const r = notificationPayload.safeParse({ ...base, send_now: true, location_type: 'woreda' });
    expect(r.error?.issues[0]?.path).toEqual(['location_id']);
  });
  it('update-settings accepts only active:false for removal', () => {
    expect(notificationSettings.safeParse({ active: false }).success).toBe(true);
    expect(notificationSettings.safeParse({ active: true }).success).toBe(false);
  });
});

describe('feedback payload', () => {
  it('answer shapes by type and question id agreement', () => {
    const ok = (response: unknown) =>
      feedbackPayload.safeParse({ user: 1, feedback_question: 7, response }).success;
    expect(ok({ question_id: 7, answer: { choice: [1, 2] } })).toBe(true);
    expect(ok({ question_id: 7, answer: { choice: 1 } })).toBe(true);
    expect(ok({ question_id: 7, answer: { rating: 5 } })).toBe(true);
    expect(ok({ question_id: 7, answer: { rating: 6 } })).toBe(false);
    expect(ok({ question_id: 7, answer: { rating: 2.5 } })).toBe(false);
    expect(ok({ question_id: 7, answer: { text: '  ' } })).toBe(false);
    expect(ok({ question_id: 8, answer: { text: 'good' } })).toBe(false);
  });
});

describe('advisory location parameter', () => {
  it('parses level,id and rejects anything else', () => {
    expect(advisoryLocation.parse('kebele,12')).toEqual({ level: 'kebele', id: 12 });
    for (const bad of ['kebele', 'city,1', 'zone,0', 'zone,1;drop', 'region,-1']) {
      expect(advisoryLocation.safeParse(bad).success).toBe(false);
    }
  });
});

describe('hand-back results', () => {
  it('round-trips and refuses anything untyped or oversized', () => {
    const json = encodeResult({ kind: 'reach_recorded', farmers: 3, advisories: 2, recorded: 6, failed: 0 });
    expect(decodeResult(json)).toEqual({
      kind: 'reach_recorded',
      farmers: 3,
      advisories: 2,
      recorded: 6,
      failed: 0,
    });
    expect(decodeResult('{"kind":"say","text":"hi"}')).toBeNull();
    expect(decodeResult('not json')).toBeNull();
    expect(() =>
      encodeResult({ kind: 'farmer_registered', farmer_id: 1, name: 'ሀ'.repeat(200), group_name: 'g' }),
    ).not.toThrow();
    const long = 'ሀ'.repeat(255);
    const farmer = {
      kind: 'farmer_registered',
      farmer_id: 7,
      name: 'ሀ'.repeat(200),
      group_name: 'ለ'.repeat(200),
      status_code: 201,
      data: {
        id: 7,
        farmer_name: long,
        father_name: long,
        grand_father_name: long,
        phone_number: '911223344',
        gender: 'female',
        kebele: 9,
        development_group: 11,
        created_by: 5,
      },
    } as const;
    expect(decodeResult(encodeResult(farmer))).toEqual(farmer);
    expect(
      decodeResult(JSON.stringify({ kind: 'group_added', group_id: 1, group_name: 'x'.repeat(5000) })),
    ).toBeNull();
  });
});

describe('routes table', () => {
  it('declares each method+path once, with DRF trailing slashes except the two spec paths without', () => {
    const keys = Object.values(routes).map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    const noSlash = Object.values(routes)
      .filter((r) => !r.path.endsWith('/'))
      .map((r) => r.path);
    expect(noSlash.sort()).toEqual([
      '/api/location-notifications/by-creator/{user_id}',
      '/api/location-notifications/{id}/details',
    ]);
  });
  it('creates answer 201', () => {
    expect(routes.createFarmer.status).toBe(201);
    expect(routes.createReachBatch.status).toBe(200);
  });
  it('builds paths with encoded params', () => {
    expect(buildPath(routes.getDevelopmentGroup.path, { id: 4 })).toBe('/api/development-groups/4/');
    expect(() => buildPath(routes.getDevelopmentGroup.path, {})).toThrow(/missing path parameter id/);
  });
});

describe('signed link canonical form', () => {
  it('does not depend on parameter order and ignores sig', () => {
    const a = canonicalLink('/record_reach', new URLSearchParams('user_id=1&chatid=2&exp=9&sig=zz'));
    const b = canonicalLink('/record_reach', new URLSearchParams('exp=9&chatid=2&user_id=1'));
    expect(a).toBe(b);
    expect(a).toBe('/record_reach?chatid=2&exp=9&user_id=1');
  });
});

it('asList reads a plain list or a page', () => {
  expect(asList([1, 2])).toEqual([1, 2]);
  expect(asList({ count: 1, next: null, previous: null, results: [3] })).toEqual([3]);
});

it('body ids take JSON numbers only; query ids still coerce; bot-user phones are bounded', async () => {
  const { developmentGroupPayload, reachPayload, botUserPatch, botUserUpsert, id } = await import('./index');
  const group = { group_name: 'G', group_type: 'mixed', kebele: 9, created_by: 2 };
  expect(developmentGroupPayload.safeParse(group).success).toBe(true);
  for (const bad of [true, [7], '7', 0, 1.5])
    expect(developmentGroupPayload.safeParse({ ...group, kebele: bad }).success).toBe(false);
  expect(reachPayload.safeParse({ advisory: 1, farmer: [2], user: 3 }).success).toBe(false);
  expect(id.parse('7')).toBe(7);
  expect(botUserPatch.safeParse({ phone_number: '9'.repeat(33) }).success).toBe(false);
  expect(
    botUserUpsert.safeParse({ telegram_id: 1, chat_id: 1, first_name: 'a', phone_number: '0'.repeat(32) })
      .success,
  ).toBe(true);
});

describe('route paths (zod-free) and routes (with schemas)', () => {
  it('name the same routes with the same method and path', () => {
    expect(Object.keys(routes).sort()).toEqual(Object.keys(routePaths).sort());
    for (const [name, def] of Object.entries(routes)) {
      const plain = routePaths[name as keyof typeof routePaths];
      expect({ method: def.method, path: def.path }, name).toEqual(plain);
    }
  });
});
