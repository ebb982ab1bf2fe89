#!/usr/bin/env node
// `npm start` after install (scripts/run.mjs): build what is missing or stale — the webapp
// (webapp/dist) and the server bundle (bot/dist) — then run the server on embedded defaults
// and say where to open it. Reads .env when present. Logs are prettified on a terminal.
// `--build-only` stops after the build (a service's ExecStartPre: docs/deploy/gebere.service).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { botStale, ensureBotBuilt, ensureWebappBuilt, webappStale } from './build-freshness.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const at = (...p) => join(root, ...p);
const say = (line) => console.error(`› ${line}`);

async function buildWebapp() {
  if (!existsSync(at('webapp', 'index.html'))) {
    say('webapp has no index.html yet: skipping its build (the server answers 503 on app routes)');
    return;
  }
  if (!webappStale(root)) return;
  say('building the webapp (webapp/dist)');
  try {
    await ensureWebappBuilt(root);
  } catch (err) {
    console.error(`✗ webapp build failed: ${err?.message ?? err}`);
    process.exit(1);
  }
}

async function buildServer() {
  if (!botStale(root)) return true;
  say('bundling the server (bot/dist)');
  try {
    await ensureBotBuilt(root);
    return true;
  } catch (err) {
    console.error(`✗ server bundle failed (${err?.message ?? err}); running from source with tsx instead`);
    return false;
  }
}

const LEVELS = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };
const HIDDEN = new Set(['level', 'time', 'pid', 'hostname', 'name', 'msg', 'reqId']);

/** One short line per pino record for a human at a terminal (pino-pretty without the package). */
function pretty(record) {
  const time = typeof record.time === 'string' ? record.time.slice(11, 19) : '';
  const level = (LEVELS[record.level] ?? String(record.level)).padEnd(5);
  const rest = Object.entries(record)
    .filter(([k]) => !HIDDEN.has(k))
    .map(([k, v]) => `${k}=${typeof v === 'object' ? JSON.stringify(v) : v}`)
    .join(' ');
  return `${time} ${level} ${record.msg ?? ''}${rest ? `  ${rest}` : ''}`;
}

function banner(open, emulator) {
  const lines = emulator
    ? [
        `Gebere is running. Open the local Telegram emulator: ${open}`,
        'No BOT_TOKEN is set, so the bot talks to the emulator; see bot/README.md for a real test bot.',
      ]
    : [`Gebere is running. Open the mini-app: ${open} (and chat with your bot in Telegram)`];
  const width = Math.max(...lines.map((l) => l.length));
  console.error(`\n┌${'─'.repeat(width + 2)}┐`);
  for (const l of lines) console.error(`│ ${l.padEnd(width)} │`);
  console.error(`└${'─'.repeat(width + 2)}┘\n`);
}

// A stop asked for while building takes effect once the build step in progress returns.
let child;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    // The server shuts down gracefully (main.ts: in-flight requests, updates, the database) and
    // this process exits with its status.
    if (child && child.exitCode === null) child.kill(signal);
    else if (!child) process.exit(128 + constants.signals[signal]);
  });
}

await buildWebapp();
const bundled = await buildServer();
if (process.argv.includes('--build-only')) process.exit(bundled ? 0 : 1);
const envFile = existsSync(at('.env')) ? ['--env-file=.env'] : [];
const [cmd, args] = bundled
  ? [process.execPath, [...envFile, at('bot', 'dist', 'main.js')]]
  : [process.execPath, [...envFile, '--import', 'tsx', at('bot', 'src', 'main.ts')]];
if (envFile.length) say('reading .env');

child = spawn(cmd, args, { cwd: root, stdio: ['inherit', 'pipe', 'inherit'], env: process.env });
const tty = process.stdout.isTTY;
createInterface({ input: child.stdout }).on('line', (line) => {
  let record;
  try {
    record = JSON.parse(line);
  } catch {
    process.stdout.write(`${line}\n`);
    return;
  }
  process.stdout.write(`${tty ? pretty(record) : line}\n`);
  if (record.msg === 'listening' && record.open) banner(record.open, record.open.includes('/emulator'));
});

// 'close', not 'exit': the server's last lines ("stopped") are still in its stdout pipe at exit.
child.on('close', (code, signal) =>
  process.exit(code ?? (signal ? 128 + (constants.signals[signal] ?? 0) : 0)),
);
