import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, lockPath, STALE_AFTER_MS } from './dir-lock';
import { openDatabase } from './open';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

const botDir = fileURLToPath(new URL('../../..', import.meta.url));
const lockModule = fileURLToPath(new URL('./dir-lock.ts', import.meta.url));

/** Another real process that takes the lock of `dir` and holds it until killed. */
async function holder(dir: string): Promise<ChildProcess> {
  const code = `import { lockDataDir } from ${JSON.stringify(lockModule)};
lockDataDir(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: botDir,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (b: Buffer) => b.toString().includes('locked') && resolve());
    child.once('exit', (code) => reject(new Error(`holder exited with ${code}`)));
  });
  return child;
}

const exited = (child: ChildProcess) => new Promise((r) => child.once('exit', r));

describe('one process per PGlite data directory', () => {
  it('refuses a second open in this process, naming the holder, and frees the directory on close', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gebere-lock-'));
    const first = await openDatabase({ dataDir, snapshotDirs: false });
    try {
      const second = openDatabase({ dataDir, snapshotDirs: false });
      await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
      const message = await second.catch((err: Error) => err.message);
      expect(message).toContain(`pid ${process.pid} on host ${hostname()}`);
      expect(message).toContain(join(dataDir, 'pglite'));
      expect(message).toMatch(/since \d{4}-\d\d-\d\dT/);
      // The refused open did not disturb the first one.
      expect((await first.query<{ n: number }>('select 1 as n')).rows[0]?.n).toBe(1);
    } finally {
      await first.close();
    }
    expect(existsSync(lockPath(join(dataDir, 'pglite')))).toBe(false);
    const again = await openDatabase({ dataDir, snapshotDirs: false });
    await again.close();
  }, 60_000);

  it('refuses while another live process holds it, and takes it over once that process is gone', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gebere-lock-'));
    const dir = join(dataDir, 'pglite');
    const child = await holder(dir);
    const refused = await openDatabase({ dataDir, snapshotDirs: false }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(DataDirLockedError);
    expect((refused as DataDirLockedError).holder).toMatchObject({ pid: child.pid, host: hostname() });
    expect((refused as Error).message).toContain(`pid ${child.pid} on host ${hostname()}`);

    // kill -9: the holder never removes its lock; its pid is gone, so the lock is stale.
    child.kill('SIGKILL');
    await exited(child);
    expect(JSON.parse(readFileSync(lockPath(dir), 'utf8')).pid).toBe(child.pid);
    const taken: unknown[] = [];
    const lock = lockDataDir(dir, (stale) => taken.push(stale));
    expect(taken).toEqual([expect.objectContaining({ pid: child.pid })]);
    expect(JSON.parse(readFileSync(lockPath(dir), 'utf8')).pid).toBe(process.pid);
    lock.release();
    expect(existsSync(lockPath(dir))).toBe(false);
  }, 30_000);

  it('on another host: held while its holder keeps it fresh, stale once it stops', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'gebere-lock-')), 'pglite');
    const other = { pid: 1, host: `not-${hostname()}`, since: new Date().toISOString() };
    writeFileSync(lockPath(dir), JSON.stringify(other));
    expect(() => lockDataDir(dir)).toThrow(`pid 1 on host not-${hostname()}`);
    const old = new Date(Date.now() - STALE_AFTER_MS - 5_000);
    utimesSync(lockPath(dir), old, old);
    const lock = lockDataDir(dir);
    expect(JSON.parse(readFileSync(lockPath(dir), 'utf8'))).toMatchObject({
      pid: process.pid,
      host: hostname(),
    });
    lock.release();
  });
});
