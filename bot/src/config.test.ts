import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  describeConfig,
  EMULATOR_TOKEN,
  HTTP_LIMIT_DEFAULTS,
  isLoopbackHost,
  loadConfig,
} from './config';

const dataDir = () => mkdtempSync(join(tmpdir(), 'gebere-config-'));
const REAL_TOKEN = '7000000001:AAE-real-looking-token-for-tests_xyz';

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig({ DATA_DIR: dataDir(), ...env });
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('config', () => {
  it('runs a fresh checkout with no variables: emulator, PGlite, embedded backend, demo data', () => {
    const dir = dataDir();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c.port).toBe(8080);
    expect(c.host).toBe('127.0.0.1');
    expect(c.publicUrl).toBe('http://localhost:8080');
    expect(c.telegram).toMatchObject({
      emulator: true,
      token: EMULATOR_TOKEN,
      apiRoot: 'http://127.0.0.1:8080/emulator',
      mode: 'polling',
    });
    expect(c.backend).toMatchObject({
      embedded: true,
      publicUrl: 'http://localhost:8080/backend',
      internalUrl: 'http://127.0.0.1:8080/backend',
      browserUrl: '/backend',
    });
    expect(c.database).toEqual({ url: undefined, demoData: true });
    expect(c.links.ttlSeconds).toBe(3 * 86_400);
    expect(c.enable).toEqual({ bot: true, notifications: true, backend: true });
    expect(c.webappDist).toMatch(/webapp[/\\]dist$/);
  });

  it('generates secrets once under DATA_DIR (0600) and keeps them across restarts', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.links.secret.length).toBeGreaterThanOrEqual(32);
    expect(second.links.secret).toBe(first.links.secret);
    expect(second.backend.serviceToken).toBe(first.backend.serviceToken);
    expect(second.telegram.webhookSecret).toBe(first.telegram.webhookSecret);
    expect(first.generatedSecrets).toEqual(['linkSecret', 'serviceToken', 'webhookSecret']);
    const file = join(dir, 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const given = loadConfig({ DATA_DIR: dir, LINK_SECRET: 'g'.repeat(40) });
    expect(given.links.secret).toBe('g'.repeat(40));
    expect(given.generatedSecrets).not.toContain('linkSecret');
    expect(JSON.parse(readFileSync(file, 'utf8')).linkSecret).toBe(first.links.secret);
  });

  it('uses the real Bot API with a token and derives URLs from PORT and PUBLIC_URL', () => {
    const c = loadConfig({
      DATA_DIR: dataDir(),
      BOT_TOKEN: REAL_TOKEN,
      PORT: '3000',
      PUBLIC_URL: 'https://gebere.example.org/',
      BOT_MODE: 'webhook',
      TELEGRAM_ENV: 'test',
      BACKEND_URL: 'https://extension.example.org/api',
      DATABASE_URL: 'postgres://u:p@db:5432/gebere',
      LINK_TTL: '24h',
      ENABLE_NOTIFICATIONS: 'false',
    });
    expect(c.host).toBe('0.0.0.0');
    expect(c.publicUrl).toBe('https://gebere.example.org');
    expect(c.telegram).toMatchObject({
      emulator: false,
      apiRoot: 'https://api.telegram.org',
      environment: 'test',
      webhookUrl: 'https://gebere.example.org/telegram/webhook',
    });
    expect(c.backend).toMatchObject({
      embedded: false,
      internalUrl: 'https://extension.example.org/api',
      browserUrl: 'https://extension.example.org/api',
    });
    expect(c.database.demoData).toBe(false);
    expect(c.links.ttlSeconds).toBe(86_400);
    expect(c.enable).toEqual({ bot: true, notifications: false, backend: false });
  });

  it('keeps idempotency keys through the late-sync grace (LATE_SYNC_DAYS)', () => {
    // Defaults: 7 days after the longest proof (a 3-day link), so a retry then is still a replay.
    expect(loadConfig({ DATA_DIR: dataDir() }).lateSync).toEqual({ days: 7, idempotencyHours: 72 + 168 });
    expect(loadConfig({ DATA_DIR: dataDir(), LATE_SYNC_DAYS: '2', LINK_TTL: '12h' }).lateSync).toEqual({
      days: 2,
      idempotencyHours: 24 + 48,
    });
    expect(loadConfig({ DATA_DIR: dataDir(), LATE_SYNC_DAYS: '0' }).lateSync.days).toBe(0);
    expect(problems({ LATE_SYNC_DAYS: '31' })).toEqual([
      'LATE_SYNC_DAYS must be a whole number from 0 to 30 (got "31")',
    ]);
  });

  it('lists every bad variable with a clear message', () => {
    const list = problems({
      PORT: 'abc',
      BOT_MODE: 'push',
      PUBLIC_URL: 'not a url',
      LOG_LEVEL: 'loud',
      DEMO_DATA: 'maybe',
      LINK_TTL: 'soon',
      DATABASE_URL: 'mysql://x',
    });
    expect(list).toContain('PORT must be a number between 1 and 65535 (got "abc")');
    expect(list).toContain('BOT_MODE must be polling or webhook (got "push")');
    expect(list).toContain('PUBLIC_URL must be an http(s) URL (got "not a url")');
    expect(list.some((p) => p.startsWith('LOG_LEVEL must be one of'))).toBe(true);
    expect(list).toContain('DEMO_DATA must be true or false (got "maybe")');
    expect(list.some((p) => p.startsWith('LINK_TTL'))).toBe(true);
    expect(list).toContain('DATABASE_URL must be a postgres:// or postgresql:// URL');
    expect(list).toHaveLength(7);
    expect(problems({ PORT: '70000' })).toEqual(['PORT must be a number between 1 and 65535 (got "70000")']);
  });

  it('never echoes a secret in a problem', () => {
    const list = problems({ BOT_TOKEN: 'sekrit-value', LINK_SECRET: 'short-sekrit' });
    expect(list.join('\n')).not.toContain('sekrit');
    expect(list).toHaveLength(2);
  });

  it('refuses webhook mode without an https PUBLIC_URL for a real bot', () => {
    expect(problems({ BOT_TOKEN: REAL_TOKEN, BOT_MODE: 'webhook' })[0]).toMatch(/https PUBLIC_URL/);
    // The emulator delivers to loopback, so webhook mode works locally.
    expect(problems({ BOT_MODE: 'webhook' })).toEqual([]);
  });

  it('treats empty variables as unset (docker env_file lines like `BOT_TOKEN=`)', () => {
    const c = loadConfig({ DATA_DIR: dataDir(), BOT_TOKEN: '', PORT: ' ', DATABASE_URL: '' });
    expect(c.telegram.emulator).toBe(true);
    expect(c.port).toBe(8080);
  });

  it('describes itself without any secret', () => {
    const c = loadConfig({
      DATA_DIR: dataDir(),
      BOT_TOKEN: REAL_TOKEN,
      DATABASE_URL: 'postgres://u:pw@h/db',
    });
    const text = JSON.stringify(describeConfig(c));
    for (const secret of [
      REAL_TOKEN,
      c.links.secret,
      c.backend.serviceToken,
      c.telegram.webhookSecret,
      'pw@h',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('refuses the emulator on a non-loopback interface unless EMULATOR_ALLOW_REMOTE says so', () => {
    const [why] = problems({ HOST: '0.0.0.0' });
    expect(why).toMatch(/HOST=0\.0\.0\.0 with no BOT_TOKEN/);
    expect(why).toMatch(/act as any user/);
    expect(why).toMatch(/EMULATOR_ALLOW_REMOTE=true/);
    expect(problems({ HOST: '192.168.1.20' })[0]).toMatch(/EMULATOR_ALLOW_REMOTE/);
    expect(problems({ HOST: '::' })[0]).toMatch(/EMULATOR_ALLOW_REMOTE/);
    // Explicitly allowed, loopback, or a real bot: starts.
    expect(loadConfig({ DATA_DIR: dataDir(), HOST: '0.0.0.0', EMULATOR_ALLOW_REMOTE: 'true' }).host).toBe(
      '0.0.0.0',
    );
    expect(problems({ HOST: '0.0.0.0', EMULATOR_ALLOW_REMOTE: 'false' })[0]).toMatch(/EMULATOR_ALLOW_REMOTE/);
    expect(problems({ HOST: '127.0.0.1' })).toEqual([]);
    expect(problems({ HOST: 'localhost' })).toEqual([]);
    expect(problems({ HOST: '::1' })).toEqual([]);
    expect(problems({ HOST: '0.0.0.0', BOT_TOKEN: REAL_TOKEN })).toEqual([]);
    expect(problems({ EMULATOR_ALLOW_REMOTE: 'maybe' })[0]).toMatch(
      /EMULATOR_ALLOW_REMOTE must be true or false/,
    );
  });

  it('knows loopback names and addresses', () => {
    for (const h of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1'])
      expect(isLoopbackHost(h), h).toBe(true);
    for (const h of ['0.0.0.0', '::', '10.0.0.1', 'example.org', '128.0.0.1', 'localhost.evil.org'])
      expect(isLoopbackHost(h), h).toBe(false);
  });

  it('has HTTP time and connection limits for slow phones, settable by name', () => {
    const c = loadConfig({ DATA_DIR: dataDir() });
    expect(c.http).toEqual(HTTP_LIMIT_DEFAULTS);
    expect(c.http).toMatchObject({ requestTimeoutMs: 30_000, headersTimeoutMs: 15_000 });
    expect(c.rateLimit.writesPerMinute).toBe(60);
    const set = loadConfig({
      DATA_DIR: dataDir(),
      HTTP_REQUEST_TIMEOUT: '1m',
      HTTP_HEADERS_TIMEOUT: '20',
      HTTP_KEEP_ALIVE_TIMEOUT: '5s',
      HTTP_IDLE_TIMEOUT: '2m',
      HTTP_MAX_CONNECTIONS: '500',
      RATE_LIMIT_WRITES_PER_MINUTE: '0',
    });
    expect(set.http).toEqual({
      requestTimeoutMs: 60_000,
      headersTimeoutMs: 20_000,
      keepAliveTimeoutMs: 5_000,
      idleTimeoutMs: 120_000,
      maxConnections: 500,
    });
    expect(set.rateLimit.writesPerMinute).toBe(0);
    expect(problems({ HTTP_MAX_CONNECTIONS: '0' })[0]).toMatch(/HTTP_MAX_CONNECTIONS must be a whole number/);
    expect(problems({ HTTP_REQUEST_TIMEOUT: 'soon' })[0]).toMatch(/HTTP_REQUEST_TIMEOUT must be seconds/);
    expect(problems({ HTTP_REQUEST_TIMEOUT: '10', HTTP_HEADERS_TIMEOUT: '20' })[0]).toMatch(
      /HTTP_HEADERS_TIMEOUT \(20s\) must not be longer than HTTP_REQUEST_TIMEOUT \(10s\)/,
    );
  });
});
