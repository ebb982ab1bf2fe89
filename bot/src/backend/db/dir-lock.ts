import { closeSync, openSync, readFileSync, rmSync, statSync, utimesSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';

/**
 * One process per PGlite data directory: PGlite has no lock of its own, and two
 * processes on the same files each see their own copy and lose each other's writes. The lock is a
 * file created with O_EXCL naming its holder; the holder touches it every few seconds and removes
 * it when it stops.
 *
 * A lock left by a process that died (kill -9, a crash, a power cut) is stale and taken over:
 * on this host when its pid is gone (or is our own pid but not a lock of ours: a container
 * restarted as pid 1 again); on another host (a recreated container on the same volume) when its
 * holder has not touched it for {@link STALE_AFTER_MS}.
 */

export const HEARTBEAT_MS = 5_000;
export const STALE_AFTER_MS = 30_000;

export interface LockHolder {
  pid: number;
  host: string;
  /** ISO time the holder took the lock. */
  since: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `The data directory ${dir} is in use by another Gebere process (pid ${holder.pid} on host ` +
        `${holder.host}, since ${holder.since}). PGlite allows one process per data directory: stop ` +
        'that process first, give this one its own DATA_DIR, or run several copies on PostgreSQL ' +
        `(DATABASE_URL). If that process is gone, delete ${lockPath(dir)}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DirLock {
  readonly file: string;
  release(): void;
}

/** Locks held by this process, so a second open here is refused and a reused pid is not "alive". */
const held = new Set<string>();

export const lockPath = (dir: string) => `${dir}.lock`;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, it is only someone else's.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): { holder: LockHolder; touchedMs: number } | undefined {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as LockHolder;
    if (typeof holder.pid !== 'number' || typeof holder.host !== 'string') return undefined;
    return { holder, touchedMs: statSync(file).mtimeMs };
  } catch {
    return undefined;
  }
}

function isStale(file: string, found: { holder: LockHolder; touchedMs: number } | undefined): boolean {
  // Unreadable: a holder killed between creating and writing the file (or a stranger's file);
  // it is stale once nobody has touched it for a while.
  if (!found) return Date.now() - mtimeOr(file, Date.now()) > STALE_AFTER_MS;
  const { holder, touchedMs } = found;
  if (holder.host === hostname()) {
    if (holder.pid === process.pid) return !held.has(file);
    return !alive(holder.pid);
  }
  return Date.now() - touchedMs > STALE_AFTER_MS;
}

function mtimeOr(file: string, fallback: number): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return fallback;
  }
}

/**
 * Takes the lock of `dir` (the file `${dir}.lock` beside it) or throws {@link DataDirLockedError}
 * naming the holder. `onTakeOver` hears about a stale lock being taken over.
 */
export function lockDataDir(dir: string, onTakeOver?: (stale: LockHolder | undefined) => void): DirLock {
  const file = lockPath(dir);
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx', 0o644);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const found = readHolder(file);
      if (!isStale(file, found)) {
        throw new DataDirLockedError(
          dir,
          found?.holder ?? { pid: 0, host: 'unknown', since: new Date(mtimeOr(file, 0)).toISOString() },
        );
      }
      onTakeOver?.(found?.holder);
      rmSync(file, { force: true });
      continue;
    }
    const me: LockHolder = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
    try {
      writeSync(fd, `${JSON.stringify(me)}\n`);
    } finally {
      closeSync(fd);
    }
    held.add(file);
    const heartbeat = setInterval(() => {
      const now = new Date();
      try {
        utimesSync(file, now, now);
      } catch {
        // Removed under us (an operator); nothing to keep alive.
      }
    }, HEARTBEAT_MS);
    heartbeat.unref();
    let released = false;
    return {
      file,
      release() {
        if (released) return;
        released = true;
        clearInterval(heartbeat);
        held.delete(file);
        // Only our own lock: an operator may have deleted it and another process taken it.
        const now = readHolder(file)?.holder;
        if (now && now.pid === me.pid && now.host === me.host && now.since === me.since) {
          rmSync(file, { force: true });
        }
      },
    };
  }
  throw new Error(`could not take the lock ${file}: it keeps changing hands`);
}
