import { LIST_CEILING } from '@gebere/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUCKETS } from '../../src/backend/serving/rate-limits';
import { oneAtATimePerUser } from '../../src/backend/serving/request-limits';
import { proof } from './test-kit/auth-headers';
import { startBackend, type TestBackend } from './test-kit/backend';
import { describeOnDatabases } from './test-kit/databases';
import type { Da, User } from './test-kit/fixtures';

const AM = { 'accept-language': 'am' };

/** `[[[…7…]]]` nested `depth` levels, as raw JSON text. */
const nested = (depth: number, inner = '7') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;

describeOnDatabases('request limits (%s)', (kind) => {
  let t: TestBackend;
  let da: Da;
  let user: User;
  let group: number;
  let question: number;

  beforeAll(async () => {
    t = await startBackend(kind);
    da = await t.fx.da();
    // A national notification manager (docs/authorization.md), with a verified phone.
    user = await t.fx.manager();
    group = await t.fx.group(da);
    question = (
      await t.db.query<{ id: number }>("select id from feedback_questions where type = 'TEXT' limit 1")
    ).rows[0]?.id as number;
  });
  afterAll(() => t?.close());

  const raw = (method: 'POST' | 'PUT' | 'PATCH', path: string, payload: string, headers = {}) =>
    t.app.inject({
      method,
      url: `/backend${path}`,
      headers: { ...da.headers, 'content-type': 'application/json', ...headers },
      payload,
    });

  describe('JSON nesting', () => {
    it.each([5_000, 20_000])('refuses an array nested %i deep in an enum field with 400', async (depth) => {
      const before = await t.fx.rowCounts();
      const body = `{"group_name":"G","group_type":${nested(depth, '"mixed"')},"kebele":${da.area.kebele},"created_by":${da.daId}}`;
      const r = await raw('POST', '/api/development-groups/', body);
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({ detail: 'JSON parse error - nested deeper than 32 levels.' });
      expect(await t.fx.rowCounts()).toEqual(before);
    });

    it('refuses a deep unknown field sent with an Idempotency-Key with 400, in Amharic too', async () => {
      const before = await t.fx.rowCounts();
      const deep = `{"group_name":"G","group_type":"mixed","kebele":${da.area.kebele},"created_by":${da.daId},"x":${nested(20_000, '{"a":1}')}}`;
      const r = await raw('POST', '/api/development-groups/', deep, { 'idempotency-key': 'deep-1', ...AM });
      expect(r.statusCode).toBe(400);
      expect(r.json().detail).toMatch(/^የJSON ትንተና ስህተት - ከ32 ደረጃ በላይ/);
      // Objects nest as well as arrays.
      const objects = `${'{"a":'.repeat(40)}1${'}'.repeat(40)}`;
      expect((await raw('PATCH', `/api/bot-users/${user.botUserId}/`, objects)).statusCode).toBe(400);
      expect(await t.fx.rowCounts()).toEqual(before);
    });

    it('counts only brackets outside strings, and accepts nesting up to the limit', async () => {
      const name = `${'['.repeat(50)}{{ ]] "quoted" \\ `;
      const r = await t.call('POST', '/api/development-groups/', {
        headers: da.headers,
        body: { group_name: name, group_type: 'mixed', kebele: da.area.kebele, created_by: da.daId },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body.group_name).toBe(name.trim());
      // 32 levels is allowed (and then refused by the schema, not by the parser).
      const atLimit = await raw('PATCH', `/api/bot-users/${user.botUserId}/`, `{"language":${nested(31)}}`);
      expect(atLimit.statusCode).toBe(400);
      expect(atLimit.json()).toHaveProperty('language');
    });
  });

  describe('text hygiene', () => {
    it('refuses NUL in feedback text with a field error (was a 500)', async () => {
      const before = await t.fx.rowCounts();
      const body = {
        user: user.botUserId,
        feedback_question: question,
        response: { question_id: question, answer: { text: 'good\u0000bad' } },
      };
      const r = await t.call('POST', '/api/feedback/', { headers: user.headers, body });
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.body)).toContain('Must not contain a NUL character (\\\\u0000)');
      const am = await t.call('POST', '/api/feedback/', { headers: { ...user.headers, ...AM }, body });
      expect(JSON.stringify(am.body)).toContain('ባዶ (NUL');
      expect(await t.fx.rowCounts()).toEqual(before);
    });

    it('refuses lone surrogates and bidi controls in names, with clear en and am messages', async () => {
      const before = await t.fx.rowCounts();
      const body = (farmer_name: string) => ({ ...t.fx.farmerBody(da, group), farmer_name });
      const cases: [string, RegExp, RegExp][] = [
        ['Abe\ud800be', /lone UTF-16 surrogate/, /የተበላሸ ፊደል/],
        ['Abebe\udc00', /lone UTF-16 surrogate/, /የተበላሸ ፊደል/],
        ['Abebe\u202Egnp.exe', /text-direction/, /የጽሑፍ አቅጣጫ/],
        ['\u2066Abebe\u2069', /text-direction/, /የጽሑፍ አቅጣጫ/],
        ['Abebe\u200F', /text-direction/, /የጽሑፍ አቅጣጫ/],
        ['Abebe\u061C', /text-direction/, /የጽሑፍ አቅጣጫ/],
        ['Abe\u0000be', /NUL/, /NUL/],
      ];
      for (const [name, en, am] of cases) {
        const r = await t.call('POST', '/api/farmer-profiles/', { headers: da.headers, body: body(name) });
        expect(r.status, JSON.stringify(name)).toBe(400);
        expect(r.body.farmer_name?.[0], JSON.stringify(name)).toMatch(en);
        const a = await t.call('POST', '/api/farmer-profiles/', {
          headers: { ...da.headers, ...AM },
          body: body(name),
        });
        expect(a.body.farmer_name?.[0], JSON.stringify(name)).toMatch(am);
      }
      expect(await t.fx.rowCounts()).toEqual(before);
      // Amharic, emoji (a proper surrogate pair) and other scripts are fine.
      const ok = await t.call('POST', '/api/farmer-profiles/', {
        headers: da.headers,
        body: body('አበበ 🌱 Zoë'),
      });
      expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    });

    it('refuses bidi controls in group and notification names but not in a multi-line message', async () => {
      const g = await t.call('POST', '/api/development-groups/', {
        headers: da.headers,
        body: { group_name: 'G\u202E', group_type: 'mixed', kebele: da.area.kebele, created_by: da.daId },
      });
      expect(g.status).toBe(400);
      expect(g.body.group_name[0]).toMatch(/text-direction/);
      const notif = (name: string, message: string) => ({
        name,
        message,
        content_type: 'reach',
        send_now: true,
        location_type: 'kebele',
        location_id: da.area.kebele,
        created_by: user.botUserId,
      });
      const bad = await t.call('POST', '/api/location-notifications/', {
        headers: user.headers,
        body: notif('N\u202Eame', 'M'),
      });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body)).toEqual(['name']);
      const nul = await t.call('POST', '/api/location-notifications/', {
        headers: user.headers,
        body: notif('Name', 'M\u0000'),
      });
      expect(nul.status).toBe(400);
      expect(nul.body.message[0]).toMatch(/NUL/);
      const rtl = await t.call('POST', '/api/location-notifications/', {
        headers: user.headers,
        body: notif('Name', 'Line one\n\u200Fשלום'),
      });
      expect(rtl.status, JSON.stringify(rtl.body)).toBe(201);
    });
  });

  describe('strict integer ids in bodies', () => {
    const bad: unknown[] = [true, '7', [7], 7.5, -1, 0, '1e1', { id: 7 }];

    it.each(bad)('refuses location_id %j in a notification', async (value) => {
      const before = await t.fx.rowCounts();
      const r = await t.call('POST', '/api/location-notifications/', {
        headers: user.headers,
        body: {
          name: 'N',
          message: 'M',
          content_type: 'reach',
          send_now: true,
          location_type: 'kebele',
          location_id: value,
          created_by: user.botUserId,
        },
      });
      expect(r.status).toBe(400);
      expect(r.body).toHaveProperty('location_id');
      expect(await t.fx.rowCounts()).toEqual(before);
    });

    it.each(bad)('refuses %j as an id in report-user, notification and group bodies', async (value) => {
      const before = await t.fx.rowCounts();
      const report = await t.call('POST', '/api/report-users/', {
        headers: user.headers,
        body: {
          name: 'R',
          phone_no: '911111111',
          gender: 'male',
          region: value,
          zone: da.area.zone,
          woreda: da.area.woreda,
          created_by: user.telegramId,
        },
      });
      expect(report.status).toBe(400);
      expect(report.body).toHaveProperty('region');
      const byCreator = await t.call('POST', '/api/location-notifications/', {
        headers: user.headers,
        body: { name: 'N', message: 'M', content_type: 'reach', send_now: true, created_by: value },
      });
      expect(byCreator.status).toBe(400);
      expect(byCreator.body).toHaveProperty('created_by');
      const g = await t.call('POST', '/api/development-groups/', {
        headers: da.headers,
        body: { group_name: 'G', group_type: 'mixed', kebele: value, created_by: da.daId },
      });
      expect(g.status).toBe(400);
      expect(g.body).toHaveProperty('kebele');
      expect(await t.fx.rowCounts()).toEqual(before);
    });
  });

  describe('paginate=false ceiling', () => {
    it(`answers the first ${LIST_CEILING} rows of a longer list, with its total and a truncation mark`, async () => {
      const big = await t.fx.group(da, 'Big Group');
      const extra = LIST_CEILING + 7;
      await t.db.query(
        `insert into farmers (farmer_name, father_name, grand_father_name, gender, kebele_id,
           development_group_id, created_by)
         select 'F' || g, 'A', 'B', 'male', $1, $2, $3 from generate_series(1, $4::int) g`,
        [da.area.kebele, big, da.daId, extra],
      );
      const r = await t.call('GET', '/api/farmer-profiles/', {
        headers: da.headers,
        query: { outbound_development_group: big, paginate: 'false' },
      });
      expect(r.status).toBe(200);
      expect(r.body).toHaveLength(LIST_CEILING);
      expect(r.raw.headers['x-total-count']).toBe(String(extra));
      expect(r.raw.headers['x-list-truncated']).toBe('true');
      // The first rows in the list's own order (by id), and nothing of the total row count.
      const ids = r.body.map((f: { id: number }) => f.id);
      expect(ids).toEqual([...ids].sort((a: number, b: number) => a - b));
      expect(Object.keys(r.body[0]).sort()).toEqual(
        ['farmer_name', 'father_name', 'grand_father_name', 'id'].sort(),
      );
      // The rest is reachable page by page.
      const last = await t.call('GET', '/api/farmer-profiles/', {
        headers: da.headers,
        query: { outbound_development_group: big, page_size: 1000, page: 6 },
      });
      expect(last.body.count).toBe(extra);
      expect(last.body.results).toHaveLength(7);
    });

    it('says the total of a complete list and does not mark it truncated', async () => {
      const r = await t.call('GET', '/api/farmer-profiles/', {
        headers: da.headers,
        query: { outbound_development_group: group, paginate: 'false' },
      });
      expect(r.status).toBe(200);
      expect(r.raw.headers['x-total-count']).toBe(String(r.body.length));
      expect(r.raw.headers['x-list-truncated']).toBeUndefined();
      const newcomer = await t.fx.da(); // a DA who has made no group yet
      const empty = await t.call('GET', '/api/development-groups/', {
        headers: newcomer.headers,
        query: { created_by: newcomer.daId, paginate: 'false' },
      });
      expect(empty.body).toEqual([]);
      expect(empty.raw.headers['x-total-count']).toBe('0');
    });
  });

  it('service calls are unaffected by the id rules when they send numbers', async () => {
    const r = await t.call('POST', '/api/bot-users/', {
      headers: proof.service(),
      body: { telegram_id: 555_000_111, chat_id: 555_000_111, first_name: '\u200Fנועה' },
    });
    // A right-to-left mark in a Telegram name is Telegram's: kept.
    expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
  });
});

describeOnDatabases('per-user write limit (%s)', (kind) => {
  const MAX = 3;
  let t: TestBackend;
  let da: Da;
  let other: Da;

  beforeAll(async () => {
    t = await startBackend(kind, { writesPerMinute: MAX });
    // Fixtures write as the service token (not limited) and as each DA (one write each).
    da = await t.fx.da();
    other = await t.fx.da();
  });
  afterAll(() => t?.close());

  const groupBody = (d: Da, name: string) => ({
    group_name: name,
    group_type: 'mixed',
    kebele: d.area.kebele,
    created_by: d.daId,
  });

  it('answers 429 with Retry-After past the limit, writes nothing, and leaves other users alone', async () => {
    // The DA's own registration (POST /api/da-profiles/, then PATCH VERIFIED) were its first two
    // writes of this minute.
    const statuses: number[] = [];
    for (let i = 0; i < MAX - 2; i++) {
      const r = await t.call('POST', '/api/development-groups/', {
        headers: da.headers,
        body: groupBody(da, `G${i}`),
      });
      statuses.push(r.status);
    }
    expect(statuses).toEqual([201]);

    const before = await t.fx.rowCounts();
    const limited = await t.call('POST', '/api/development-groups/', {
      headers: da.headers,
      body: groupBody(da, 'One too many'),
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.raw.headers['retry-after'])).toBeGreaterThan(0);
    // A sliding window counted in buckets: back within a minute and one bucket.
    expect(Number(limited.raw.headers['retry-after'])).toBeLessThanOrEqual(60 + 60 / BUCKETS);
    expect(limited.body.detail).toMatch(/^Too many changes in a short time\. Try again in \d+ seconds\.$/);
    const am = await t.call('PATCH', `/api/bot-users/${da.botUserId}/`, {
      headers: { ...da.headers, 'accept-language': 'am' },
      body: { language: 'am' },
    });
    expect(am.status).toBe(429);
    expect(am.body.detail).toMatch(/^በአጭር ጊዜ ውስጥ በጣም ብዙ ለውጦች ተልከዋል። ከ\d+ ሰከንድ በኋላ/);
    // Another proof of the same Telegram user (a signed link) is the same user.
    const viaLink = await t.call('POST', '/api/development-groups/', {
      headers: proof.link(da.telegramId),
      body: groupBody(da, 'Via link'),
    });
    expect(viaLink.status).toBe(429);
    expect(await t.fx.rowCounts()).toEqual(before);

    // Reads are not limited; another DA and the bot's service token still write.
    const read = await t.call('GET', '/api/development-groups/', {
      headers: da.headers,
      query: { created_by: da.daId, paginate: 'false' },
    });
    expect(read.status).toBe(200);
    expect(read.body).toHaveLength(MAX - 2);
    const others = await t.call('POST', '/api/development-groups/', {
      headers: other.headers,
      body: groupBody(other, 'Other DA'),
    });
    expect(others.status).toBe(201);
    for (let i = 0; i < MAX + 2; i++) {
      const r = await t.call('POST', '/api/bot-users/', {
        headers: proof.service(),
        body: { telegram_id: 777_000_000 + i, chat_id: 777_000_000 + i, first_name: 'S' },
      });
      expect(r.status).toBeLessThan(300);
    }
  });

  it('counts requests without a valid proof by address', async () => {
    const bad = { authorization: 'tma user=forged&hash=00' };
    const statuses: number[] = [];
    for (let i = 0; i < MAX + 1; i++)
      statuses.push((await t.call('POST', '/api/feedback/', { headers: bad, body: {} })).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});

describe('reports one at a time per user', () => {
  /** A run that says when it starts and ends, and ends when told (or fails). */
  const gate = (log: string[], name: string) => {
    let end!: (fail?: boolean) => void;
    const ended = new Promise<void>((resolve, reject) => {
      end = (fail) => (fail ? reject(new Error(name)) : resolve());
    });
    const run = async () => {
      log.push(`${name} starts`);
      await ended;
      log.push(`${name} ends`);
      return name;
    };
    return { run, end };
  };

  it("starts a user's next report when the previous ends, even a failed one, and never holds up another user", async () => {
    const inTurn = oneAtATimePerUser();
    const log: string[] = [];
    const [a1, a2, a3, b1] = [gate(log, 'a1'), gate(log, 'a2'), gate(log, 'a3'), gate(log, 'b1')];
    const first = inTurn('tg:1', a1.run);
    const second = inTurn('tg:1', a2.run);
    const third = inTurn('tg:1', a3.run);
    const other = inTurn('tg:2', b1.run);
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(['a1 starts', 'b1 starts']);
    a1.end(true);
    await expect(first).rejects.toThrow('a1');
    await expect.poll(() => log).toContain('a2 starts');
    expect(log).not.toContain('a3 starts');
    a2.end();
    expect(await second).toBe('a2');
    a3.end();
    b1.end();
    expect(await Promise.all([third, other])).toEqual(['a3', 'b1']);
    expect(log.indexOf('a3 starts')).toBeGreaterThan(log.indexOf('a2 ends'));
  });
});
