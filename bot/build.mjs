#!/usr/bin/env node
// Bundles the companion server into bot/dist/ for a fast cold start: one ESM entry (main.js)
// plus lazily loaded chunks (the embedded backend, the emulator), so a process loads only the
// parts its configuration uses and Node resolves a handful of files instead of thousands.
// Only PGlite stays external (its wasm and data files sit next to its module; it has no
// dependencies), so a runtime image needs bot/dist, webapp/dist and that one package. pg's
// optional native binding is never loaded.
import { cpSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const outdir = join(here, 'dist');

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
    entryPoints: { main: join(here, 'src', 'main.ts') },
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
    external: ['@electric-sql/pglite', '@electric-sql/pglite/*', 'pg-native'],
    logLevel: quiet ? 'warning' : 'info',
    metafile: true,
  });
  // Files the bundled code reads relative to its own module URL.
  const copies = [
    [join(here, 'src', 'backend', 'seed', 'admin'), join(outdir, 'admin')],
    [join(here, '..', 'scripts', 'emulator', 'page'), join(outdir, 'page')],
  ];
  for (const [from, to] of copies) if (existsSync(from)) cpSync(from, to, { recursive: true });
  writeFileSync(join(outdir, 'package.json'), '{"type":"module"}\n');
  if (!quiet) console.error(`bot bundle built in ${Date.now() - started} ms → ${outdir}`);
  return result;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildBot();
}
