import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/log';
import { BotTokenRefusedError, type RunningServer, startServer } from '../src/server/index';
import { fakeDist, freePort } from './test-kit';

const TOKEN = '123456789:AAHfake-but-well-formed-token-xyz';
const running: RunningServer[] = [];
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** A Bot API that refuses every token, as Telegram does a revoked one; counts the calls. */
async function refusingTelegram() {
  const calls: string[] = [];
  const server = createServer((req, res) => {
    calls.push(req.url ?? '');
    res.writeHead(401, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ ok: false, error_code: 401, description: 'Unauthorized' }));
  });
  servers.push(server);
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return { root: `http://127.0.0.1:${port}`, calls };
}

async function env(extra: Record<string, string>) {
  return {
    DATA_DIR: mkdtempSync(join(tmpdir(), 'gebere-runtime-')),
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    BOT_TOKEN: TOKEN,
    ENABLE_BACKEND: 'false',
    ENABLE_NOTIFICATIONS: 'false',
    WEBAPP_DIST: fakeDist(),
    ...extra,
  };
}

describe('Telegram at start', () => {
  it('unreachable: /readyz is 200 and reports telegram unreachable', async () => {
    // Nobody listens there: every Bot API call fails to connect.
    const vars = await env({ TELEGRAM_API_ROOT: `http://127.0.0.1:${await freePort()}` });
    const server = await startServer(loadConfig(vars), createLogger({ level: 'silent' }));
    running.push(server);
    const res = await fetch(`http://127.0.0.1:${vars.PORT}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready', checks: { telegram: 'unreachable' } });
  });

  it('refused token: fatal once, no endless retry', async () => {
    const telegram = await refusingTelegram();
    const vars = await env({ TELEGRAM_API_ROOT: telegram.root });
    const server = await startServer(loadConfig(vars), createLogger({ level: 'silent' }));
    running.push(server);
    const err = await server.fatal;
    expect(err).toBeInstanceOf(BotTokenRefusedError);
    expect(err.message).toMatch(/^Telegram refused BOT_TOKEN \(401 from getMe\)/);
    expect(err.message).not.toContain(TOKEN.split(':')[1]);
    // One getMe so far; that no retry follows is the next test's (its process exits on it).
    expect(telegram.calls.filter((u) => u.endsWith('/getMe'))).toHaveLength(1);
  });

  it('refused token: the process logs one fatal line and exits 1', async () => {
    const telegram = await refusingTelegram();
    const vars = await env({ TELEGRAM_API_ROOT: telegram.root, LOG_LEVEL: 'info' });
    const botDir = fileURLToPath(new URL('..', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: botDir,
      env: { PATH: process.env.PATH, ...vars },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (b: Buffer) => {
      out += b.toString();
    });
    child.stderr.on('data', (b: Buffer) => {
      out += b.toString();
    });
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 40_000);
      child.once('exit', (c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });
    expect(code).toBe(1);
    // The process has exited: the one getMe is all there will ever be, no retry came first.
    expect(telegram.calls.filter((u) => u.endsWith('/getMe'))).toHaveLength(1);
    const fatal = out.split('\n').filter((line) => line.includes('"level":60'));
    expect(fatal).toHaveLength(1);
    expect(fatal[0]).toContain('Telegram refused BOT_TOKEN');
    expect(out).not.toContain('retrying');
    expect(out).not.toContain(TOKEN.split(':')[1]);
    expect(telegram.calls.filter((u) => u.endsWith('/getMe'))).toHaveLength(1);
  }, 60_000);
});
