// Attack suite, classes 7 and 8.
//
// Class 7 is mostly covered elsewhere, end to end, and not repeated here:
// - bot/test/backend/limits.test.ts: JSON nested 5k–20k deep in an enum field and a deep unknown
//   field with an Idempotency-Key → 400 (en, am), NUL in feedback text, lone surrogates and bidi
//   controls (U+202E …) in names → 400 with clear en/am messages, strict integer ids in bodies
//   (`location_id: true`), the paginate=false ceiling, and the per-user write limit (429 with
//   Retry-After, nothing written, other users unaffected, requests without a proof by address);
// - bot/test/http-limits.test.ts: a trickled body or trickled headers are cut off, and
//   connections beyond the cap are refused (a real listening server);
// - bot/src/log.test.ts: phone numbers masked in logs;
// - bot/test/backend/fuzz.test.ts: deep and odd JSON on every write, no 5xx.
// What they leave open is whether a deployment with no settings gets these limits at all: the
// test backend turns the write and read limits off unless a test asks for them. That is tested
// here, with the read budget: one report user's 1,049 year-long report reads in 20 s made
// another user's light read 25 times slower (bench: scripts/bench/read-budget.ts).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays, reportDayOf } from '@gebere/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUCKETS } from '../../src/backend/serving/rate-limits';
import { REFUSAL_HOLD_MS } from '../../src/backend/serving/request-limits';
import { ConfigError, HTTP_LIMIT_DEFAULTS, loadConfig } from '../../src/config';
import { proof } from '../backend/test-kit/auth-headers';
import { startBackend, type TestBackend } from '../backend/test-kit/backend';
import { describeOnDatabases } from '../backend/test-kit/databases';
import type { Da, User } from '../backend/test-kit/fixtures';
import { AM } from './test-kit';

const dataDir = () => mkdtempSync(join(tmpdir(), 'gebere-attacks-'));
const REAL_TOKEN = '7000000001:AAE-real-looking-token-for-tests_xyz';

describeOnDatabases('7. Cheap denial of service and 5xx: defaults (%s)', (kind) => {
  const config = loadConfig({ DATA_DIR: dataDir() });
  let t: TestBackend;
  let da: Da;
  let reader: Da;
  let national: User;
  beforeAll(async () => {
    // The backend as server/embedded-backend.ts builds it from a configuration with nothing set.
    t = await startBackend(kind, {
      writesPerMinute: config.rateLimit.writesPerMinute,
      readsPerMinute: config.rateLimit.readsPerMinute,
    });
    da = await t.fx.da(); // two writes of this DA: the registration and its VERIFIED
    reader = await t.fx.da();
    national = await t.fx.manager(); // reads the whole country's reports
  });
  afterAll(() => t?.close());

  it('a configuration with nothing set has timeouts, a connection cap and a write limit', () => {
    expect(config.http).toEqual(HTTP_LIMIT_DEFAULTS);
    for (const ms of Object.values(config.http)) expect(ms).toBeGreaterThan(0);
    expect(config.http.requestTimeoutMs).toBeLessThanOrEqual(60_000);
    expect(config.http.maxConnections).toBeLessThanOrEqual(10_000);
    expect(config.rateLimit.writesPerMinute).toBeGreaterThan(0);
    expect(config.rateLimit.writesPerMinute).toBeLessThanOrEqual(120);
    expect(config.rateLimit.readsPerMinute).toBeGreaterThan(0);
  });

  it('one DA’s writes past the default per-minute limit are refused with 429, nothing written', async () => {
    const limit = config.rateLimit.writesPerMinute;
    const statuses = new Set<number>();
    for (let i = 0; i < limit - 2; i++) {
      const r = await t.call('PATCH', `/api/bot-users/${da.botUserId}/`, {
        headers: da.headers,
        body: { language: i % 2 ? 'en' : 'am' },
      });
      statuses.add(r.status);
    }
    expect([...statuses]).toEqual([200]);
    const before = await t.fx.rowCounts();
    const body = { group_name: 'Flood', group_type: 'mixed', kebele: da.area.kebele, created_by: da.daId };
    const en = await t.call('POST', '/api/development-groups/', { headers: da.headers, body });
    expect(en.status).toBe(429);
    expect(en.body.detail).toMatch(/^Too many changes in a short time\. Try again in \d+ seconds\.$/);
    const am = await t.call('POST', '/api/development-groups/', { headers: { ...da.headers, ...AM }, body });
    expect(am.status).toBe(429);
    expect(am.body.detail).toMatch(/^በአጭር ጊዜ ውስጥ በጣም ብዙ ለውጦች ተልከዋል። ከ\d+ ሰከንድ በኋላ እንደገና ይሞክሩ።$/);
    expect(await t.fx.rowCounts()).toEqual(before);
    // Reads go on.
    const read = await t.call('GET', '/api/development-groups/', {
      headers: da.headers,
      query: { kebele: da.area.kebele },
    });
    expect(read.status).toBe(200);
  });
  it('a DA’s offline-cache warm-up and a screen’s reads never meet the read budget', async () => {
    // webapp lib/offline-cache/warm.ts makes at most 300 reads, two at a time; the hub and a form
    // a handful more; the reports screen a few of its kebele (12 weeks, a year).
    const today = reportDayOf(new Date());
    const reads = [
      ...Array.from(
        { length: 300 },
        () => ['/api/development-groups/', { kebele: reader.area.kebele }] as const,
      ),
      ...Array.from({ length: 20 }, () => ['/regions/', { paginate: 'false' }] as const),
      ...Array.from({ length: 4 }, () => ['/api/reports/', {}] as const),
      ...Array.from(
        { length: 4 },
        () => ['/api/reports/', { from: addDays(today, -364), to: today }] as const,
      ),
    ];
    const statuses = new Set<number>();
    for (let i = 0; i < reads.length; i += 2) {
      const pair = reads.slice(i, i + 2);
      for (const r of await Promise.all(
        pair.map(([path, query]) => t.call('GET', path, { headers: reader.headers, query })),
      ))
        statuses.add(r.status);
    }
    expect([...statuses]).toEqual([200]);
  });

  it('a heavy reader of year-long reports is held back (429, Retry-After, en/am/om); another user reads on', async () => {
    const today = reportDayOf(new Date());
    const year = { level: 'all', from: addDays(today, -365), to: today };
    const heavy = (lang: string) =>
      t.call('GET', '/api/reports/', {
        headers: { ...national.headers, 'accept-language': lang },
        query: year,
      });
    // As fast as 8 connections allow, while another DA reads their groups.
    const light = async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++)
        statuses.push(
          (
            await t.call('GET', '/api/development-groups/', {
              headers: da.headers,
              query: { kebele: da.area.kebele },
            })
          ).status,
        );
      return statuses;
    };
    const flood = async () => {
      const answers = [];
      for (let round = 0; round < 5; round++)
        answers.push(...(await Promise.all(Array.from({ length: 8 }, () => heavy('en')))));
      return answers;
    };
    const [answers, lightStatuses] = await Promise.all([flood(), light()]);
    expect(new Set(lightStatuses)).toEqual(new Set([200]));
    // 600 units a minute; a national year costs 1 + 14 × 8 = 113: five pass.
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(35);
    for (const r of refused) {
      const wait = Number(r.raw.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60 + 60 / BUCKETS);
      expect(r.body.detail).toBe(`Too many requests in a short time. Try again in ${wait} seconds.`);
    }
    // A refusal is held a second before it is answered: a flood on 8 connections gets 8 a second.
    const asked = performance.now();
    const am = await heavy('am');
    expect(performance.now() - asked).toBeGreaterThanOrEqual(REFUSAL_HOLD_MS - 20);
    expect(am.status).toBe(429);
    expect(am.body.detail).toMatch(/^በአጭር ጊዜ ውስጥ በጣም ብዙ ጥያቄዎች ተልከዋል። ከ\d+ ሰከንድ በኋላ እንደገና ይሞክሩ።$/);
    const om = await heavy('om');
    expect(om.status).toBe(429);
    expect(om.body.detail).toMatch(
      /^Yeroo gabaabaa keessatti gaaffiin baay'eedha\. sekondii \d+ booda irra deebi'aa yaalaa\.$/,
    );
    // Every request costs at least a unit: the 35 refused spent what the five left (600 − 565), so
    // the flood cannot go on with light reads either. The bot's service token is not limited.
    const lightOnes = await Promise.all(
      Array.from({ length: 5 }, () => t.call('GET', '/regions/', { headers: national.headers })),
    );
    expect(lightOnes.map((r) => r.status)).toEqual([429, 429, 429, 429, 429]);
    for (let i = 0; i < 8; i++)
      expect((await t.call('GET', '/api/reports/', { headers: proof.service(), query: year })).status).toBe(
        200,
      );
  });
});

// Also in bot/src/config.test.ts ("refuses the emulator on a non-loopback interface …").
describe('8. Emulator on the network', () => {
  it('refuses HOST=0.0.0.0 without BOT_TOKEN, naming EMULATOR_ALLOW_REMOTE and why', () => {
    for (const HOST of ['0.0.0.0', '::', '192.168.1.20']) {
      let error: unknown;
      try {
        loadConfig({ DATA_DIR: dataDir(), HOST });
      } catch (e) {
        error = e;
      }
      expect(error, HOST).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(/EMULATOR_ALLOW_REMOTE=true/);
      expect((error as Error).message).toMatch(/act as any user/);
    }
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), HOST: '0.0.0.0', EMULATOR_ALLOW_REMOTE: 'false' }),
    ).toThrow(/EMULATOR_ALLOW_REMOTE/);
  });

  it('loads with EMULATOR_ALLOW_REMOTE=true, on loopback, or with a real bot token', () => {
    const remote = loadConfig({ DATA_DIR: dataDir(), HOST: '0.0.0.0', EMULATOR_ALLOW_REMOTE: 'true' });
    expect(remote).toMatchObject({ host: '0.0.0.0', telegram: { emulator: true } });
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({
      host: '127.0.0.1',
      telegram: { emulator: true },
    });
    const real = loadConfig({ DATA_DIR: dataDir(), HOST: '0.0.0.0', BOT_TOKEN: REAL_TOKEN });
    expect(real).toMatchObject({ host: '0.0.0.0', telegram: { emulator: false } });
  });
});
