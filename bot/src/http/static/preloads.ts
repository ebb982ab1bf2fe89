import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROUTE_MODULES } from './app-routes';

/** The part of a Vite `build.manifest` entry used here (`dist/.vite/manifest.json`). */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

/** The build's manifest, or undefined when there is none (or it cannot be read). */
export function readManifest(distDir: string): ViteManifest | undefined {
  const path = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as ViteManifest;
  } catch {
    return undefined;
  }
}

/** Files (js and css, as the manifest names them) a key needs statically, itself included. */
function closure(manifest: ViteManifest, key: string, files: string[], seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return files;
  seen.add(key);
  files.push(chunk.file);
  for (const css of chunk.css ?? []) files.push(css);
  for (const dep of chunk.imports ?? []) closure(manifest, dep, files, seen);
  return files;
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * `<link>`s that start a route's screen chunk (and the chunks it imports at once) with the
 * document, instead of one round trip per level of the import chain: HTML → entry → screen →
 * form. JS gets `modulepreload` (what Vite's own links and preload helper use, so nothing is
 * fetched twice), CSS `preload as=style` (not render-blocking; the helper's stylesheet link then
 * finds it fetched). Files index.html already names (the entry's closure) are left out.
 * `modules` are manifest keys, i.e. webapp source paths such as `src/features/x/x-screen.tsx`;
 * unknown keys add nothing.
 */
export function preloadLinks(manifest: ViteManifest, modules: readonly string[], base = '/'): string {
  // index.html's entry; the build has a second one (the early GET), which index.html imports.
  const entryKey = manifest['index.html']
    ? 'index.html'
    : Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  const have = new Set(entryKey ? closure(manifest, entryKey, []) : []);
  const files: string[] = [];
  for (const key of modules) closure(manifest, key, files);
  const links: string[] = [];
  for (const file of new Set(files)) {
    if (have.has(file)) continue;
    const href = escapeAttr(`${base}${file}`);
    if (file.endsWith('.css')) links.push(`<link rel="preload" as="style" crossorigin href="${href}">`);
    else if (file.endsWith('.js')) links.push(`<link rel="modulepreload" crossorigin href="${href}">`);
  }
  return links.join('');
}

/** The webapp's Amharic texts: a lazy chunk that initI18n awaits before the first render. */
export const AMHARIC_MODULE = 'src/lib/resources-am.ts';

/**
 * Route (as in APP_ROUTES) → its preload links, computed once from the manifest. A route
 * without modules, or no manifest, gets no entry.
 */
export function routePreloads(
  manifest: ViteManifest | undefined,
  routeModules: Readonly<Record<string, readonly string[]>> = ROUTE_MODULES,
): Map<string, string> {
  const out = new Map<string, string>();
  if (!manifest) return out;
  for (const [route, modules] of Object.entries(routeModules)) {
    const links = preloadLinks(manifest, modules);
    if (links) out.set(route, links);
  }
  return out;
}

/** The template with `links` just before `</head>` (or at the start if it has no head). */
export function withHeadLinks(template: string, links: string): string {
  if (!links) return template;
  return template.includes('</head>')
    ? template.replace('</head>', () => `${links}</head>`)
    : links + template;
}
