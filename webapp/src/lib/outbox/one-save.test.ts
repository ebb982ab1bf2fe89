import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The one save (README.md "Writing"): every keyed write of every screen is sent by its press
 * (save.ts here) or, later, by the outbox's sync (live.ts). A screen that set an `Idempotency-Key`
 * itself would send around the outbox: a record lost with the signal, retried by other rules.
 */

const src = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$|test-kit/.test(path) ? [path] : [];
  });
}

describe('the one save', () => {
  it('is the only code that sends a keyed write (with the outbox’s sync)', () => {
    const keyed = sources(src)
      .filter((path) => /\bidempotencyKey\s*:/.test(readFileSync(path, 'utf8')))
      .map((path) => relative(src, path).split('\\').join('/'))
      .sort();
    expect(keyed).toEqual(['lib/outbox/live.ts', 'lib/outbox/save.ts']);
  });
});
