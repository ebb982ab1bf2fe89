#!/usr/bin/env node
// Debian packages the test suites need beyond Node: Chromium (browser tests), PostgreSQL
// (the backend suite on a real server) and docker-compose (the compose file's check), and the
// throwaway PostgreSQL cluster `npm test` runs the PostgreSQL suite on (scripts/test.mjs).
//   node scripts/system-deps.mjs                 install what is missing with apt-get (as root);
//                                                exits non-zero when that fails, or when something
//                                                is missing and cannot be installed under CI=true
//   node scripts/system-deps.mjs --postgres-env  start a throwaway cluster, print
//                                                `export TEST_DATABASE_URL=…` and `TEST_PG_STOP=…`
//                                                (on TEST_POSTGRES_PORT when set, else a free port)
// No dependencies: .ci/run calls it before the workspace is installed.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
// biome-ignore lint/plugin: .ci/run calls this file before the workspace is installed, so no package name resolves yet.
import { findChromium } from '../shared/telegram-emulator/src/browser.mjs';
import { freePort } from './free-port.mjs';

const log = (msg) => console.error(`› ${msg}`);
const isRoot = process.getuid?.() === 0;
const PG_TOOLS = ['initdb', 'pg_ctl'];

/**
 * The directory holding PostgreSQL's server binaries (initdb, pg_ctl): Debian's newest
 * /usr/lib/postgresql/<version>/bin, else the first such directory on PATH; null when absent.
 */
export function pgBinDir(env = process.env) {
  const has = (dir) => PG_TOOLS.every((tool) => existsSync(join(dir, tool)));
  const debian = '/usr/lib/postgresql';
  const versions = existsSync(debian)
    ? readdirSync(debian)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const v of versions) if (has(join(debian, v, 'bin'))) return join(debian, v, 'bin');
  return (env.PATH ?? '').split(delimiter).find((dir) => dir && has(dir)) ?? null;
}

/** Why `npm test` cannot start a cluster here, or null when it can. */
export function postgresMissing(bin = pgBinDir()) {
  if (!bin) return 'no PostgreSQL server binaries (initdb, pg_ctl) in /usr/lib/postgresql/*/bin or on PATH';
  if (isRoot && spawnSync('id', ['-u', 'postgres'], { stdio: 'ignore' }).status !== 0)
    return 'running as root and there is no postgres user to run the server as';
  return null;
}

/**
 * The throwaway cluster's port: TEST_POSTGRES_PORT when set (a firewall or another cluster may
 * dictate it), else a free one. Throws on a value that is not a port.
 */
export async function postgresPort(env = process.env) {
  const given = env.TEST_POSTGRES_PORT;
  if (given === undefined || given === '') return freePort();
  const port = Number(given);
  if (!/^\d+$/.test(given) || port < 1 || port > 65535)
    throw new Error(`TEST_POSTGRES_PORT must be a port number (1-65535), got "${given}"`);
  return port;
}

/**
 * Starts a throwaway cluster on a loopback port ({@link postgresPort}; trust authentication, no fsync): as root
 * through `runuser -u postgres`, otherwise as the current user. Returns its superuser URL and
 * `stop()`, which stops it and removes its files (synchronous, so an exit handler can call it).
 * Throws when it cannot start.
 */
export async function startPostgres() {
  const bin = pgBinDir();
  const missing = postgresMissing(bin);
  if (missing) throw new Error(missing);
  const dir = mkdtempSync(join(tmpdir(), 'gebere-pg-'));
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  const command = (tool, args) =>
    isRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]] : [join(bin, tool), args];
  const run = (tool, args) => {
    const [cmd, argv] = command(tool, args);
    execFileSync(cmd, argv, { stdio: ['ignore', 'ignore', 'inherit'] });
  };
  const data = join(dir, 'data');
  const stopArgs = ['-D', data, '-m', 'fast', 'stop'];
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    const [cmd, argv] = command('pg_ctl', stopArgs);
    spawnSync(cmd, argv, { stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const port = await postgresPort();
    run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, 'log'),
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
      '-w',
      'start',
    ]);
    log(`PostgreSQL started on 127.0.0.1:${port} (data in ${dir})`);
    const [stopCmd, stopArgv] = command('pg_ctl', stopArgs);
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      stop,
      stopCommand: [stopCmd, ...stopArgv].join(' '),
    };
  } catch (error) {
    stop();
    throw error;
  }
}

/** apt-get as root; true when every package is installed. */
function aptInstall(packages) {
  if (!isRoot) {
    log(`not root: cannot install ${packages.join(', ')}`);
    return false;
  }
  log(`apt-get install ${packages.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const opts = { stdio: ['ignore', 'ignore', 'inherit'], env };
  const update = spawnSync('apt-get', ['update', '-qq'], opts);
  if (update.status !== 0) log(`apt-get update failed (exit ${update.status ?? update.error?.message})`);
  const r = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], opts);
  if (r.status === 0) return true;
  log(`apt-get install failed (exit ${r.status ?? r.error?.message})`);
  return false;
}

function installMissing() {
  const missing = [];
  if (!findChromium().path) missing.push('chromium');
  // Amharic in Ethiopic script: without Noto's Ethiopic face the screenshots show boxes (a
  // Chromium installed on its own brings no such font).
  if (!existsSync('/usr/share/fonts/truetype/noto/NotoSansEthiopic-Regular.ttf'))
    missing.push('fonts-noto-core');
  // The bot's texts carry emoji (🌱, ✅): without a colour emoji font screenshots show boxes.
  if (!existsSync('/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf'))
    missing.push('fonts-noto-color-emoji');
  if (!pgBinDir()) missing.push('postgresql');
  // bot/test/compose.test.ts runs `docker-compose config` on docker-compose.yml (no engine needed).
  if (!existsSync('/usr/bin/docker-compose')) missing.push('docker-compose');
  if (!missing.length) {
    log('system packages present (chromium, fonts, postgresql, docker-compose)');
    return 0;
  }
  if (aptInstall(missing)) return 0;
  if (isRoot) return 1; // apt-get failed: never a silent pass
  if (process.env.CI === 'true') {
    log('CI=true: the suites that need them would fail; install them first');
    return 1;
  }
  log('the suites that need them will be skipped (npm test prints which)');
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--postgres-env')) {
    try {
      const pg = await startPostgres();
      console.log(`export TEST_DATABASE_URL=${pg.url}`);
      console.log(`export TEST_PG_STOP="${pg.stopCommand}"`);
    } catch (error) {
      log(`PostgreSQL not started: ${error.message}`);
      process.exitCode = 1;
    }
  } else process.exitCode = installMissing();
}
