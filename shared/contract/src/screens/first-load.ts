import { matchScreen, readScreenParams } from './links';
import {
  type Entry,
  type FirstRequest,
  type ScreenName,
  type ScreenParams,
  type Screens,
  screens,
} from './registry';

// What a webapp build writes beside its files for the server, and the request each screen's first load waits for.

/**
 * The webapp's service worker, at the top of a build's output directory: the server serves it
 * at the app's root (beside the screens' paths), so its scope is the whole app.
 */
export const SERVICE_WORKER_FILE = 'sw.js';

/** Where a webapp build writes its screens' first-load plan, under its output directory. */
export const FIRST_LOAD_FILE = '.vite/first-load.json';

/**
 * The first-load plan a webapp build writes (webapp/scripts/first-load-plan.ts): per screen its
 * paths and the Vite manifest keys of its screen module and declared modules; per lazily loaded
 * language its texts' module. The server preloads from it; it names the webapp's files so that
 * nothing else has to.
 */
export interface FirstLoadFile {
  screens: Record<ScreenName, { paths: string[]; modules: string[] }>;
  languages: Partial<Record<string, string[]>>;
}

/** The screens whose first-load plan declares a first request. */
export type ScreenWithRequest = {
  [S in ScreenName]: Screens[S]['firstLoad'] extends { request(values: never): FirstRequest } ? S : never;
}[ScreenName];

/** The request a screen waits for before it can show, for its parameters. */
export function firstRequest<S extends ScreenWithRequest>(name: S, values: ScreenParams<S>): FirstRequest {
  // ScreenWithRequest: its plan has one.
  return (screens[name] as Entry).firstLoad.request?.(values) as FirstRequest;
}

/** The request the screen at `pathname` waits for, if its plan has one and its link is complete. */
export function launchRequest(pathname: string, query: URLSearchParams): FirstRequest | undefined {
  const match = matchScreen(pathname);
  const request = match && (screens[match.name] as Entry).firstLoad.request;
  if (!match || !request) return undefined;
  const parsed = readScreenParams(match.name, query, pathname);
  return parsed.complete ? request(parsed.values) : undefined;
}

/** The part of a Vite `build.manifest` entry read here (`dist/.vite/manifest.json`). */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

/** index.html's entry; the build has a second one (the early GET), which index.html imports. */
export const entryKey = (manifest: ViteManifest): string | undefined =>
  manifest['index.html'] ? 'index.html' : Object.keys(manifest).find((k) => manifest[k]?.isEntry);

/**
 * The files (js and css, as the manifest names them) a manifest key needs, itself included, added
 * to `files`: its static imports, and with `shell` also its dynamic ones, except those of the
 * shell's chunks (the other screens). The one walk of a build's manifest: the server's preloads
 * (bot/src/server/routes/static/preloads.ts) and the byte budget (webapp/scripts/first-load-bytes.ts).
 */
export function chunkFiles(
  manifest: ViteManifest,
  key: string,
  files = new Set<string>(),
  shell?: ReadonlySet<string>,
  seen = new Set<string>(),
): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return files;
  seen.add(key);
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  const dynamic = shell && !shell.has(chunk.file) ? (chunk.dynamicImports ?? []) : [];
  for (const dep of [...(chunk.imports ?? []), ...dynamic]) chunkFiles(manifest, dep, files, shell, seen);
  return files;
}
