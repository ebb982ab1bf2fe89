// Every link and repository path in the top-level docs resolves: Markdown links (with their
// #anchors) and `backticked` paths. A path under a top-level folder must exist from the root; any
// other path with a slash must end a tracked path (`src/routes.ts`, written within a package);
// a bare file name (`authorize.ts`) must be some tracked file's name. Build outputs and other
// git-ignored paths (`bot/dist/samples/`) are what a build makes, so they are not looked for.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The docs this checks: the root's Markdown files, docs/*.md (docs/spec holds the owner's copies)
 * and every README in the repository.
 */
const DOCS = [
  ...readdirSync(root).filter((f) => f.endsWith('.md')),
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
  ...execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*README.md'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => f.includes('/')),
];

const git = (args: string[], input?: string) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8', ...(input === undefined ? {} : { input }) });
/** Tracked files and new ones not ignored (a branch's files before their commit). */
const files = git(['ls-files', '--cached', '--others', '--exclude-standard']).split('\n').filter(Boolean);
const dirs = new Set(
  files.flatMap((f) => {
    const parts = f.split('/');
    return parts.slice(1).map((_, i) => parts.slice(0, i + 1).join('/'));
  }),
);
const topDirs = new Set(files.filter((f) => f.includes('/')).map((f) => f.split('/')[0] as string));
const basenames = new Set(files.map((f) => f.split('/').pop() as string));

/**
 * The paths git ignores (generated). Each is asked as a file and as a folder (`dist/` patterns
 * match only folders, and a path that is not there is neither); check-ignore exits 1 for none.
 */
function ignored(paths: string[]): Set<string> {
  if (!paths.length) return new Set();
  const asked = paths.flatMap((p) => [p, `${p.replace(/\/$/, '')}/`]);
  let out: string[];
  try {
    out = git(['check-ignore', '--no-index', '--stdin'], asked.join('\n')).split('\n');
  } catch (err) {
    if ((err as { status?: number }).status === 1) return new Set();
    throw err;
  }
  const hit = new Set(out.map((p) => p.replace(/\/$/, '')));
  return new Set(paths.filter((p) => hit.has(p.replace(/\/$/, ''))));
}

/** The document without fenced code blocks (their contents are commands, not references). */
const prose = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '');

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to dashes, repeats numbered. */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const [, heading] of prose(text).matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const slug = (heading as string)
      .replace(/`/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    out.add(n ? `${slug}-${n}` : slug);
  }
  return out;
}

/** A module path may leave out its extension, as an import does (`lib/i18n/texts`). */
const MODULE_EXTENSIONS = ['', '.ts', '.tsx', '.mjs', '.js'];
const exists = (path: string) =>
  MODULE_EXTENSIONS.some((ext) => files.includes(path + ext)) || dirs.has(path.replace(/\/$/, ''));
const endsTracked = (span: string) =>
  MODULE_EXTENSIONS.some((ext) => files.some((f) => `/${f}/`.includes(`/${span.replace(/\/$/, '')}${ext}/`)));
/** Every dependency any package names, so `zod/mini` reads as a package's subpath. */
const DEPENDENCIES = new Set(
  files
    .filter((f) => f.endsWith('package.json') && !f.includes('node_modules'))
    .flatMap((f) => {
      const pkg = JSON.parse(readFileSync(join(root, f), 'utf8'));
      return Object.keys({ ...pkg.dependencies, ...pkg.devDependencies, ...pkg.peerDependencies });
    }),
);

/** What in `doc` does not resolve, as "doc: reference (why)". */
function brokenIn(doc: string, text = readFileSync(join(root, doc), 'utf8')): string[] {
  const body = prose(text);
  const here = dirname(doc);
  const problems: string[] = [];
  const unresolved: Array<[string, string]> = [];

  for (const [, target] of body.matchAll(/\]\(([^)\s]+)(?: "[^"]*")?\)/g)) {
    const link = target as string;
    if (/^[a-z]+:/i.test(link)) continue;
    const [path = '', anchor] = link.split('#');
    const file = path ? normalize(join(here, decodeURI(path))).replace(/\\/g, '/') : doc;
    if (path && !exists(file)) {
      unresolved.push([file, `${doc}: (${link}) does not exist`]);
      continue;
    }
    const headings = file === doc ? text : file.endsWith('.md') ? readFileSync(join(root, file), 'utf8') : '';
    if (anchor && file.endsWith('.md') && !anchors(headings).has(anchor))
      problems.push(`${doc}: (${link}) has no heading #${anchor}`);
  }

  for (const [, code] of body.replace(/``[^`]+``/g, '').matchAll(/`([^`\n]+)`/g)) {
    const span = (code as string).replace(/^\.\//, '');
    // Commands, placeholders, patterns, package names (`@gebere/phone`) and paths under a setting
    // (`DATA_DIR/pglite`) are not repository paths.
    if (!/^[\w.-]+(\/[\w.@-]+)*\/?$/.test(span) || /^\d|^\.{1,3}$|\.\.\.|^[A-Z][A-Z0-9_]+\//.test(span))
      continue;
    const first = span.split('/')[0] as string;
    // Media types (`application/json`), a dependency's subpath (`zod/mini`), and paths outside
    // the repository (the owner's `../shared/…`) are not ours to resolve.
    if (/^(text|application|image|font)\/[\w.+-]+$/.test(span) || DEPENDENCIES.has(first)) continue;
    if (normalize(join(here, span)).startsWith('..') || normalize(span).startsWith('..')) continue;
    if (span.includes('/')) {
      const fromHere = normalize(join(here, span)).replace(/\\/g, '/');
      if (topDirs.has(first) || first.startsWith('.')) {
        if (!exists(span) && !exists(fromHere)) unresolved.push([span, `${doc}: \`${span}\` does not exist`]);
      } else if (!exists(fromHere) && !endsTracked(span))
        unresolved.push([span, `${doc}: \`${span}\` is no tracked path's ending`]);
    } else if (/\.(md|ts|tsx|mjs|json|ya?ml|csv|sql|service)$/.test(span) && !basenames.has(span))
      unresolved.push([span, `${doc}: \`${span}\` is no tracked file's name`]);
  }
  const generated = ignored(unresolved.map(([path]) => path));
  return [...problems, ...unresolved.filter(([path]) => !generated.has(path)).map(([, why]) => why)];
}

/**
 * A tracker's numbers mean nothing in the repository: comments and docs say why in words. Tracked
 * text files (the owner's spec copies, the changelog's release notes and this file's examples
 * aside) are read as they
 * are in the working tree.
 */
const TRACKER_REFERENCE = /\b[Ii]ssues? #?\d+\b|\(#\d+\)|\bsession \d+\b/;
describe('no tracker numbers', () => {
  it('in any code, test or doc', () => {
    const found = files
      .filter(
        (f) =>
          /\.(ts|tsx|mjs|md|json|ya?ml|css|grit)$/.test(f) &&
          !/^docs\/spec\/|CHANGELOG|pnpm-lock|doc-links\.test/.test(f),
      )
      .flatMap((f) =>
        readFileSync(join(root, f), 'utf8')
          .split('\n')
          .flatMap((line, i) => (TRACKER_REFERENCE.test(line) ? [`${f}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(found).toEqual([]);
  });

  it('the pattern finds the forms they take, and lets words be', () => {
    for (const bad of [
      '(issue 19)',
      'Issue 21, item 3',
      'issues 20 and 21',
      'see (#28)',
      'at load 8 (session 1)',
    ])
      expect(TRACKER_REFERENCE.test(bad), bad).toBe(true);
    for (const fine of ['a zod issue', "the issue's code", '#1 Meseret', 'colour #ffffff'])
      expect(TRACKER_REFERENCE.test(fine), fine).toBe(false);
  });
});

describe('links and paths in the docs', () => {
  it('checks the root docs, docs/*.md and every package README', () => {
    expect(DOCS).toEqual(
      expect.arrayContaining([
        'README.md',
        'docs/authorization.md',
        'docs/operations.md',
        'docs/architecture.md',
        'bot/README.md',
        'webapp/README.md',
        'shared/contract/README.md',
      ]),
    );
  });

  it.each(DOCS)('%s: every Markdown link and backticked path resolves', (doc) => {
    expect(brokenIn(doc)).toEqual([]);
  });

  it('finds what is broken, and lets be what resolves', () => {
    const doc = [
      '[spec](spec/miniapps-spec.md) [map](../README.md#two-commands) [here](#a-heading)',
      '[gone](missing.md) [no heading](../README.md#no-such-heading)',
      '`bot/src/metrics.ts` `src/routes.ts` `authorize.ts` `bot/dist/samples/` `docs/deploy/`',
      '`bot/src/server.ts` `DESIGN.md` `src/nowhere.ts` `npm run gebere -- grant` `<lang>/x.json`',
      '## A heading',
      '```sh',
      'cat `not/checked.md` [x](not-checked.md)',
      '```',
    ].join('\n');
    expect(brokenIn('docs/example.md', doc)).toEqual([
      'docs/example.md: (../README.md#no-such-heading) has no heading #no-such-heading',
      'docs/example.md: (missing.md) does not exist',
      'docs/example.md: `bot/src/server.ts` does not exist',
      "docs/example.md: `DESIGN.md` is no tracked file's name",
      "docs/example.md: `src/nowhere.ts` is no tracked path's ending",
    ]);
  });
});
