#!/usr/bin/env node
// biome-ignore-all lint/suspicious/noConsole: a command-line tool that prints its report
// Writes .br and .gz beside every compressible file of webapp/dist, so the server can send
// them as they are (Content-Encoding) instead of compressing on every request. Node only.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

export function brotli(buffer) {
  return brotliCompressSync(buffer, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
}

export function gzip(buffer) {
  return gzipSync(buffer, { level: 9 });
}

async function main() {
  let files = 0;
  let raw = 0;
  let br = 0;
  for await (const path of walk(dist)) {
    if (!COMPRESSIBLE.test(path)) continue;
    const buffer = await readFile(path);
    const b = brotli(buffer);
    const g = gzip(buffer);
    await writeFile(`${path}.br`, b);
    await writeFile(`${path}.gz`, g);
    // Keep the timestamps meaningful for the server's Last-Modified: same mtime family.
    void (await stat(path));
    files += 1;
    raw += buffer.length;
    br += b.length;
  }
  console.log(
    `precompress: ${files} files in ${relative(process.cwd(), dist) || 'dist'}, ${raw} B → ${br} B brotli`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
