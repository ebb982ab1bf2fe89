import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The folder boundaries of webapp/README.md, held by the root biome.json (noRestrictedImports for
 * the SDK, the plugin webapp-folders.grit for the folders, workspace-imports.grit between the
 * packages): each case writes one probe file where the rule applies, lints it as `biome ci` would,
 * and expects the rule's message — or none, for the imports allowed.
 */

const src = dirname(fileURLToPath(import.meta.url));
const repo = join(src, '../..');
const biome = join(repo, 'node_modules/.bin/biome');
const probe = `zz-boundary-probe-${process.pid}.ts`;

/** Writes `code` as a module `folder/<probe>` under webapp/src, lints it, and returns the rule's messages. */
function lint(folder: string, code: string): string[] {
  const file = join(src, folder, probe);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, code);
  let out: string;
  try {
    out = execFileSync(biome, ['lint', '--reporter=json', relative(repo, file)], {
      cwd: repo,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (error) {
    // Biome exits 1 when it reports errors; its report is still on stdout.
    out = (error as { stdout: string }).stdout;
  } finally {
    rmSync(file, { force: true });
  }
  const report = JSON.parse(out) as { diagnostics: { category: string; message: string }[] };
  return (
    report.diagnostics
      // noRestrictedImports reports as itself, the plugins (../*.grit) as plugin.
      .filter((d) => d.category === 'lint/style/noRestrictedImports' || d.category === 'plugin')
      .map((d) => d.message)
  );
}

const SDK = "import { init } from '@telegram-apps/sdk-react';\nexport const a = init;\n";

describe('webapp import boundaries (biome lint)', { timeout: 30_000 }, () => {
  it('keeps the Telegram SDK inside telegram/', () => {
    for (const folder of ['features/home', 'components', 'lib/api', 'app']) {
      expect(lint(folder, SDK), folder).toEqual([
        expect.stringContaining('The Telegram SDK is imported only'),
      ]);
    }
    expect(lint('telegram', SDK)).toEqual([]);
  });

  it('keeps each feature from importing another feature or app/', () => {
    const code = [
      "import { FeedbackScreen } from '../feedback/feedback-screen';",
      "import { FeedbackView } from '../../features/feedback/feedback-view';",
      "import { preloadScreen } from '../../app/screens';",
      "import { t } from '../../lib/i18n/texts';",
      "import { Screen } from '../../components/screen';",
      "import { openAt } from '../../test-kit/render';",
      "import { HomeScreen } from './home-screen';",
      'export const a = [FeedbackScreen, FeedbackView, preloadScreen, t, Screen, openAt, HomeScreen];',
      '',
    ].join('\n');
    expect(lint('features/home', code)).toEqual([
      expect.stringContaining('A feature never imports another feature'),
      expect.stringContaining('A feature never imports another feature'),
      expect.stringContaining('A feature never imports app/'),
    ]);
  });

  it('keeps lib/ and components/ from importing features or app/, and lib/ from telegram/', () => {
    const up = (levels: string) =>
      [
        `import { HomeScreen } from '${levels}features/home/home-screen';`,
        `import { preloadScreen } from '${levels}app/screens';`,
        `import { getLaunch } from '${levels}telegram';`,
        'export const a = [HomeScreen, preloadScreen, getLaunch];',
        '',
      ].join('\n');
    const outward = expect.stringContaining('never import features or app/');
    const telegram = expect.stringContaining('lib/ never imports telegram/');
    expect(lint('lib/api', up('../../'))).toEqual([outward, outward, telegram]);
    expect(lint('lib', up('../'))).toEqual([outward, outward, telegram]);
    expect(lint('components', up('../'))).toEqual([outward, outward]);
    // telegram/ depends on lib/, not the reverse; and never on the screens.
    expect(lint('telegram', "import { t } from '../lib/i18n/texts';\nexport const a = t;\n")).toEqual([]);
    expect(lint('telegram', up('../'))).toEqual([outward, outward]);
  });

  it('keeps every folder on the exports of the shared packages, never their src/ files', () => {
    const deep = "import { GENDERS } from '@gebere/contract/src/rules';\nexport const a = GENDERS;\n";
    for (const folder of ['features/home', 'components', 'lib/api', 'app', 'telegram']) {
      expect(lint(folder, deep), folder).toEqual([expect.stringContaining('never its src/ files')]);
    }
    expect(
      lint('app', "import { GENDERS } from '@gebere/contract/rules';\nexport const a = GENDERS;\n"),
    ).toEqual([]);
  });
});
