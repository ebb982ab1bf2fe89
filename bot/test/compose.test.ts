import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { envSchema } from '../src/config-env';

const composeFile = fileURLToPath(new URL('../../docker-compose.yml', import.meta.url));
const dockerfile = fileURLToPath(new URL('../../Dockerfile', import.meta.url));
const envExample = fileURLToPath(new URL('../../.env.example', import.meta.url));

/** Debian's docker-compose (scripts/system-deps.mjs installs it in CI). */
const binary = (process.env.PATH ?? '')
  .split(delimiter)
  .map((dir) => join(dir, 'docker-compose'))
  .find((file) => existsSync(file));
if (!binary) console.log('compose.test: docker-compose not installed; `docker-compose config` check skipped');

/** Every setting .env.example documents (`NAME=value`, commented out or not), with its example. */
const documented = new Map(
  [...readFileSync(envExample, 'utf8').matchAll(/^#? ?([A-Z][A-Z0-9_]+)=(\S*)/gm)].map(
    (m) => [m[1] as string, m[2] as string] as const,
  ),
);

/** Compose's own: they shape the services, never the app's environment. */
const COMPOSE_ONLY = ['POSTGRES_PASSWORD', 'APP_PORT', 'APP_BIND'];
/** A path inside this machine's checkout; the image has its own webapp where the default finds it. */
const IMAGE_ONLY = ['WEBAPP_DIST'];

/**
 * A value for every documented setting that the app accepts and that differs from compose's
 * default, so a setting that does not reach the container cannot pass by coincidence. Settings
 * not named here take .env.example's example (a new one is thus checked as soon as it is there).
 */
const TEST_VALUES: Record<string, string> = {
  PORT: '9090',
  HOST: '127.0.0.1',
  DATA_DIR: './somewhere',
  DATABASE_URL: 'postgres://someone:else@localhost:5432/other',
  EMULATOR_ALLOW_REMOTE: 'false',
  BOT_TOKEN: '123456789:AAcompose-check-token-0123',
  WEBHOOK_SECRET: 'compose-webhook-secret',
  BACKEND_SERVICE_TOKEN: 'compose-service-token-0123456789',
  LINK_SECRET: 'compose-link-secret-0123456789abcdefghij',
  METRICS_TOKEN: 'compose-metrics-token-0123',
  LOG_LEVEL: 'debug',
  DEMO_DATA: 'true',
  TRUST_PROXY: 'true',
  BOT_MODE: 'webhook',
  TELEGRAM_ENV: 'test',
  LATE_SYNC_DAYS: '3',
  NOTIFICATIONS_PAID_RATE: '500',
  NOTIFICATIONS_RATE: '20',
  ENABLE_BOT: 'false',
  ENABLE_NOTIFICATIONS: 'false',
  ENABLE_BACKEND: 'false',
  LINK_TTL: '2d',
  INIT_DATA_MAX_AGE: '12h',
  HTTP_REQUEST_TIMEOUT: '40s',
  HTTP_HEADERS_TIMEOUT: '20s',
  HTTP_KEEP_ALIVE_TIMEOUT: '5s',
  HTTP_IDLE_TIMEOUT: '90s',
  HTTP_MAX_CONNECTIONS: '2000',
  RATE_LIMIT_WRITES_PER_MINUTE: '30',
  WEBAPP_DIST: '/srv/gebere/webapp/dist',
  POSTGRES_PASSWORD: 'compose-db-password',
  APP_PORT: '8181',
  APP_BIND: '0.0.0.0',
};

/** Inside the container these are the container's own, whatever .env says (it names this machine). */
const FIXED: Record<string, string> = {
  HOST: '0.0.0.0',
  PORT: '8080',
  DATA_DIR: '/data',
  EMULATOR_ALLOW_REMOTE: 'true',
  DATABASE_URL: `postgres://gebere:${TEST_VALUES.POSTGRES_PASSWORD}@db:5432/gebere`,
};

function composeConfig(dir: string) {
  return spawnSync(binary as string, ['config'], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', HOME: dir },
    encoding: 'utf8',
  });
}

/** A directory holding the compose file alone (no .env beside it, whatever this checkout has). */
function composeDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gebere-compose-'));
  copyFileSync(composeFile, join(dir, 'docker-compose.yml'));
  return dir;
}

interface Rendered {
  services: Record<
    string,
    { environment?: Record<string, unknown>; ports?: Array<string | Record<string, unknown>> }
  >;
}

/** `host_ip:published:target` of a port, from compose 1.29's short form or v2's long one. */
const portOf = (p: string | Record<string, unknown>) =>
  typeof p === 'string' ? p.replace(/\/tcp$/, '') : `${p.host_ip}:${p.published}:${p.target}`;

describe('docker-compose.yml', () => {
  it('gives every substituted variable a default, so no .env is needed', () => {
    const text = readFileSync(composeFile, 'utf8')
      .split('\n')
      .filter((line) => !line.trimStart().startsWith('#'))
      .join('\n');
    const vars = [...text.matchAll(/\$\{([^}]*)\}/g)].map((m) => m[1] as string);
    expect(vars.length).toBeGreaterThan(5);
    expect(vars.filter((v) => !/^\w+:?-/.test(v))).toEqual([]);
    // Debian's docker-compose 1.29 fails on a missing env_file (no `required: false`).
    expect(text).not.toMatch(/env_file/);
  });

  it('.env.example documents every variable the app reads', () => {
    const read = Object.keys(envSchema.shape);
    expect(read.filter((name) => !documented.has(name))).toEqual([]);
  });

  it.skipIf(!binary)(
    '`docker-compose config` passes with no .env and no variable set (needs docker-compose: apt-get install docker-compose)',
    () => {
      const r = composeConfig(composeDir());
      expect(r.stderr).not.toMatch(/not set|env file/i);
      expect(r.status).toBe(0);
      const app = (parse(r.stdout) as Rendered).services.app;
      // Resolved as documented: the emulator's port on loopback only, PostgreSQL wired in, no demo.
      expect(app?.ports?.map(portOf)).toEqual(['127.0.0.1:8080:8080']);
      expect(app?.environment?.DATABASE_URL).toBe('postgres://gebere:gebere@db:5432/gebere');
      expect(app?.environment?.BOT_TOKEN).toBe('');
      expect(app?.environment?.DEMO_DATA).toBe('false');
    },
  );

  it.skipIf(!binary)(
    'every documented setting in .env reaches the app container (needs docker-compose: apt-get install docker-compose)',
    () => {
      const dir = composeDir();
      const values = new Map([...documented].map(([name, example]) => [name, TEST_VALUES[name] ?? example]));
      writeFileSync(join(dir, '.env'), [...values].map(([name, value]) => `${name}=${value}\n`).join(''));
      const r = composeConfig(dir);
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      const rendered = parse(r.stdout) as Rendered;
      const env = Object.fromEntries(
        Object.entries(rendered.services.app?.environment ?? {}).map(([k, v]) => [k, String(v)]),
      );

      const passed = [...values].filter(
        ([name]) => !COMPOSE_ONLY.includes(name) && !IMAGE_ONLY.includes(name) && !(name in FIXED),
      );
      expect(passed.length).toBeGreaterThan(20);
      const missing = passed.filter(([name, value]) => env[name] !== value).map(([name]) => name);
      expect(missing, 'settings of .env.example that do not reach the container').toEqual([]);
      for (const [name, value] of Object.entries(FIXED)) expect(env[name], name).toBe(value);
      for (const name of IMAGE_ONLY) expect(env[name], name).toBeUndefined();
      // The compose-only ones did their part: the database's password, the published port.
      expect(rendered.services.db?.environment?.POSTGRES_PASSWORD).toBe(TEST_VALUES.POSTGRES_PASSWORD);
      expect(rendered.services.app?.ports?.map(portOf)).toEqual(['0.0.0.0:8181:8080']);
      // And the app accepts what arrives.
      const accepted = envSchema.safeParse(env);
      expect(accepted.success ? [] : accepted.error.issues.map((i) => i.path.join('.'))).toEqual([]);
    },
  );
});

describe('Dockerfile', () => {
  it('is Node 24 on Debian trixie slim, pinned to a release, with a health check', () => {
    const text = readFileSync(dockerfile, 'utf8');
    expect(text).toMatch(/^ARG NODE_IMAGE=node:24\.\d+\.\d+-trixie-slim$/m);
    expect(text).toMatch(/^HEALTHCHECK /m);
    expect(text).toContain('podman build --format docker');
  });
});
