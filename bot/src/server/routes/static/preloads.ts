import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  chunkFiles,
  entryKey,
  FIRST_LOAD_FILE,
  type FirstLoadFile,
  type ScreenName,
  screens,
  type ViteManifest,
} from '@gebere/contract/screens';

/**
 * What the server reads of a webapp build: its manifest, and the first-load plan the build
 * derived from the screen registry (which names the webapp's files: the server names none).
 */
export interface WebappBuild {
  manifest: ViteManifest;
  plan: FirstLoadPlan;
}

/** A plan as read: screens the build did not plan preload nothing. */
export type FirstLoadPlan = {
  screens: Partial<FirstLoadFile['screens']>;
  languages: FirstLoadFile['languages'];
};

function readJson<T>(path: string): T | undefined {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/** The build's manifest and first-load plan, or undefined when either is missing or unreadable. */
export function readBuild(distDir: string): WebappBuild | undefined {
  const manifest = readJson<ViteManifest>(join(distDir, '.vite', 'manifest.json'));
  const plan = readJson<FirstLoadPlan>(join(distDir, FIRST_LOAD_FILE));
  return manifest && plan ? { manifest, plan } : undefined;
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * `<link>`s that start a route's screen chunk (and the chunks it imports at once) with the
 * document, instead of one round trip per level of the import chain: HTML → entry → screen →
 * form. JS gets `modulepreload` (what Vite's own links and preload helper use, so nothing is
 * fetched twice), CSS `preload as=style` (not render-blocking; the helper's stylesheet link then
 * finds it fetched). Files index.html already names (the entry's closure) are left out.
 * `modules` are manifest keys (the first-load plan's); unknown keys add nothing.
 */
export function preloadLinks(manifest: ViteManifest, modules: readonly string[], base = '/'): string {
  const entry = entryKey(manifest);
  const have = entry ? chunkFiles(manifest, entry) : new Set<string>();
  const files = new Set<string>();
  for (const key of modules) chunkFiles(manifest, key, files);
  const links: string[] = [];
  for (const file of files) {
    if (have.has(file)) continue;
    const href = escapeAttr(`${base}${file}`);
    if (file.endsWith('.css')) links.push(`<link rel="preload" as="style" crossorigin href="${href}">`);
    else if (file.endsWith('.js')) links.push(`<link rel="modulepreload" crossorigin href="${href}">`);
  }
  return links.join('');
}

/**
 * Each screen's path (and alias) → its preload links, computed once from the build: the screen
 * module and the modules its first-load plan declares. A screen without links, or no build,
 * gets no entry.
 */
export function routePreloads(build: WebappBuild | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!build) return out;
  for (const name of Object.keys(screens) as ScreenName[]) {
    const links = preloadLinks(build.manifest, build.plan.screens[name]?.modules ?? []);
    if (!links) continue;
    for (const path of [screens[name].path, ...(screens[name].aliases ?? [])]) out.set(path, links);
  }
  return out;
}

/** The links that start a lazily loaded language's texts with the document (`''` without). */
export function languagePreloads(build: WebappBuild | undefined, language: string): string {
  return build ? preloadLinks(build.manifest, build.plan.languages[language] ?? []) : '';
}

/** The template with `links` just before `</head>` (or at the start if it has no head). */
export function withHeadLinks(template: string, links: string): string {
  if (!links) return template;
  return template.includes('</head>')
    ? template.replace('</head>', () => `${links}</head>`)
    : links + template;
}
