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
// test backend turns the write limit off unless a test asks for it. That is tested here.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, HTTP_LIMIT_DEFAULTS, loadConfig } from '../../src/config';
import { startBackend, type TestBackend } from '../backend/test-kit/backend';
import { describeOnDatabases } from '../backend/test-kit/databases';
import type { Da } from '../backend/test-kit/fixtures';
import { AM } from './test-kit';

const dataDir = () => mkdtempSync(join(tmpdir(), 'gebere-attacks-'));
const REAL_TOKEN = '7000000001:AAE-real-looking-token-for-tests_xyz';

describeOnDatabases('7. Cheap denial of service and 5xx: defaults (%s)', (kind) => {
  const config = loadConfig({ DATA_DIR: dataDir() });
  let t: TestBackend;
  let da: Da;
  beforeAll(async () => {
    // The backend as server/embedded-backend.ts builds it from a configuration with nothing set.
    t = await startBackend(kind, { writesPerMinute: config.rateLimit.writesPerMinute });
    da = await t.fx.da(); // two writes of this DA: the registration and its VERIFIED
  });
  afterAll(() => t?.close());

  it('a configuration with nothing set has timeouts, a connection cap and a write limit', () => {
    expect(config.http).toEqual(HTTP_LIMIT_DEFAULTS);
    for (const ms of Object.values(config.http)) expect(ms).toBeGreaterThan(0);
    expect(config.http.requestTimeoutMs).toBeLessThanOrEqual(60_000);
    expect(config.http.maxConnections).toBeLessThanOrEqual(10_000);
    expect(config.rateLimit.writesPerMinute).toBeGreaterThan(0);
    expect(config.rateLimit.writesPerMinute).toBeLessThanOrEqual(120);
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
