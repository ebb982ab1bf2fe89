#!/usr/bin/env node
// `npm test` after install: lint, typecheck, every Vitest project, then one plain summary line
// (`tests: N passed, N failed`) that CI reads. Chromium and PostgreSQL suites install their
// Debian packages through scripts/system-deps.mjs when run as root, and are skipped with a
// printed reason otherwise.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// pnpm is not on PATH on a fresh machine: run.mjs bootstrapped it into .tools/.
const pnpmBin = join(root, '.tools', 'node_modules', 'pnpm', 'bin', 'pnpm.cjs');
const step = (title, cmd, args, env) => {
  console.error(`\n› ${title}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, env: { ...process.env, ...env } });
  if (r.error) console.error(`✗ could not run ${cmd}: ${r.error.message}`);
  return r.status ?? 1;
};

const failures = [];
if (step('lint and format (biome)', 'biome', ['ci', '--reporter=summary', '.']) !== 0) failures.push('lint');
if (
  step('typecheck (tsc, every package)', process.execPath, [
    pnpmBin,
    '-r',
    '--workspace-concurrency=2',
    'run',
    'typecheck',
  ]) !== 0
)
  failures.push('typecheck');

mkdirSync(join(root, 'artifacts'), { recursive: true });
const report = join(root, 'artifacts', 'vitest.json');
const vitestStatus = step('tests (vitest)', 'vitest', [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
]);
if (vitestStatus !== 0) failures.push('tests');

let passed = 0;
let failed = 0;
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  passed = r.numPassedTests ?? 0;
  failed = (r.numFailedTests ?? 0) + (vitestStatus !== 0 && !r.numFailedTests ? 1 : 0);
}
if (failures.length && failed === 0) failed = failures.length;
console.log(`\ntests: ${passed} passed, ${failed} failed`);
if (failures.length) console.error(`✗ failed: ${failures.join(', ')}`);
process.exit(failures.length ? 1 : 0);
