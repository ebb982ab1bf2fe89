import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findChromium } from './browser.mjs';

describe('findChromium', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gebere-browser-'));
  const bin = (name: string, mode = 0o755) => {
    const file = join(dir, name);
    writeFileSync(file, '#!/bin/sh\n');
    chmodSync(file, mode);
    return file;
  };
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const empty = join(dir, 'empty');

  it('takes CHROMIUM_PATH over PATH', () => {
    const set = bin('my-chrome');
    const onPath = bin('chromium');
    expect(findChromium({ CHROMIUM_PATH: set, PATH: dir })).toEqual({ path: set, reason: undefined });
    expect(findChromium({ PATH: dir })).toEqual({ path: onPath, reason: undefined });
  });

  it('finds chromium-browser or google-chrome on PATH, in the PATH’s order', () => {
    const other = mkdtempSync(join(tmpdir(), 'gebere-browser-'));
    try {
      const chrome = join(other, 'google-chrome');
      writeFileSync(chrome, '#!/bin/sh\n');
      chmodSync(chrome, 0o755);
      expect(findChromium({ PATH: [empty, other, dir].join(delimiter) }).path).toBe(chrome);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('says why when the setting is not an executable or nothing is on PATH', () => {
    const notExecutable = bin('chromium-copy', 0o644);
    expect(findChromium({ CHROMIUM_PATH: notExecutable, PATH: dir })).toEqual({
      path: undefined,
      reason: `CHROMIUM_PATH=${notExecutable} is not an executable file`,
    });
    expect(findChromium({ PATH: empty }).reason).toMatch(
      /no chromium, chromium-browser, google-chrome on PATH/,
    );
    expect(findChromium({}).path).toBeUndefined();
  });
});
