import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { screens } from '@gebere/i18n/en/screens';
import { describe, expect, it } from 'vitest';
import { SHELL_TEXTS } from './resources-en';

// The shell bundles only the shared namespaces of English; each screen brings its own. A key of a
// namespace the screen did not add would show as the key itself, in English only, so this reads
// the sources: every text key a file names must be the shell's, or one its feature's screen adds.
const src = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const namespaces = Object.keys(screens);
const shell = new Set<string>(SHELL_TEXTS);
const KEY = new RegExp(`['\`](${namespaces.join('|')})\\.[a-z_$]`, 'g');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'test-kit' ? [] : sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** The namespaces a file names, less those a module it imports adds (dates.ts: `calendar`). */
const used = (file: string) => {
  const text = readFileSync(file, 'utf8');
  const named = new Set([...text.matchAll(KEY)].map((m) => m[1] as string));
  if (/from '[./]*(lib\/)?i18n\/dates'|from '\.\/dates'/.test(text)) named.delete('calendar');
  return named;
};

describe('English texts by chunk', () => {
  it('outside the features, only the shell namespaces are named', () => {
    const outside = sources(src).filter((f) => !relative(src, f).startsWith('features/'));
    const wrong = outside.flatMap((f) =>
      [...used(f)].filter((ns) => !shell.has(ns)).map((ns) => `${relative(src, f)}: ${ns}`),
    );
    expect(wrong).toEqual([]);
  });

  it("each feature's screen adds every other namespace its files name", () => {
    const features = join(src, 'features');
    const missing: string[] = [];
    for (const feature of readdirSync(features)) {
      const files = sources(join(features, feature));
      const screen = files.find((f) => f.endsWith('-screen.tsx'));
      const added = new Set(
        [...(screen ? readFileSync(screen, 'utf8') : '').matchAll(/addEnglish\('(\w+)'/g)].map((m) => m[1]),
      );
      for (const f of files)
        for (const ns of used(f)) if (!shell.has(ns) && !added.has(ns)) missing.push(`${feature}: ${ns}`);
    }
    expect([...new Set(missing)]).toEqual([]);
  });
});
