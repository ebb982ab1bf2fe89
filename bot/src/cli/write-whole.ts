import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Writes `source` to `file` whole or not at all: into `<file>.part`, renamed once complete and
 * removed if anything fails (the error is passed on for the command to word).
 */
export async function writeWhole(source: Readable, file: string): Promise<void> {
  const partial = `${file}.part`;
  try {
    await pipeline(source, createWriteStream(partial));
    await rename(partial, file);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
}
