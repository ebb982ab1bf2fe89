import { createWriteStream, rmSync } from 'node:fs';
import { chmod, rename, rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Exports and backups hold farmers' names and phones: only the operator's account reads them. */
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Writes `source` to `file` whole or not at all: into `<file>.part` (created 0600), renamed once
 * complete and removed if anything fails (the error is passed on for the command to word).
 */
export async function writeWhole(source: Readable, file: string): Promise<void> {
  const partial = `${file}.part`;
  try {
    // Synchronously, so the source is piped before it can flow anywhere else (a byte counter).
    rmSync(partial, { force: true });
    await pipeline(source, createWriteStream(partial, { flags: 'wx', mode: PRIVATE_FILE_MODE }));
    // The mode given at creation is narrowed by the umask, never widened: set it exactly.
    await chmod(partial, PRIVATE_FILE_MODE);
    await rename(partial, file);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
}
