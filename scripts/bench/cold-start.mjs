#!/usr/bin/env node
// Cold start of the built product on embedded defaults (PGlite, demo data, emulator): time from
// `node bot/dist/main.js` to the first 200 from /readyz, for the very first run on an empty
// DATA_DIR (initdb, migrations, Ethiopia's admin areas, demo data) and for restarts on the
// same DATA_DIR, plus resident memory once ready and the time a SIGTERM shutdown takes.
// Targets (issue 5): first run ≤ 10 s, restart ≤ 2 s.
//   node scripts/bench/cold-start.mjs [--restarts 3] [--no-build]
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const main = join(root, 'bot', 'dist', 'main.js');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};

const freePort = () =>
  new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

const rssMb = (pid) => {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : undefined;
  } catch {
    return undefined;
  }
};

async function once(dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [main], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', BOT_TOKEN: '' },
    stdio: ['ignore', 'inherit', 'inherit'],
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
    if (readyMs === undefined) await new Promise((r) => setTimeout(r, 20));
  }
  const rss = rssMb(child.pid);
  const stopAt = performance.now();
  child.kill('SIGTERM');
  const code = await exited;
  return { readyMs: Math.round(readyMs), rssMb: rss, stopMs: Math.round(performance.now() - stopAt), code };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * The first run on a fresh DATA_DIR and `restarts` restarts on it, for other benchmarks
 * (scripts/bench/field-budgets.ts): `{first, again, restartMs}` with readyMs, rssMb, stopMs each.
 */
export async function measureColdStart({ restarts = 3, build = true } = {}) {
  if (build || !existsSync(main)) {
    const { buildBot } = await import('../../bot/build.mjs');
    await buildBot({ quiet: true });
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'gebere-cold-start-'));
  try {
    const first = await once(dataDir);
    const again = [];
    for (let i = 0; i < restarts; i++) again.push(await once(dataDir));
    return { first, again, restartMs: median(again.map((r) => r.readyMs)) };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { first, again, restartMs } = await measureColdStart({
    restarts: Number(arg('restarts', '3')),
    build: !process.argv.includes('--no-build'),
  });
  console.log(`node ${process.version}, PGlite in a fresh DATA_DIR, emulator, demo data`);
  console.log(
    `first run → /readyz 200: ${first.readyMs} ms (target ≤ 10000)  rss ${first.rssMb} MB  shutdown ${first.stopMs} ms`,
  );
  for (const [i, r] of again.entries())
    console.log(
      `restart ${i + 1}  → /readyz 200: ${r.readyMs} ms  rss ${r.rssMb} MB  shutdown ${r.stopMs} ms (exit ${r.code})`,
    );
  console.log(
    `restart median: ${restartMs} ms (target ≤ 2000); first run / restart = ${(first.readyMs / restartMs).toFixed(1)}×`,
  );
  if (first.readyMs > 10_000 || restartMs > 2_000) process.exitCode = 1;
}
