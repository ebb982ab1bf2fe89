#!/usr/bin/env node
// Debian packages the test suites need beyond Node: Chromium (browser tests), PostgreSQL
// (the backend suite on a real server) and docker-compose (the compose file's check). Installs them with apt-get when running as root;
// otherwise says what is missing, and those suites skip with that reason.
//   node scripts/system-deps.mjs                 install what is missing
//   node scripts/system-deps.mjs --postgres-env  start a throwaway cluster, print `export TEST_DATABASE_URL=…`
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const log = (msg) => console.error(`› ${msg}`);
const isRoot = process.getuid?.() === 0;
const pgBinDir = () => {
  for (const v of ['17', '16', '15']) {
    const dir = `/usr/lib/postgresql/${v}/bin`;
    if (existsSync(join(dir, 'initdb'))) return dir;
  }
  return null;
};

function aptInstall(packages) {
  if (!isRoot) {
    log(`not root: cannot install ${packages.join(', ')}; the suites that need them will be skipped`);
    return;
  }
  log(`apt-get install ${packages.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const opts = { stdio: ['ignore', 'ignore', 'inherit'], env };
  spawnSync('apt-get', ['update', '-qq'], opts);
  const r = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], opts);
  if (r.status !== 0) log(`apt-get install failed (exit ${r.status})`);
}

function installMissing() {
  const missing = [];
  if (!existsSync('/usr/bin/chromium')) missing.push('chromium', 'fonts-noto-core');
  // The bot's texts carry emoji (🌱, ✅): without a colour emoji font screenshots show boxes.
  if (!existsSync('/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf'))
    missing.push('fonts-noto-color-emoji');
  if (!pgBinDir()) missing.push('postgresql');
  // bot/test/compose.test.ts runs `docker-compose config` on docker-compose.yml (no engine needed).
  if (!existsSync('/usr/bin/docker-compose')) missing.push('docker-compose');
  if (missing.length) aptInstall(missing);
  else log('system packages present (chromium, fonts, postgresql, docker-compose)');
}

/** A free loopback port, so a cluster left running by someone else never blocks CI's own. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startPostgres() {
  const bin = pgBinDir();
  if (!bin || !isRoot) {
    log('PostgreSQL not available: the backend suite runs on PGlite only');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'gebere-pg-'));
  execFileSync('chown', ['postgres:postgres', dir]);
  const asPg = (cmd, args) =>
    execFileSync('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  asPg('initdb', ['-D', join(dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const port = await freePort();
  asPg('pg_ctl', [
    '-D',
    join(dir, 'data'),
    '-l',
    join(dir, 'log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
    '-w',
    'start',
  ]);
  log(`PostgreSQL started on 127.0.0.1:${port} (data in ${dir})`);
  console.log(`export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:${port}/postgres`);
  console.log(
    `export TEST_PG_STOP="runuser -u postgres -- ${join(bin, 'pg_ctl')} -D ${join(dir, 'data')} -m fast stop"`,
  );
}

if (process.argv.includes('--postgres-env')) await startPostgres();
else installMissing();
