// Two copies of the server on one PostgreSQL, as behind a load balancer: every per-user limit is
// one budget for both (an attacker found 120 writes a minute, 40 hand-backs and 12 report files
// with two copies, 30 of 30 parallel send-nows accepted, and 99 writes in 9 s across a window's
// edge). The limits' clock is the test's, so a window's edge is reached without waiting.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays, reportDayOf, SEND_NOW_PER_DAY } from '@gebere/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres } from '../src/backend/db/postgres';
import type { Db } from '../src/backend/db/types';
import { BUCKETS } from '../src/backend/serving/rate-limits';
import { EMULATOR_TOKEN, loadConfig } from '../src/config';
import { createLogger } from '../src/log';
import { type RunningServer, startServer } from '../src/server/index';
import { TEST_AUTH } from './backend/test-kit/auth-headers';
import type { Answer, CallOptions } from './backend/test-kit/backend';
import { type Da, Fixtures } from './backend/test-kit/fixtures';
import { postgresSkipReason } from './backend/test-kit/postgres';
import { fakeDist, freePort } from './test-kit';

const WRITES = 40;
const T0 = Date.parse('2026-03-02T08:00:00Z');

describe.skipIf(postgresSkipReason)('per-user limits shared by two copies on one PostgreSQL', () => {
  let now = T0;
  const clock = () => now;
  let a: RunningServer;
  let b: RunningServer;
  let db: Db;
  let fx: Fixtures;
  let dropDatabase: () => Promise<void>;
  const base = (s: RunningServer) => `http://127.0.0.1:${s.config.port}`;

  /** One request to copy `s` (JSON in and out). */
  async function send(s: RunningServer, method: string, path: string, o: CallOptions = {}): Promise<Answer> {
    const params = Object.entries(o.query ?? {}).map(([k, v]): [string, string] => [k, String(v)]);
    const query = params.length ? `?${new URLSearchParams(params)}` : '';
    const res = await fetch(`${base(s)}${path}${query}`, {
      method,
      headers: { ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}), ...o.headers },
      ...(o.body !== undefined ? { body: JSON.stringify(o.body) } : {}),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {}
    return { status: res.status, body, raw: { headers: Object.fromEntries(res.headers) } as never };
  }
  /** `n` requests at once, every other one to the other copy. */
  const across = (n: number, request: (s: RunningServer, i: number) => Promise<Answer>) =>
    Promise.all(Array.from({ length: n }, (_, i) => request(i % 2 ? b : a, i)));
  const statusesOf = (answers: Answer[]) => {
    const counts: Record<number, number> = {};
    for (const r of answers) counts[r.status] = (counts[r.status] ?? 0) + 1;
    return counts;
  };
  const retryAfter = (r: Answer) => Number((r.raw.headers as Record<string, string>)['retry-after']);

  beforeAll(async () => {
    const template = inject('backendPgTemplate');
    if (!template) throw new Error('no PostgreSQL template');
    const name = `gebere_copies_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: template.url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template.database}`);
    await admin.end();
    const url = new URL(template.url);
    url.pathname = `/${name}`;
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: template.url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
    const env = {
      DATABASE_URL: url.toString(),
      BACKEND_SERVICE_TOKEN: TEST_AUTH.serviceToken,
      ENABLE_NOTIFICATIONS: 'false',
      METRICS_PORT: 'off',
      RATE_LIMIT_WRITES_PER_MINUTE: String(WRITES),
      WEBAPP_DIST: fakeDist(),
    };
    const start = async (extra: Record<string, string>) => {
      const config = loadConfig({
        ...env,
        DATA_DIR: mkdtempSync(join(tmpdir(), 'gebere-copies-limits-')),
        PORT: String(await freePort()),
        ...extra,
      });
      const server = await startServer(config, createLogger({ level: 'silent' }), { throttle: false, clock });
      await server.botReady;
      return server;
    };
    a = await start({});
    b = await start({ TELEGRAM_API_ROOT: a.config.telegram.apiRoot, ENABLE_BOT: 'false' });
    db = openPostgres({ connectionString: url.toString(), max: 2 });
    fx = new Fixtures(db, (method, path, o) => send(a, method, `/backend${path}`, o), EMULATOR_TOKEN);
    await fx.init();
  });
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
    await db?.close();
    await dropDatabase?.();
  });

  const groupBody = (da: Da, i: number) => ({
    group_name: `Flood ${i}`,
    group_type: 'mixed',
    kebele: da.area.kebele,
    created_by: da.daId,
  });
  const groupsOf = async (da: Da) =>
    Number(
      (
        await db.query<{ n: number }>(
          'select count(*)::int as n from development_groups where created_by = $1',
          [da.daId],
        )
      ).rows[0]?.n,
    );

  it(`one DA's writes on both copies are ${WRITES} a minute in total, nothing written past them`, async () => {
    const da = await fx.da(); // its registration and VERIFIED: two writes of the budget
    const answers = await across(3 * WRITES, (s, i) =>
      send(s, 'POST', '/backend/api/development-groups/', { headers: da.headers, body: groupBody(da, i) }),
    );
    expect(statusesOf(answers)).toEqual({ 201: WRITES - 2, 429: 2 * WRITES + 2 });
    expect(await groupsOf(da)).toBe(WRITES - 2);
    for (const r of answers.filter((x) => x.status === 429)) {
      expect(retryAfter(r)).toBeGreaterThan(0);
      expect(retryAfter(r)).toBeLessThanOrEqual(60 + 60 / BUCKETS);
      expect(r.body.detail).toBe(`Too many changes in a short time. Try again in ${retryAfter(r)} seconds.`);
    }
  });

  it('a burst at a window edge does not pass twice the limit (it did with fixed windows: 99 in 9 s)', async () => {
    now = T0 + 3_600_000; // a fresh window for everyone
    const user = await fx.user();
    const write = (s: RunningServer, i: number) =>
      send(s, 'PATCH', `/backend/api/bot-users/${user.botUserId}/`, {
        headers: { ...user.headers, 'accept-language': 'om' },
        body: { language: i % 2 ? 'am' : 'en' },
      });
    const start = now;
    expect((await write(a, 0)).status).toBe(200); // opens what a fixed window would count from
    now = start + 55_000;
    const before = await across(WRITES + 5, write);
    now = start + 64_000; // past the fixed window's edge, 9 s after the first burst
    const after = await across(WRITES + 5, write);
    const ok = (answers: Answer[]) => answers.filter((r) => r.status === 200).length;
    // A fixed window would have let 39 and then 40 through. Sliding: the burst at 55 s fills what
    // the first write left, and at 64 s only that first write (64 s old) has left the window.
    expect(ok(before)).toBe(WRITES - 1);
    expect(ok(after)).toBe(1);
    expect(ok(before) + ok(after)).toBeLessThanOrEqual(WRITES);
    const refused = after.find((r) => r.status === 429) as Answer;
    expect(refused.body.detail).toMatch(
      /^Yeroo gabaabaa keessatti jijjiiramni baay'eedha\. sekondii \d+ booda/,
    );
    // The window slides on: once a minute has passed over the burst at 55 s, all but the write let
    // through at 64 s are back.
    now = start + 55_000 + 60_000 + 60_000 / BUCKETS;
    expect(statusesOf(await across(WRITES + 5, write))).toEqual({ 200: WRITES - 1, 429: 6 });
  });

  it(`send-now: 30 parallel requests on both copies, exactly ${SEND_NOW_PER_DAY} accepted`, async () => {
    const manager = await fx.manager();
    const answers = await across(30, (s, i) =>
      send(s, 'POST', '/backend/api/location-notifications/', {
        headers: manager.headers,
        body: {
          name: `Now ${i}`,
          message: 'Spray today',
          content_type: 'advisory',
          send_now: true,
          location_type: 'all',
          created_by: manager.botUserId,
        },
      }),
    );
    expect(statusesOf(answers)).toEqual({ 201: SEND_NOW_PER_DAY, 429: 30 - SEND_NOW_PER_DAY });
    const logged = await db.query<{ n: number; notifications: number }>(
      `select (select count(*)::int from send_now_log where bot_user_id = $1) as n,
         (select count(*)::int from location_notifications where created_by = $1) as notifications`,
      [manager.botUserId],
    );
    expect(logged.rows[0]).toEqual({ n: SEND_NOW_PER_DAY, notifications: SEND_NOW_PER_DAY });
    for (const r of answers.filter((x) => x.status === 429)) {
      expect(retryAfter(r)).toBeGreaterThan(86_000);
      expect(retryAfter(r)).toBeLessThanOrEqual(86_400);
      expect(r.body.detail).toMatch(/^You have sent 10 immediate notifications in the last 24 hours/);
    }
  });

  it('hand-backs (20 a minute) and report files (6 a minute) are counted on both copies together', async () => {
    const emulator = a.emulator?.emulator;
    if (!emulator) throw new Error('expected copy a to run the emulator');
    const user = emulator.createUser({ first_name: 'Lemlem', language_code: 'am' });
    await user.send('/start');
    const launch = user.launchFromMenu();
    const results = await across(50, (s) =>
      send(s, 'POST', '/tg/result', {
        headers: { authorization: `tma ${launch.initData}` },
        body: { result: { kind: 'feedback_sent', advisory_id: 3, answers: 2 } },
      }),
    );
    const held = results.filter((r) => r.status === 429);
    // Admitted ones reached Telegram (the emulator's own 1 message/s per chat may refuse some: 502).
    expect(results.length - held.length).toBe(20);
    for (const r of held) {
      expect(retryAfter(r)).toBeGreaterThan(0);
      expect(r.body.detail).toMatch(/^በአጭር ጊዜ ውስጥ ወደ ውይይቱ በጣም ብዙ መልዕክቶች ተልከዋል። ከ\d+ ሰከንድ በኋላ/);
    }

    const da = await fx.da();
    const chat = emulator.createUser({ id: da.telegramId, first_name: 'Almaz', language_code: 'en' });
    await chat.send('/start');
    const exports = await across(15, (s) =>
      send(s, 'POST', '/tg/report-export', {
        headers: da.headers,
        body: { level: 'kebele', area: da.area.kebele },
      }),
    );
    const refused = exports.filter((r) => r.status === 429);
    expect(exports.length - refused.length).toBe(6);
    expect(refused[0]?.body.detail).toMatch(
      /^Too many report files sent to the chat in a short time\. Try again in \d+ seconds?\.$/,
    );
  });

  it('a heavy reader of year-long national reports gets five across both copies, then 429', async () => {
    const national = await fx.manager();
    const today = reportDayOf(new Date());
    const query = { level: 'all', from: addDays(today, -365), to: today };
    const answers = await across(12, (s) =>
      send(s, 'GET', '/backend/api/reports/', { headers: national.headers, query }),
    );
    expect(statusesOf(answers)).toEqual({ 200: 5, 429: 7 });
  });
});
