import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PERFORMANCE_DOC, replaceSection } from './performance-doc';

describe('docs/performance.md, written by the benchmarks', () => {
  const doc = [
    '# P',
    '<!-- bench:a -->',
    'old a',
    '<!-- /bench:a -->',
    'prose',
    '<!-- bench:b -->',
    'old b',
    '<!-- /bench:b -->',
    '',
  ].join('\n');

  it("replaces only the benchmark's own section", () => {
    const out = replaceSection(doc, 'a', 'new a\n| x |');
    expect(out).toContain('<!-- bench:a -->\nnew a\n| x |\n<!-- /bench:a -->');
    expect(out).not.toContain('old a');
    expect(out).toContain('prose\n<!-- bench:b -->\nold b\n<!-- /bench:b -->');
  });

  it('adds a section it does not have yet at the end, under its id', () => {
    const out = replaceSection(doc, 'national-1m', 'figures');
    expect(out.startsWith(doc.trimEnd())).toBe(true);
    expect(
      out.endsWith('## national-1m\n\n<!-- bench:national-1m -->\nfigures\n<!-- /bench:national-1m -->\n'),
    ).toBe(true);
  });

  it('the doc holds each section once, opened before it is closed', () => {
    const text = readFileSync(PERFORMANCE_DOC, 'utf8');
    const ids = [...text.matchAll(/<!-- bench:([\w-]+) -->/g)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids)
      expect(text.indexOf(`<!-- /bench:${id} -->`)).toBeGreaterThan(text.indexOf(`<!-- bench:${id} -->`));
  });
});
