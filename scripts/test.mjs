#!/usr/bin/env node
// `npm test` after install: lint, typecheck, every Vitest project, then one plain summary line
// (`tests: N passed, N failed, N skipped`; CI reads its first part) and why anything skipped.
// The PostgreSQL suite runs on TEST_DATABASE_URL when given, else on a throwaway cluster started
// here whenever PostgreSQL's server binaries are installed (stopped however the run ends), on
// TEST_POSTGRES_PORT when set, else on a free port.
// Without PostgreSQL or Chromium those suites are skipped with the reason printed; with CI=true
// either one missing fails the run. scripts/system-deps.mjs installs both (as root).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromium } from '@gebere/telegram-emulator/browser';
import { startPostgres } from './system-deps.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// pnpm is not on PATH on a fresh machine: run.mjs bootstrapped it into .tools/.
const pnpmBin = join(root, '.tools', 'node_modules', 'pnpm', 'bin', 'pnpm.cjs');
const ci = process.env.CI === 'true';

let child = null;
let typecheckChild = null;
let postgres = null;
const stopPostgres = () => postgres?.stop();
process.on('exit', stopPostgres);
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
]) {
  process.on(signal, () => {
    child?.kill(signal);
    typecheckChild?.kill(signal);
    stopPostgres();
    process.exit(code);
  });
}

const step = (title, cmd, args, env) =>
  new Promise((resolve) => {
    console.error(`\n› ${title}`);
    child = spawn(cmd, args, { stdio: 'inherit', cwd: root, env: { ...process.env, ...env } });
    child.on('error', (error) => console.error(`✗ could not run ${cmd}: ${error.message}`));
    child.on('close', (status) => {
      child = null;
      resolve(status ?? 1);
    });
  });

const failures = [];
/** What this run lacks: { what, reason }, reported as skipped, or as failures with CI=true. */
const missing = [];
const lack = (what, reason) => {
  missing.push({ what, reason });
  console.error(`› no ${what}: ${reason}; its suites ${ci ? 'fail (CI=true)' : 'are skipped'}`);
  if (ci) failures.push(`${what} (CI=true: ${reason})`);
};

if ((await step('lint and format (biome)', 'biome', ['ci', '--reporter=summary', '.'])) !== 0)
  failures.push('lint');
// The typecheck runs beside the tests, its output held until they end: the tests leave about a
// quarter of two cores idle (waiting on Chromium and PostgreSQL), which takes most of its 40 s.
console.error('\n› typecheck (tsc, every package), beside the tests; its output follows them');
const typecheck = new Promise((resolve) => {
  const tsc = spawn(process.execPath, [pnpmBin, '-r', '--workspace-concurrency=2', 'run', 'typecheck'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = [];
  tsc.stdout.on('data', (chunk) => output.push(chunk));
  tsc.stderr.on('data', (chunk) => output.push(chunk));
  tsc.on('error', (error) => resolve({ status: 1, output: `could not run tsc: ${error.message}` }));
  tsc.on('close', (status) => resolve({ status: status ?? 1, output: Buffer.concat(output).toString() }));
  typecheckChild = tsc;
});

const env = {};
if (!process.env.TEST_DATABASE_URL) {
  try {
    console.error('\n› PostgreSQL for the backend suite (a throwaway cluster)');
    postgres = await startPostgres();
    env.TEST_DATABASE_URL = postgres.url;
  } catch (error) {
    lack('PostgreSQL', error.message);
  }
}
const chromium = findChromium();
if (!chromium.path) lack('Chromium', chromium.reason);

mkdirSync(join(root, 'artifacts'), { recursive: true });
const report = join(root, 'artifacts', 'vitest.json');
// `node scripts/run.mjs test -- <filters>`: vitest would take what follows a `--` for no filter
// at all and run every file.
const filters = process.argv.slice(2).filter((a, i) => !(i === 0 && a === '--'));
const vitestStatus = await step(
  'tests (vitest)',
  'vitest',
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...filters],
  env,
);
stopPostgres();
if (vitestStatus !== 0) failures.push('tests');
const typechecked = await typecheck;
console.error(`\n› typecheck (tsc, every package): ${typechecked.status === 0 ? 'passed' : 'FAILED'}`);
if (typechecked.status !== 0) {
  process.stderr.write(typechecked.output);
  failures.push('typecheck');
}

let passed = 0;
let failed = 0;
/**
 * Skipped tests by cause. A conditional skip says why in its suite's or test's name:
 * "(needs Chromium)", "(needs docker-compose)", or PostgreSQL in the name of the PostgreSQL
 * variants; the summary prints that reason and the files. A skip with no reason is named as such.
 */
const skipped = new Map();
const nameFilter = filters.some((a) => a === '-t' || a.startsWith('--testNamePattern'));
const causeOf = (fullName) => {
  if (/postgres/i.test(fullName)) return 'PostgreSQL';
  if (/chromium/i.test(fullName)) return 'Chromium';
  const needs = /\(needs ([^)]+)\)/.exec(fullName)?.[1];
  if (needs) return `needs ${needs}`;
  return nameFilter ? 'not selected by the -t name filter' : 'no reason given in the skipped test’s name';
};
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  passed = r.numPassedTests ?? 0;
  failed = (r.numFailedTests ?? 0) + (vitestStatus !== 0 && !r.numFailedTests ? 1 : 0);
  for (const file of r.testResults ?? [])
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'skipped' && test.status !== 'pending' && test.status !== 'todo') continue;
      const cause = causeOf(test.fullName);
      const entry = skipped.get(cause) ?? { count: 0, files: new Set() };
      entry.count++;
      entry.files.add(relative(root, file.name));
      skipped.set(cause, entry);
    }
}
if (failures.length && failed === 0) failed = failures.length;
const skippedTotal = [...skipped.values()].reduce((a, b) => a + b.count, 0);
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skippedTotal} skipped`);
for (const [cause, { count, files }] of skipped) {
  const known = missing.find((m) => m.what === cause);
  const why = known
    ? `no ${cause}: ${known.reason}`
    : /^(PostgreSQL|Chromium)$/.test(cause)
      ? `needs ${cause}`
      : cause;
  const where = [...files];
  console.log(
    `  skipped ${count}: ${why} (${where.slice(0, 3).join(', ')}${where.length > 3 ? `, +${where.length - 3} more` : ''})`,
  );
}
if (failures.length) console.error(`✗ failed: ${failures.join(', ')}`);
process.exit(failures.length ? 1 : 0);
