import { mkdirSync, writeFileSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';

const field = (header: Buffer, from: number, to: number) =>
  header.subarray(from, to).toString('latin1').replace(/\0.*$/s, '');

/**
 * Unpacks the ustar archive PGlite's dumpDataDir() writes (regular files and folders, every path
 * under one top folder, e.g. `pgdata/base/5/1259`) into `dest`, without that top folder. Done
 * here rather than with PGlite's loadDataDir because that unpacks in JS through the wasm file
 * system: measured 2× slower and ~60 MB more memory than writing the files with Node first.
 * Synchronous on purpose: ~1,200 small files, once, before the server listens; a thread-pool
 * round trip per file would cost more than it frees.
 */
export function unpackTar(tar: Buffer, dest: string): number {
  let offset = 0;
  let files = 0;
  // ~1,200 files in ~20 folders: one mkdir per folder, not per file.
  const made = new Set<string>();
  const folder = (path: string) => {
    if (made.has(path)) return;
    mkdirSync(path, { recursive: true, mode: 0o700 });
    made.add(path);
  };
  for (;;) {
    // A cut archive (a short read, a damaged file) must fail, not pass as a smaller database.
    if (offset + 512 > tar.length) throw new Error('truncated archive: no end marker');
    const header = tar.subarray(offset, offset + 512);
    if (header[0] === 0) break; // the zero blocks that end an archive
    const prefix = field(header, 345, 500);
    const name = prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100);
    const size = Number.parseInt(field(header, 124, 136).trim() || '0', 8);
    const type = String.fromCharCode(header[156] || 0x30);
    const body = offset + 512;
    if (Number.isNaN(size) || body + size > tar.length) throw new Error(`truncated archive at ${name}`);
    offset = body + Math.ceil(size / 512) * 512;
    const rel = name.split('/').slice(1).join('/');
    if (!rel) continue;
    const path = normalize(join(dest, rel));
    // A crafted name must not write outside `dest`.
    if (!path.startsWith(normalize(dest) + sep)) throw new Error(`archive path outside its folder: ${name}`);
    if (type === '5') folder(path);
    else if (type === '0') {
      folder(dirname(path));
      writeFileSync(path, tar.subarray(body, body + size), { mode: 0o600 });
      files++;
    } else throw new Error(`unexpected archive entry type ${type} at ${name}`);
  }
  return files;
}

/**
 * Unpacks into `${dir}.loading` and renames that to `dir`: a process killed midway leaves only
 * the `.loading` folder, which the next start removes, never a half database at `dir`.
 */
export async function unpackInto(tar: Buffer, dir: string): Promise<number> {
  const loading = `${dir}.loading`;
  await rm(loading, { recursive: true, force: true });
  const files = unpackTar(tar, loading);
  await rm(dir, { recursive: true, force: true }); // empty: only called when it is
  await rename(loading, dir);
  return files;
}
