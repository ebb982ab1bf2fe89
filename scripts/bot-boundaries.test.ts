// The boundaries biome.json (and its plugin, workspace-imports.grit) holds between the packages,
// proved on files that break them: the repository's own configuration linted over a scratch tree
// that mirrors its paths, so each rule is seen to fire where it applies and to stay quiet where it
// does not.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../', import.meta.url));
const biome = join(root, 'node_modules', '.bin', 'biome');

// The bot seen from scripts/<folder>/ (kept out of the literal so that a search of scripts/ for
// relative imports into the bot finds only real ones).
const BOT = ['..', '..', 'bot'].join('/');

const FILES: Record<string, string> = {
  // Broken boundaries.
  'bot/src/feature/deep.ts': "import { screens } from '@gebere/contract/src/screens';\nexport { screens };\n",
  'bot/src/feature/tooling.ts':
    "import { ensureWebappBuilt } from '../../../scripts/build-freshness.mjs';\nexport { ensureWebappBuilt };\n",
  'bot/src/feature/webapp.ts':
    "import { router } from '../../../webapp/src/app/router';\nexport { router };\n",
  'bot/src/feature/webapp-package.ts':
    "import { isSettled } from '@gebere/webapp/outbox/record';\nexport { isSettled };\n",
  'scripts/e2e/relative.ts': `import { loadConfig } from '${BOT}/src/config';\nexport { loadConfig };\n`,
  'scripts/e2e/relative.test.ts': `import { postgresUrl } from '${BOT}/test/backend/test-kit/postgres';\nexport { postgresUrl };\n`,
  'scripts/bench/dynamic.ts': `export const load = () => import('${BOT}/src/backend/db/seed');\n`,
  'shared/contract/src/sibling.ts':
    "import { normalizePhone } from '../../phone/src/normalize';\nexport { normalizePhone };\n",
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
  'scripts/e2e/package.ts': "import { loadConfig } from '@gebere/bot/config';\nexport { loadConfig };\n",
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
  for (const file of ['biome.json', 'workspace-imports.grit', 'webapp-folders.grit'])
    copyFileSync(join(root, file), join(dir, file));
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const report = JSON.parse(await lint(dir)) as { diagnostics: Diagnostic[] };
  // Rules report as lint/<group>/<name>, the plugin's as plugin.
  found = report.diagnostics.filter((d) => d.category.startsWith('lint/') || d.category === 'plugin');
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const rulesAt = (path: string) =>
  found
    .filter((d) => d.location.path.replaceAll('\\', '/').endsWith(path))
    .map((d) => d.category)
    .sort();

describe('the boundaries biome.json holds outside the webapp', () => {
  it('refuses a deep import of a workspace package, in the bot and in scripts', () => {
    expect(rulesAt('bot/src/feature/deep.ts')).toEqual(['plugin']);
    expect(rulesAt('scripts/deep.ts')).toEqual(['plugin']);
  });

  it('refuses a relative import out of its package: scripts into the bot, one shared package into another', () => {
    for (const path of [
      'scripts/e2e/relative.ts',
      'scripts/e2e/relative.test.ts',
      'scripts/bench/dynamic.ts',
      'shared/contract/src/sibling.ts',
    ])
      expect(rulesAt(path), path).toEqual(['plugin']);
  });

  it('refuses server code that imports scripts/ or the webapp, by path or by package', () => {
    expect(rulesAt('bot/src/feature/tooling.ts')).toEqual(['plugin']);
    expect(rulesAt('bot/src/feature/webapp.ts')).toEqual(['plugin']);
    expect(rulesAt('bot/src/feature/webapp-package.ts')).toEqual(['lint/style/noRestrictedImports']);
  });

  it('refuses process.env outside the config module, in the bot and the shared packages', () => {
    expect(rulesAt('bot/src/feature/env.ts')).toEqual(['lint/style/noProcessEnv']);
    expect(rulesAt('shared/contract/src/env.ts')).toEqual(['lint/style/noProcessEnv']);
  });

  it('lets the config module, tests, test kits, scripts and imports by package name be', () => {
    for (const path of [
      'bot/src/config.ts',
      'bot/src/feature/feature.test.ts',
      'bot/src/feature/test-kit.ts',
      'bot/src/feature/contract.ts',
      'scripts/tool.ts',
      'scripts/e2e/package.ts',
    ])
      expect(rulesAt(path), path).toEqual([]);
  });
});
