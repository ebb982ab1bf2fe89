// The Chromium that opens the chat page in every browser test, end-to-end journey and benchmark
// (playwright-core drives it; no browser is ever downloaded): CHROMIUM_PATH when set, else the
// first of chromium, chromium-browser, google-chrome on PATH. Plain .mjs (typed by
// browser.d.mts) so scripts/test.mjs and scripts/system-deps.mjs read the same rule before any
// TypeScript runs.
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

export const CHROMIUM_NAMES = ['chromium', 'chromium-browser', 'google-chrome'];

/** The flags every run adds: no sandbox (containers, root), no GPU, and no background traffic. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Where Chromium is, or why none was found. */
export function findChromium(env = process.env) {
  const setting = env.CHROMIUM_PATH;
  if (setting)
    return executable(setting)
      ? { path: setting, reason: undefined }
      : { path: undefined, reason: `CHROMIUM_PATH=${setting} is not an executable file` };
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean))
    for (const name of CHROMIUM_NAMES) {
      const file = join(dir, name);
      if (executable(file)) return { path: file, reason: undefined };
    }
  return {
    path: undefined,
    reason: `no ${CHROMIUM_NAMES.join(', ')} on PATH and no CHROMIUM_PATH (Debian: apt-get install chromium)`,
  };
}

const found = findChromium();

/**
 * Why the browser suites skip (`describe.skipIf(chromiumSkipReason)`): set only when no Chromium
 * is found outside CI. With CI=true a missing browser is a failure, so nothing skips and the
 * suites fail at chromiumPath().
 */
export const chromiumSkipReason = found.path || process.env.CI === 'true' ? undefined : found.reason;

/** The browser's executable, for playwright-core's `executablePath`; throws when there is none. */
export function chromiumPath() {
  if (found.path) return found.path;
  throw new Error(`Chromium not found: ${found.reason}`);
}
