// Every text in shared/i18n/locales is read by some code: a key no source names is a text a
// translator keeps up for nothing (and a sign that a screen lost a message). A key counts as
// read where a source names it whole (`'reach.progress'`), or where a template names its start
// (`bot.commands.${command}`, `server.${key}`); comments, tests and test kits do not count.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../', import.meta.url));
const SOURCES = ['webapp/src', 'webapp/scripts', 'bot/src', 'shared', 'scripts'];
const PLURAL = /_(zero|one|two|few|many|other)$/;

function files(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (['node_modules', 'dist', 'locales'].includes(name)) continue;
    if (statSync(path).isDirectory()) files(path, out);
    else if (/\.(ts|tsx|mjs|js)$/.test(name) && !/\.test\.|test-kit|\.generated\./.test(path)) out.push(path);
  }
  return out;
}

/** The source without its comments (a key named in a comment is not read). */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');

function keysOf(value: unknown, prefix: string, out: Set<string>): Set<string> {
  for (const [name, inner] of Object.entries(value as Record<string, unknown>)) {
    const key = `${prefix}.${name}`;
    if (inner && typeof inner === 'object') keysOf(inner, key, out);
    else out.add(key.replace(PLURAL, ''));
  }
  return out;
}

describe('the texts', () => {
  it('are each read by some code', () => {
    const dir = join(root, 'shared/i18n/locales/en');
    const keys = new Set<string>();
    for (const file of readdirSync(dir))
      keysOf(JSON.parse(readFileSync(join(dir, file), 'utf8')), file.replace(/\.json$/, ''), keys);
    const sources = SOURCES.flatMap((d) => files(join(root, d))).map((f) => code(readFileSync(f, 'utf8')));
    const all = sources.join('\n');
    // The starts of keys that code completes: a template's (`bot.commands.${command}` →
    // "bot.commands."), or a literal group of keys (`'reach.reach_titles'` → "reach.reach_titles.").
    const starts = [
      ...[...all.matchAll(/`([\w.]+\.[\w]*)\$\{/g)].map((m) => m[1] as string),
      ...[...all.matchAll(/['"`]([a-zA-Z]+(?:\.\w+)+)['"`]/g)].map((m) => `${m[1]}.`),
    ];
    const read = (key: string) =>
      new RegExp(`['"\`]${key.replaceAll('.', '\\.')}['"\`]`).test(all) ||
      starts.some((s) => key.startsWith(s));
    expect(keys.size).toBeGreaterThan(300);
    expect([...keys].filter((key) => !read(key))).toEqual([]);
  });
});
