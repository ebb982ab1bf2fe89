import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const composeFile = fileURLToPath(new URL('../../docker-compose.yml', import.meta.url));
const dockerfile = fileURLToPath(new URL('../../Dockerfile', import.meta.url));

/** Debian's docker-compose (scripts/system-deps.mjs installs it in CI). */
const binary = (process.env.PATH ?? '')
  .split(delimiter)
  .map((dir) => join(dir, 'docker-compose'))
  .find((file) => existsSync(file));
if (!binary) console.log('compose.test: docker-compose not installed; `docker-compose config` check skipped');

describe('docker-compose.yml', () => {
  it('gives every substituted variable a default, so no .env is needed', () => {
    const text = readFileSync(composeFile, 'utf8')
      .split('\n')
      .filter((line) => !line.trimStart().startsWith('#'))
      .join('\n');
    const vars = [...text.matchAll(/\$\{([^}]*)\}/g)].map((m) => m[1] as string);
    expect(vars.length).toBeGreaterThan(5);
    expect(vars.filter((v) => !/^\w+:?-/.test(v))).toEqual([]);
    expect(text).not.toMatch(/env_file/);
  });

  it.skipIf(!binary)(
    '`docker-compose config` passes with no .env and no variable set (needs docker-compose: apt-get install docker-compose)',
    () => {
      // A directory with the compose file alone: no .env beside it, whatever this checkout has.
      const dir = mkdtempSync(join(tmpdir(), 'gebere-compose-'));
      copyFileSync(composeFile, join(dir, 'docker-compose.yml'));
      const r = spawnSync(binary as string, ['config'], {
        cwd: dir,
        env: { PATH: process.env.PATH ?? '', HOME: dir },
        encoding: 'utf8',
      });
      expect(r.stderr).not.toMatch(/not set|env file/i);
      expect(r.status).toBe(0);
      // Resolved as documented: the emulator's port on loopback only, PostgreSQL wired in.
      expect(r.stdout).toMatch(/127\.0\.0\.1:8080:8080/);
      expect(r.stdout).toContain('postgres://gebere:gebere@db:5432/gebere');
      expect(r.stdout).toMatch(/BOT_TOKEN: ''/);
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
