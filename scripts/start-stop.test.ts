// `npm start` stopped as a service manager stops it: SIGTERM to npm's pid. Every process of the
// chain (npm, run.mjs with start.mjs in it, the server) is gone within the documented grace, and
// a 2G-slow upload still arriving when the signal came is read to its end and answered.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureBotBuilt, ensureWebappBuilt } from './build-freshness.mjs';
import { freePort } from './free-port.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** bot/README.md "Shutdown": at most 8 s (main.ts SHUTDOWN_GRACE_MS). */
const GRACE_MS = 8_000;

const work = mkdtempSync(join(tmpdir(), 'gebere-start-stop-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Every process below `pid` (Linux /proc), children first found first. */
function descendants(pid: number): number[] {
  const children = readdirSync(`/proc/${pid}/task`).flatMap((task) => {
    try {
      return readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number);
    } catch {
      return [];
    }
  });
  return children.flatMap((c) => [c, ...descendants(c)]);
}

/** Running: a zombie (exited, never reaped where PID 1 reaps nothing) is not. */
const alive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

/** The server's log records as they come, and the first one `match` accepts. */
function records(child: ChildProcess) {
  const seen: Array<Record<string, unknown>> = [];
  const waiters: Array<{
    match: (r: Record<string, unknown>) => boolean;
    resolve: (r: Record<string, unknown>) => void;
  }> = [];
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    let record: Record<string, unknown>;
    try {
      record = JSON.parse(line) as Record<string, unknown>;
    } catch {
      return; // npm's own "> gebere start" lines
    }
    seen.push(record);
    for (const w of waiters.splice(0))
      if (w.match(record)) w.resolve(record);
      else waiters.push(w);
  });
  return {
    seen,
    next: (match: (r: Record<string, unknown>) => boolean) =>
      new Promise<Record<string, unknown>>((resolve) => {
        const found = seen.find(match);
        if (found) resolve(found);
        else waiters.push({ match, resolve });
      }),
  };
}

/**
 * A POST whose body trickles in at `bytesPerSecond` (a 2G phone's upload) until `finish()` sends
 * the rest; `done` resolves with the raw answer once the server closes. `started` resolves once
 * the headers and the first bytes are out, `allSent` (the time) once the last byte is.
 */
function slowPost(
  port: number,
  path: string,
  headers: Record<string, string>,
  body: string,
  bytesPerSecond: number,
) {
  const socket = connect(port, '127.0.0.1');
  const bytes = Buffer.from(body);
  let answer = '';
  socket.on('data', (d) => {
    answer += d;
  });
  let startedResolve: () => void = () => {};
  const started = new Promise<void>((r) => {
    startedResolve = r;
  });
  let sentAll: (at: number) => void = () => {};
  const allSent = new Promise<number>((r) => {
    sentAll = r;
  });
  let at = 0;
  let tick: NodeJS.Timeout | undefined;
  socket.on('connect', () => {
    const head = Object.entries({
      ...headers,
      host: `127.0.0.1:${port}`,
      'content-length': String(bytes.length),
    })
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    socket.write(`POST ${path} HTTP/1.1\r\n${head}connection: close\r\n\r\n`);
    const chunk = Math.max(1, Math.round(bytesPerSecond / 10));
    tick = setInterval(() => {
      if (socket.destroyed) return clearInterval(tick);
      socket.write(bytes.subarray(at, Math.min(at + chunk, bytes.length - 1)));
      at = Math.min(at + chunk, bytes.length - 1);
      if (at >= chunk * 2) startedResolve();
    }, 100);
  });
  const done = new Promise<string>((resolve) => {
    socket.on('close', () => resolve(answer));
    socket.on('error', () => resolve(answer));
  });
  return {
    started,
    allSent,
    done,
    finish() {
      clearInterval(tick);
      socket.write(bytes.subarray(at), () => sentAll(Date.now()));
    },
  };
}

describe('npm start and SIGTERM', () => {
  it('stops every process within the grace; a slow upload in flight gets its answer', async () => {
    // Built under the locks the other suites share, so npm start finds them fresh and no two
    // builds write webapp/dist or bot/dist at once.
    await ensureWebappBuilt(ROOT);
    await ensureBotBuilt(ROOT);
    const port = await freePort();
    const dataDir = join(work, 'data');
    const npm = spawn('npm', ['start'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? work,
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    npm.stderr?.on('data', (d) => {
      stderr += d;
    });
    const exited = new Promise<{ at: number }>((resolve) =>
      npm.on('exit', () => resolve({ at: Date.now() })),
    );
    const closed = new Promise<void>((resolve) => npm.on('close', () => resolve()));
    const log = records(npm);
    try {
      // A first start builds what is stale (webapp, server bundle): minutes on a busy machine.
      const listening = await Promise.race([
        log.next((r) => r.msg === 'listening'),
        exited.then(() => {
          throw new Error(`npm start exited before listening:\n${stderr.slice(-2000)}`);
        }),
      ]);
      const serverPid = Number(listening.pid);
      expect(serverPid).toBeGreaterThan(0);
      const { serviceToken } = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as {
        serviceToken: string;
      };

      // 300 B/s from before the signal until 4.5 s after it (a 3 s grace once cut it there).
      const grant = JSON.stringify({
        phone_number: '0911000999',
        role: 'notification_manager',
        location_type: 'all',
      });
      const body = `${grant.slice(0, -1)}${' '.repeat(4000)}}`;
      const upload = slowPost(
        port,
        '/backend/api/role-grants/',
        { authorization: `Bearer ${serviceToken}`, 'content-type': 'application/json' },
        body,
        300,
      );
      await upload.started;
      const chain = descendants(npm.pid as number);
      expect(chain).toContain(serverPid);
      const signalled = Date.now();
      process.kill(npm.pid as number, 'SIGTERM');
      setTimeout(() => upload.finish(), 4_500);

      const answer = await upload.done;
      const sentAt = await upload.allSent;
      expect(sentAt - signalled).toBeGreaterThanOrEqual(4_500); // the body was still arriving
      expect(answer).toMatch(/^HTTP\/1\.1 201 /);
      expect(answer).toContain('"location_type":"all"');

      const { at } = await exited;
      expect(at - signalled).toBeLessThan(GRACE_MS);
      await closed;
      // The server stopped cleanly (exit 0 after 'stopped'), and nothing of the chain is left.
      expect(
        log.seen
          .map((r) => `${r.msg}`)
          .slice(-6)
          .join(' / '),
      ).toContain('stopped');
      const left = () =>
        chain.filter(alive).map((pid) => {
          try {
            return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
          } catch {
            return String(pid);
          }
        });
      expect(left()).toEqual([]);
    } finally {
      if (npm.exitCode === null) npm.kill('SIGKILL');
      for (const r of log.seen) if (typeof r.pid === 'number' && alive(r.pid)) process.kill(r.pid, 'SIGKILL');
    }
  }, 600_000);
});
