// When a build is stale: one rule for `npm start`, the end-to-end harness and the benchmarks.
// Plain .mjs (typed by build-freshness.d.mts) so scripts/start.mjs can use it before any build.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

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
/** The bundle and the prepared databases' descriptions, copied last: a build that died before them is stale. */
export const botOutputs = (root) => [
  join(root, 'bot', 'dist', 'main.js'),
  join(root, 'bot', 'dist', 'pglite-admin.json'),
  join(root, 'bot', 'dist', 'pglite-demo.json'),
];
export const botStale = (root) => Math.min(...botOutputs(root).map(mtime)) < newest(botSources(root));
