#!/usr/bin/env node
// Cold start of the built product on embedded defaults (PGlite, demo data, emulator): time from
// `node bot/dist/main.js` to the first 200 from /readyz, for the very first run on an empty
// DATA_DIR (the prepared database from bot/dist unpacked, migrations checked, demo data inserted)
// and for restarts on the same DATA_DIR, with resident memory once ready (and its peak so far),
// where the time went (from the server's own 'listening' line) and the time a SIGTERM takes.
// Anchors, measured in the same run: PGlite alone opening an existing database, loading the
// snapshot, and creating one with initdb (what every first run paid before the snapshot).
// Aim: whole product to /readyz ≤ 3 s, first run and restart.
//   node scripts/bench/cold-start.mjs [--restarts 3] [--no-build] [--no-anchors]
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { botStale } from '../build-freshness.mjs';
import { freePort } from '../free-port.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const main = join(root, 'bot', 'dist', 'main.js');
export const AIM_MS = 3000;
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};

/** VmRSS (now) and VmHWM (the peak so far) of a process, in MB. */
const memory = (pid) => {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const mb = (key) => {
      const kb = new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1];
      return kb ? Math.round(Number(kb) / 1024) : undefined;
    };
    return { rssMb: mb('VmRSS'), peakMb: mb('VmHWM') };
  } catch {
    return {};
  }
};

async function once(dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [main], {
    cwd: root,
    // info: the server's own timings ('starting', 'database ready', 'listening') are parsed.
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info', BOT_TOKEN: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const records = [];
  let buffered = '';
  child.stdout.on('data', (chunk) => {
    const lines = (buffered + chunk).split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      try {
        const record = JSON.parse(line);
        records.push(record);
        if (record.level >= 40) process.stderr.write(`${line}\n`);
      } catch {
        process.stderr.write(`${line}\n`);
      }
    }
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let readyMs;
  while (readyMs === undefined) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before ready`);
    if (performance.now() - started > 60_000) throw new Error('not ready within 60 s');
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (res.status === 200) readyMs = performance.now() - started;
    } catch {}
    if (readyMs === undefined) await new Promise((r) => setTimeout(r, 10));
  }
  const mem = memory(child.pid);
  const stopAt = performance.now();
  child.kill('SIGTERM');
  const code = await exited;
  const find = (msg) => records.find((r) => r.msg === msg);
  const boot = find('starting Gebere')?.bootMs;
  const db = find('database ready');
  const listening = find('listening');
  const phases = {
    bootMs: boot,
    snapshotMs: find('database created from the prepared snapshot')?.unpackMs,
    dbOpenMs: db?.openMs,
    migrateMs: db?.migrateMs,
    seedMs: db?.seedMs,
    appMs: listening?.phases?.app,
    // Listening to the first 200 (readiness checks: database, the bot's getMe).
    afterListenMs: boot !== undefined && listening ? Math.round(readyMs - boot - listening.ms) : undefined,
  };
  return {
    readyMs: Math.round(readyMs),
    ...mem,
    stopMs: Math.round(performance.now() - stopAt),
    code,
    phases,
  };
}

/** PGlite alone in a child process (so its memory is its own): one way of getting a database. */
async function pgliteAlone(mode, dataDir) {
  const script = `
    import { readFileSync } from 'node:fs';
    import { gunzipSync } from 'node:zlib';
    const started = performance.now();
    const { PGlite } = await import(${JSON.stringify(pathToFileURL(join(root, 'bot', 'node_modules', '@electric-sql', 'pglite', 'dist', 'index.js')).href)});
    const options = { dataDir: ${JSON.stringify(dataDir)} };
    if (${JSON.stringify(mode)} === 'loadDataDir')
      options.loadDataDir = new Blob([gunzipSync(readFileSync(${JSON.stringify(join(root, 'bot', 'dist', 'pglite-demo.tar.gz'))}))]);
    const pg = await PGlite.create(options);
    await pg.query('select 1');
    const ms = Math.round(performance.now() - started);
    const status = readFileSync('/proc/self/status', 'utf8');
    const mb = (k) => Math.round(Number(new RegExp(k + ':\\\\s+(\\\\d+)').exec(status)?.[1] ?? 0) / 1024);
    await pg.close();
    console.log(JSON.stringify({ ms, rssMb: mb('VmRSS'), peakMb: mb('VmHWM') }));`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (c) => {
    out += c;
  });
  await new Promise((resolve) => child.once('exit', resolve));
  return JSON.parse(out.trim().split('\n').pop() ?? '{}');
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * The first run on a fresh DATA_DIR and `restarts` restarts on it, for other benchmarks
 * (scripts/bench/field-budgets.ts): `{first, again, restartMs, anchors?}`; runs have readyMs,
 * rssMb, peakMb, stopMs and phases. Builds bot/dist first when `build` and it is stale.
 */
export async function measureColdStart({ restarts = 3, build = true, anchors = false } = {}) {
  if (!existsSync(main) || (build && botStale(root))) {
    const { buildBot } = await import('@gebere/bot/build');
    await buildBot({ quiet: true });
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'gebere-cold-start-'));
  try {
    const first = await once(dataDir);
    const again = [];
    for (let i = 0; i < restarts; i++) again.push(await once(dataDir));
    const result = { first, again, restartMs: median(again.map((r) => r.readyMs)) };
    if (!anchors) return result;
    const fresh = join(dataDir, 'anchor-initdb');
    const loaded = join(dataDir, 'anchor-load');
    return {
      ...result,
      anchors: {
        reopen: await pgliteAlone('reopen', join(dataDir, 'pglite')),
        loadDataDir: await pgliteAlone('loadDataDir', loaded),
        initdb: await pgliteAlone('initdb', fresh),
      },
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const loadBefore = loadavg()[0].toFixed(1);
  const { first, again, restartMs, anchors } = await measureColdStart({
    restarts: Number(arg('restarts', '3')),
    build: !process.argv.includes('--no-build'),
    anchors: !process.argv.includes('--no-anchors'),
  });
  const ms = (v) => (v === undefined ? '—' : String(v));
  const rows = [
    [
      'run',
      'ready ms',
      'rss MB',
      'peak MB',
      'boot',
      'snapshot',
      'db open',
      'migrate',
      'seed',
      'app',
      'listen→ready',
      'stop ms',
    ],
    ...[['first run', first], ...again.map((r, i) => [`restart ${i + 1}`, r])].map(([name, r]) => [
      name,
      ms(r.readyMs),
      ms(r.rssMb),
      ms(r.peakMb),
      ms(r.phases.bootMs),
      ms(r.phases.snapshotMs),
      ms(r.phases.dbOpenMs),
      ms(r.phases.migrateMs),
      ms(r.phases.seedMs),
      ms(r.phases.appMs),
      ms(r.phases.afterListenMs),
      ms(r.stopMs),
    ]),
  ];
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  console.log(
    `node ${process.version}, PGlite in a fresh DATA_DIR, emulator, demo data; load ${loadBefore} → ${loadavg()[0].toFixed(1)}`,
  );
  for (const r of rows)
    console.log(r.map((v, c) => (c === 0 ? v.padEnd(widths[c]) : v.padStart(widths[c]))).join('  '));
  console.log(
    "(db open includes the snapshot unpack on the first run; phases are the server's own timings in ms)",
  );
  if (anchors) {
    console.log('anchors, PGlite alone (own process, open + select 1):');
    for (const [name, a] of Object.entries({
      'reopen existing data dir': anchors.reopen,
      'loadDataDir from the snapshot': anchors.loadDataDir,
      'fresh initdb (the old first run)': anchors.initdb,
    }))
      console.log(
        `  ${name.padEnd(34)} ${String(a.ms).padStart(6)} ms  rss ${a.rssMb} MB  peak ${a.peakMb} MB`,
      );
  }
  const verdict = (v) => (v <= AIM_MS ? 'ok' : 'OVER');
  console.log(
    `aim ≤ ${AIM_MS} ms: first run ${first.readyMs} ms ${verdict(first.readyMs)}; restart median ${restartMs} ms ${verdict(restartMs)}`,
  );
  if (first.readyMs > AIM_MS || restartMs > AIM_MS) process.exitCode = 1;
}
