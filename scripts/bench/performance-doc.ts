// docs/performance.md is written by the benchmarks, never by hand: each benchmark owns one
// section between `<!-- bench:<id> -->` and `<!-- /bench:<id> -->` and replaces it with what this
// run measured, headed by when, on which commit, and how busy the machine was. A figure in the
// docs is then always one a benchmark printed.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
export const PERFORMANCE_DOC = join(ROOT, 'docs', 'performance.md');

const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');

/** The commit a benchmark measured, and whether the working tree differed from it. */
export function benchCommit(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: ROOT,
      encoding: 'utf8',
    }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      cwd: ROOT,
      encoding: 'utf8',
    }).trim();
    return dirty ? `${head} + uncommitted changes` : head;
  } catch {
    return 'unknown';
  }
}

/**
 * Replaces section `id` of `doc` with `body`, leaving every other section as it was; a section the
 * doc does not have yet (a new benchmark, another scale) is added at its end under its id.
 */
export function replaceSection(doc: string, id: string, body: string): string {
  const open = `<!-- bench:${id} -->`;
  const close = `<!-- /bench:${id} -->`;
  const a = doc.indexOf(open);
  const b = doc.indexOf(close);
  if (a < 0 || b < a) return `${doc.trimEnd()}\n\n## ${id}\n\n${open}\n${body.trim()}\n${close}\n`;
  return `${doc.slice(0, a + open.length)}\n${body.trim()}\n${doc.slice(b)}`;
}

/**
 * Starts recording what a benchmark prints (console.log) for its section; `write` puts it into
 * docs/performance.md under a line saying how it was measured. The load average before and
 * after is part of the figure: a busy machine blurs both sides of every ratio.
 */
export function recordFigures(id: string, command: string) {
  const startedAt = new Date();
  const loadBefore = load();
  const lines: string[] = [];
  const print = console.log;
  console.log = (...args: unknown[]) => {
    lines.push(args.map(String).join(' '));
    print(...args);
  };
  return {
    /** Writes the section: `body` when given (Markdown the benchmark made), else what it printed. */
    write(body?: string) {
      console.log = print;
      const when = startedAt.toISOString().slice(0, 16).replace('T', ' ');
      const head =
        `\`${command}\`, ${when} UTC, commit ${benchCommit()}, node ${process.version}, ${cpus().length} CPUs, ` +
        `load average (1/5/15 min) ${loadBefore} before, ${load()} after.`;
      const text = body ?? lines.join('\n');
      writeFileSync(
        PERFORMANCE_DOC,
        replaceSection(readFileSync(PERFORMANCE_DOC, 'utf8'), id, `${head}\n\n${text}`),
      );
      process.stderr.write(`written: docs/performance.md, section ${id}\n`);
    },
  };
}
