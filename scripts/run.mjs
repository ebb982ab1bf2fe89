#!/usr/bin/env node
// The README's two commands, `npm start` and `npm test`, and the operator's `npm run gebere -- …`. A fresh machine has only Node.js and npm:
// pnpm is bootstrapped into .tools/ through npm (corepack fails against the registry here), the
// workspace is installed from the lockfile when it changed, and what is missing is built.
// No dependencies: this file runs before anything is installed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { constants } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PNPM_VERSION = '10.34.9';
const toolsDir = join(root, '.tools');
const pnpmBin = join(toolsDir, 'node_modules', 'pnpm', 'bin', 'pnpm.cjs');

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts });
  if (r.error) throw r.error;
  return r.status ?? 1;
}

function must(cmd, args, opts) {
  const status = run(cmd, args, opts);
  if (status !== 0) {
    console.error(`\n✗ ${[cmd, ...args].join(' ')} failed (exit ${status})`);
    process.exit(status);
  }
}

// Installing says what it does on stderr: stdout is the command's own (`npm run --silent gebere --
// export > f.csv` must hold the CSV alone, even on the run that installs).
const QUIET_STDOUT = { stdio: ['inherit', process.stderr, 'inherit'] };

function ensurePnpm() {
  if (existsSync(pnpmBin)) return;
  console.error(`› bootstrapping pnpm ${PNPM_VERSION} into .tools/ (once)`);
  mkdirSync(toolsDir, { recursive: true });
  writeFileSync(join(toolsDir, 'package.json'), '{"private":true}\n');
  must(
    'npm',
    ['install', '--prefix', toolsDir, '--no-audit', '--no-fund', '--loglevel=error', `pnpm@${PNPM_VERSION}`],
    QUIET_STDOUT,
  );
}

function pnpm(args, opts) {
  return run(process.execPath, [pnpmBin, ...args], opts);
}

function mtime(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

function ensureInstalled() {
  ensurePnpm();
  const marker = join(root, 'node_modules', '.modules.yaml');
  const lock = join(root, 'pnpm-lock.yaml');
  const manifests = ['package.json', 'pnpm-workspace.yaml', lock].map(mtime);
  if (existsSync(marker) && mtime(marker) >= Math.max(...manifests)) return;
  console.error('› installing the workspace (pnpm install)');
  const frozen = existsSync(lock) && process.env.CI ? ['--frozen-lockfile'] : [];
  const status = pnpm(['install', ...frozen, '--reporter=append-only'], QUIET_STDOUT);
  if (status !== 0) process.exit(status);
}

const command = process.argv[2];
ensureInstalled();

if (command === 'gebere') {
  // The operator command line (bot/src/cli), from source through the workspace's tsx, with the
  // same .env the server reads (scripts/start.mjs), so it finds the server and its token.
  const envFile = existsSync(join(root, '.env')) ? ['--env-file=.env'] : [];
  const cli = join(root, 'bot', 'src', 'cli', 'main.ts');
  const child = spawn(process.execPath, [...envFile, '--import', 'tsx', cli, ...process.argv.slice(3)], {
    stdio: 'inherit',
    cwd: root,
  });
  // A stopped command (a restore-test under a timeout) stops the CLI too, never leaves it behind.
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('close', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
} else if (command !== 'test' && command !== 'start') {
  console.error('usage: node scripts/run.mjs start|test|gebere [args]');
  process.exit(2);
} else {
  // The next step runs in this very process, with the workspace's binaries on PATH (what `pnpm
  // exec` did from two processes further down): npm passes SIGTERM and SIGINT to this process,
  // whose step hands them to the server (or the tests) and exits with its status. A chain of
  // processes that waited synchronously would die here and leave the server running.
  process.env.PATH = [join(root, 'node_modules', '.bin'), process.env.PATH].join(delimiter);
  process.argv.splice(2, 1); // the step sees its own arguments
  await import(`./${command}.mjs`);
}
