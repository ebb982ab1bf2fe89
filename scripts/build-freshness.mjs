// When a build is stale: one rule for `npm start`, the end-to-end harness, the tests that read
// the webapp's build and the benchmarks. Plain .mjs (typed by build-freshness.d.mts) so
// scripts/start.mjs can use it before any build.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Newest mtime under the given paths (files or folders), skipping dependencies, output and tests. */
export function newest(paths) {
  let max = 0;
  const visit = (path) => {
    let st;
    try {
      st = statSync(path);
    } catch {
      return;
    }
    if (!st.isDirectory()) {
      max = Math.max(max, st.mtimeMs);
      return;
    }
    for (const entry of readdirSync(path)) {
      if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
      if (/\.test\.tsx?$/.test(entry)) continue;
      visit(join(path, entry));
    }
  };
  for (const p of paths) visit(p);
  return max;
}

export const mtime = (path) => (existsSync(path) ? statSync(path).mtimeMs : 0);

const sharedSources = (root) => readdirSync(join(root, 'shared')).map((p) => join(root, 'shared', p, 'src'));

/** Everything webapp/dist is built from. */
export const webappSources = (root) => [
  join(root, 'webapp', 'src'),
  join(root, 'webapp', 'public'),
  join(root, 'webapp', 'index.html'),
  join(root, 'webapp', 'vite.config.ts'),
  // The build's plugins (the first-load plan, the early script, the CSS purge).
  join(root, 'webapp', 'scripts'),
  join(root, 'webapp', 'package.json'),
  ...sharedSources(root),
];

/**
 * Everything bot/dist is bundled from. The prepared database in it (bot/build.mjs) is built from
 * a subset: the migrations, the seed code and admin files (all under bot/src) and PGlite (the
 * lockfile).
 */
export const botSources = (root) => [
  join(root, 'bot', 'src'),
  join(root, 'bot', 'build.mjs'),
  join(root, 'bot', 'package.json'),
  join(root, 'pnpm-lock.yaml'),
  ...sharedSources(root),
];

export const webappStale = (root) =>
  mtime(join(root, 'webapp', 'dist', 'index.html')) < newest(webappSources(root));

/**
 * Runs `build` holding this clone's lock for `what`, so two processes (test files, Vitest
 * projects, `npm start` in a test, benchmarks) never build the same output at once; a lock older
 * than 3 minutes was left by a killed run.
 */
async function withBuildLock(root, what, build) {
  // One lock per clone: two clones build their own side by side.
  const lock = join(
    tmpdir(),
    `gebere-${what}-build-${createHash('sha256').update(root).digest('hex').slice(0, 12)}.lock`,
  );
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? 0) > 180_000)
        rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`timed out waiting for another ${what} build`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  try {
    await build();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * The BOT_TOKEN every webapp build sees in place of the real one: the webapp never needs it, so
 * no real token can reach a bundle, and bot/test/no-secrets.test.ts looks for this one in
 * webapp/dist (one build serves that check, the journeys, the budgets and `npm start`).
 */
export const WEBAPP_BUILD_TOKEN = '7000000042:AAH-webapp-build-canary-never-in-a-bundle_x';

/**
 * Builds webapp/dist (vite build, then the .br/.gz beside each file) when it is missing or older
 * than its sources, and returns its path: for `npm start`, the end-to-end harness, the tests
 * that read the build and the benchmarks alike. Throws when the build fails.
 */
export async function ensureWebappBuilt(root) {
  const web = join(root, 'webapp');
  const dist = join(web, 'dist');
  if (!webappStale(root)) return dist;
  // Vitest sets NODE_ENV=test, which would make Vite build in dev flavour (import.meta.env.DEV,
  // the dev mock): build for production whoever asks.
  const env = { ...process.env, NODE_ENV: 'production', BOT_TOKEN: WEBAPP_BUILD_TOKEN };
  for (const key of Object.keys(env)) if (key.startsWith('VITEST') || key === 'TEST') delete env[key];
  await withBuildLock(root, 'webapp', () => {
    if (!webappStale(root)) return;
    // vite is the webapp's dependency: pnpm links its binary under webapp/, not the root.
    const steps = [
      [join(web, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn']],
      [process.execPath, ['scripts/precompress.mjs']],
    ];
    for (const [cmd, args] of steps) {
      const r = spawnSync(cmd, args, { cwd: web, encoding: 'utf8', env });
      if (r.status !== 0)
        throw new Error(
          `webapp build failed: ${cmd} ${args.join(' ')}\n${r.error?.message ?? ''}\n${r.stdout}\n${r.stderr}`,
        );
    }
  });
  return dist;
}

/**
 * Builds bot/dist (`bot/build.mjs`: the bundle, the CLI, the prepared databases) when it is
 * missing or older than its sources, under the same kind of lock. Throws when the build fails.
 */
export async function ensureBotBuilt(root) {
  if (!botStale(root)) return;
  await withBuildLock(root, 'bot', async () => {
    if (!botStale(root)) return;
    const { buildBot } = await import(pathToFileURL(join(root, 'bot', 'build.mjs')).href);
    await buildBot({ quiet: true });
  });
}

/** The bundle and the prepared databases' descriptions, copied last: a build that died before them is stale. */
export const botOutputs = (root) => [
  join(root, 'bot', 'dist', 'main.js'),
  join(root, 'bot', 'dist', 'pglite-admin.json'),
  join(root, 'bot', 'dist', 'pglite-demo.json'),
];
export const botStale = (root) => Math.min(...botOutputs(root).map(mtime)) < newest(botSources(root));
