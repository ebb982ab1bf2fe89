// biome-ignore-all lint/suspicious/noConsole: a command-line tool that prints its report
// After `vite build`: the bytes each screen needs before it can show (JS + CSS, brotli, as
// transferred), by walking the Vite manifest from index.html and the screen's lazy chunk
// through their static imports. The screens, their paths and modules come from the build's
// first-load plan (dist/.vite/first-load.json, scripts/first-load-plan.ts). A benchmark, not a
// test: it prints, it does not fail.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { chunkFiles, entryKey, type FirstLoadFile, type ViteManifest } from '@gebere/contract/screens';

export const AIM = 110 * 1024;
const dist = fileURLToPath(new URL(process.env.GEBERE_WEBAPP_DIST ?? '../dist/', import.meta.url));
const manifestPath = join(dist, '.vite/manifest.json');
const planPath = join(dist, '.vite/first-load.json');
let manifest: ViteManifest = {};

/** Each screen's route (aliases left out) → its screen module, from the build's first-load plan. */
function routesOf(plan: FirstLoadFile): Record<string, string> {
  return Object.fromEntries(
    Object.values(plan.screens).map((s) => [s.paths[0] as string, s.modules[0] as string]),
  );
}

const sizeCache = new Map<string, number>();
function brSize(file: string): number {
  if (!sizeCache.has(file)) {
    const path = join(dist, file);
    const br = `${path}.br`;
    const size = existsSync(br)
      ? readFileSync(br).length
      : brotliCompressSync(readFileSync(path), {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
        }).length;
    sizeCache.set(file, size);
  }
  return sizeCache.get(file) as number;
}

const closure = (key: string, files?: Set<string>, shell?: ReadonlySet<string>) =>
  chunkFiles(manifest, key, files, shell);

/** Files a dynamic import from `key` adds beyond `have`. */
function dynamicExtra(key: string, have: ReadonlySet<string>): Set<string> {
  const extra = new Set<string>();
  for (const dyn of manifest[key]?.dynamicImports ?? [])
    for (const f of closure(dyn)) if (!have.has(f)) extra.add(f);
  return extra;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const sum = (files: Iterable<string>) => [...files].reduce((s, f) => s + brSize(f), 0);

/**
 * The numbers this script prints, for other benchmarks (scripts/bench/field-budgets.ts): bytes
 * (brotli) of the shell, of each route's first load, of what the first call adds, and of
 * Amharic and Afaan Oromo. Throws when there is no build.
 */
export function measureFirstLoad() {
  if (!existsSync(manifestPath) || !existsSync(planPath))
    throw new Error('no webapp/dist/.vite/manifest.json and first-load.json: run `vite build` first');
  manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const plan: FirstLoadFile = JSON.parse(readFileSync(planPath, 'utf8'));
  sizeCache.clear();
  const top = entryKey(manifest) ?? 'index.html';
  const entry = closure(top);
  const language = (lang: string) =>
    sum(new Set((plan.languages[lang] ?? []).flatMap((key) => [...closure(key)])));
  const am = language('am');
  const om = language('om');
  const laterFiles = (key: string, files: ReadonlySet<string>) =>
    new Set(
      [...dynamicExtra(key, files), ...dynamicExtra(top, files)].filter(
        (f) => f.includes('api-client') || f.includes('src-'),
      ),
    );
  const routeBytes = Object.entries(routesOf(plan)).map(([route, key]) => {
    const files = new Set(entry);
    closure(key, files);
    const first = sum(files);
    const later = sum(laterFiles(key, files));
    // Everything the screen can fetch until it has saved: its lazy parts (a form and its kit)
    // and the API client, not the other screens.
    const whole = sum(new Set([...files, ...closure(key, new Set(), entry), ...laterFiles(key, files)]));
    return { route, first, screen: first - sum(entry), later, whole };
  });
  return { aim: AIM, shell: sum(entry), am, om, routes: routeBytes };
}

function printReport() {
  if (!existsSync(manifestPath) || !existsSync(planPath)) {
    console.error('no dist/.vite/manifest.json and first-load.json: run `vite build` first');
    process.exit(1);
  }
  const { shell, am, om, routes: measured } = measureFirstLoad();
  console.log(`first-load bytes per screen (JS + CSS, brotli q11), aim ≤ ${kb(AIM)}`);
  console.log(`shell (index.html's entry + static imports): ${kb(shell)}`);
  console.log('');
  const header = [
    'route',
    'first load',
    'aim',
    'screen chunks',
    'on first call¹',
    'Amharic²',
    'Oromo²',
    'whole screen³',
  ];
  const rows = measured.map(({ route, first, screen, later, whole }) => [
    route,
    kb(first),
    first <= AIM ? 'ok' : `+${kb(first - AIM)}`,
    kb(screen),
    kb(later),
    `+${kb(am)}`,
    `+${kb(om)}`,
    kb(whole),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join('  ');
  console.log(line(header));
  for (const r of rows) console.log(line(r));
  console.log('');
  console.log(
    '¹ fetched after the first render (prefetchApi) or on the first backend call: API client, contract, zod.',
  );
  console.log('² added to the first load when the active language is Amharic (Afaan Oromo).');
  console.log(
    '³ everything the screen can fetch until it has saved: first load, its lazy parts (form, form kit) and ¹; not the other screens.',
  );
  console.log('');
  console.log('all chunks:');
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.file.endsWith('.js') && !chunk.file.endsWith('.css')) continue;
    console.log(`  ${chunk.file.padEnd(58)} ${kb(brSize(chunk.file)).padStart(9)}  ${key}`);
  }
  const css = new Set(Object.values(manifest).flatMap((c) => c.css ?? []));
  for (const f of css) console.log(`  ${f.padEnd(58)} ${kb(brSize(f)).padStart(9)}  (css)`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) printReport();
