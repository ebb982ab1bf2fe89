#!/usr/bin/env node
// Bundles the companion server into bot/dist/ for a fast cold start: one ESM entry (main.js)
// plus lazily loaded chunks (the embedded backend, the emulator), so a process loads only the
// parts its configuration uses and Node resolves a handful of files instead of thousands.
// Only PGlite and resvg stay external (EXTERNAL below), so a runtime image needs bot/dist,
// webapp/dist and those packages (resvg with its platform binary package). pg's
// optional native binding is never loaded.
// It also ships the prepared database (bot/src/backend/db/snapshot.ts): built once per change of
// what goes into it and cached, so a build where only other code changed does not pay initdb.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const outdir = join(here, 'dist');

// Packages that stay in node_modules: PGlite (its wasm and data files sit next to its module)
// and resvg (the digest's chart renderer: a native binary chosen per platform at run time).
const EXTERNAL = ['@electric-sql/pglite', '@electric-sql/pglite/*', '@resvg/resvg-js', 'pg-native'];

// CommonJS dependencies inside an ESM bundle still call require() and read __dirname.
const banner = [
  "import { createRequire as __gebereRequire } from 'node:module';",
  "import { fileURLToPath as __gebereFileUrl } from 'node:url';",
  "import { dirname as __gebereDirname } from 'node:path';",
  'const require = __gebereRequire(import.meta.url);',
  'const __filename = __gebereFileUrl(import.meta.url);',
  'const __dirname = __gebereDirname(__filename);',
].join('\n');

export async function buildBot({ quiet = false } = {}) {
  const started = Date.now();
  rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    // The server, and the operator's `gebere` command (the image's /usr/local/bin/gebere).
    entryPoints: { main: join(here, 'src', 'main.ts'), cli: join(here, 'src', 'cli', 'main.ts') },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    legalComments: 'none',
    minify: true,
    keepNames: true,
    // Chunks beside main.js, so import.meta.url-relative files resolve the same from all.
    chunkNames: '[name]-[hash]',
    banner: { js: banner },
    external: EXTERNAL,
    logLevel: quiet ? 'warning' : 'info',
    metafile: true,
  });
  // Files the bundled code reads relative to its own module URL.
  const copies = [
    [join(here, 'src', 'backend', 'seed', 'admin'), join(outdir, 'admin')],
    [join(here, '..', 'shared', 'telegram-emulator', 'src', 'page'), join(outdir, 'page')],
    // The sample content files, for `gebere import <kind> bot/dist/samples/<kind>.csv` in the image.
    [join(here, 'src', 'backend', 'seed', 'samples'), join(outdir, 'samples')],
  ];
  for (const [from, to] of copies) if (existsSync(from)) cpSync(from, to, { recursive: true });
  writeFileSync(join(outdir, 'package.json'), '{"type":"module"}\n');
  await shipSnapshot({ quiet });
  if (!quiet) console.error(`bot bundle built in ${Date.now() - started} ms → ${outdir}`);
  return result;
}

const SNAPSHOT_FILES = ['pglite-admin.tar.gz', 'pglite-admin.json', 'pglite-demo.tar.gz', 'pglite-demo.json'];

/**
 * Copies the prepared databases (admin areas; admin areas + demo content) into dist/, building it first unless the cache holds one for the
 * same inputs: the builder's bundle (migrations, seed code and PGlite calls are all inlined in
 * it), the admin CSV files, the sample content files and the PGlite version.
 */
async function shipSnapshot({ quiet }) {
  const started = Date.now();
  // Under bot/node_modules so the bundle's one external, PGlite, resolves from there.
  const cache = join(here, 'node_modules', '.cache', 'gebere-snapshot');
  const builder = join(cache, 'build-snapshot.mjs');
  mkdirSync(cache, { recursive: true });
  await build({
    entryPoints: [join(here, 'src', 'backend', 'db', 'snapshot-build.ts')],
    outfile: builder,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    banner: { js: banner },
    external: EXTERNAL,
    logLevel: 'warning',
  });
  const adminDir = join(here, 'src', 'backend', 'seed', 'admin');
  const samplesDir = join(here, 'src', 'backend', 'seed', 'samples');
  const hash = createHash('sha256').update(readFileSync(builder));
  for (const dir of [adminDir, samplesDir])
    for (const f of readdirSync(dir).sort()) hash.update(f).update(readFileSync(join(dir, f)));
  const pglite = join(here, 'node_modules', '@electric-sql', 'pglite', 'package.json');
  hash.update(JSON.parse(readFileSync(pglite, 'utf8')).version);
  const keyDir = join(cache, hash.digest('hex').slice(0, 16));
  const cached = SNAPSHOT_FILES.every((f) => existsSync(join(keyDir, f)));
  if (!cached) {
    // Older keys are dead weight (60 MB+ of tar each): keep the cache to the current one.
    for (const entry of readdirSync(cache))
      if (/^[0-9a-f]{16}$/.test(entry)) rmSync(join(cache, entry), { recursive: true });
    mkdirSync(keyDir, { recursive: true });
    const { buildSnapshots } = await import(`${pathToFileURL(builder).href}?${Date.now()}`);
    await buildSnapshots(keyDir, { adminDir, samplesDir });
  }
  for (const f of SNAPSHOT_FILES) cpSync(join(keyDir, f), join(outdir, f));
  if (!quiet)
    console.error(
      `prepared database ${cached ? 'reused from the cache' : 'built'} in ${Date.now() - started} ms`,
    );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildBot();
}
