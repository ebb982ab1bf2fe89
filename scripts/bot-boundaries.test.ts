// The boundaries biome.json holds for the server and the shared packages, proved on files that
// break them: the repository's own configuration linted over a scratch tree that mirrors its
// paths, so each rule is seen to fire where it applies and to stay quiet where it does not.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../', import.meta.url));
const biome = join(root, 'node_modules', '.bin', 'biome');

const FILES: Record<string, string> = {
  // Broken boundaries.
  'bot/src/feature/deep.ts': "import { screens } from '@gebere/contract/src/screens';\nexport { screens };\n",
  'bot/src/feature/tooling.ts':
    "import { ensureWebappBuilt } from '../../../scripts/build-freshness.mjs';\nexport { ensureWebappBuilt };\n",
  'bot/src/feature/webapp.ts':
    "import { router } from '../../../webapp/src/app/router';\nexport { router };\n",
  'bot/src/feature/env.ts': 'export const port = process.env.PORT;\n',
  'shared/contract/src/env.ts': 'export const mode = process.env.MODE;\n',
  'scripts/deep.ts': "import { screens } from '@gebere/contract/src/screens';\nexport { screens };\n",
  // Allowed: the config module, tests and test kits configure processes; tests may use the tools.
  'bot/src/config.ts': 'export const port = process.env.PORT;\n',
  'bot/src/feature/feature.test.ts':
    "import { ensureWebappBuilt } from '../../../scripts/build-freshness.mjs';\nexport const env = [ensureWebappBuilt, process.env.CI];\n",
  'bot/src/feature/test-kit.ts': 'export const ci = process.env.CI;\n',
  'bot/src/feature/contract.ts': "import { screens } from '@gebere/contract';\nexport { screens };\n",
  'scripts/tool.ts': 'export const ci = process.env.CI;\n',
};

interface Diagnostic {
  category: string;
  location: { path: string };
}

let dir: string;
let found: Diagnostic[];

const lint = (cwd: string) =>
  new Promise<string>((resolve, reject) =>
    execFile(
      biome,
      ['lint', '--vcs-enabled=false', '--reporter=json', '--max-diagnostics=none', '.'],
      { cwd, maxBuffer: 16 * 1024 * 1024 },
      // Biome exits 1 when it reports errors, which is what these files are for.
      (error, stdout, stderr) => (stdout ? resolve(stdout) : reject(error ?? new Error(stderr))),
    ),
  );

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gebere-bot-boundaries-'));
  copyFileSync(join(root, 'biome.json'), join(dir, 'biome.json'));
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const report = JSON.parse(await lint(dir)) as { diagnostics: Diagnostic[] };
  found = report.diagnostics.filter((d) => d.category.startsWith('lint/'));
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const rulesAt = (path: string) =>
  found
    .filter((d) => d.location.path.replaceAll('\\', '/').endsWith(path))
    .map((d) => d.category)
    .sort();

describe('the boundaries biome.json holds outside the webapp', () => {
  it('refuses a deep import of a workspace package, in the bot and in scripts', () => {
    expect(rulesAt('bot/src/feature/deep.ts')).toEqual(['lint/style/noRestrictedImports']);
    expect(rulesAt('scripts/deep.ts')).toEqual(['lint/style/noRestrictedImports']);
  });

  it('refuses server code that imports scripts/ or the webapp sources', () => {
    expect(rulesAt('bot/src/feature/tooling.ts')).toEqual(['lint/style/noRestrictedImports']);
    expect(rulesAt('bot/src/feature/webapp.ts')).toEqual(['lint/style/noRestrictedImports']);
  });

  it('refuses process.env outside the config module, in the bot and the shared packages', () => {
    expect(rulesAt('bot/src/feature/env.ts')).toEqual(['lint/style/noProcessEnv']);
    expect(rulesAt('shared/contract/src/env.ts')).toEqual(['lint/style/noProcessEnv']);
  });

  it('lets the config module, tests, test kits, scripts and package imports be', () => {
    for (const path of [
      'bot/src/config.ts',
      'bot/src/feature/feature.test.ts',
      'bot/src/feature/test-kit.ts',
      'bot/src/feature/contract.ts',
      'scripts/tool.ts',
    ])
      expect(rulesAt(path), path).toEqual([]);
  });
});
