/**
 * The anchor page for the 3G budget: a bare React 19 + @telegram-apps/telegram-ui page (AppRoot
 * and one Button, telegram-ui's whole stylesheet), built with the webapp's Vite into a temp dir
 * whose node_modules is a link to webapp/node_modules, and served like the product serves its
 * files (brotli or gzip as the browser accepts, precompressed at q11 / level 9). Not a test.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { ROOT } from './budget-product';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

const MAIN = `import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoot, Button } from '@telegram-apps/telegram-ui';
import '@telegram-apps/telegram-ui/dist/styles.css';

createRoot(document.getElementById('root')).render(
  h(AppRoot, null, h(Button, { size: 'l', stretched: true, 'data-bare-button': '' }, 'Register')),
);
`;

const HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>bare</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/main.js"></script>
  </body>
</html>
`;

export interface BarePage {
  url: string;
  /** JS + CSS of the build, brotli q11 (what it transfers). */
  bytes: number;
  stop: () => Promise<void>;
}

export async function startBarePage(): Promise<BarePage> {
  const dir = mkdtempSync(join(tmpdir(), 'gebere-bare-page-'));
  const dist = join(dir, 'dist');
  writeFileSync(join(dir, 'index.html'), HTML);
  writeFileSync(join(dir, 'main.js'), MAIN);
  symlinkSync(join(ROOT, 'webapp', 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(
    join(dir, 'vite.config.mjs'),
    `export default ${JSON.stringify({
      root: dir,
      logLevel: 'error',
      build: { outDir: dist, target: 'es2020', modulePreload: { polyfill: false }, emptyOutDir: true },
    })};\n`,
  );
  const vite = join(ROOT, 'webapp', 'node_modules', '.bin', 'vite');
  const r = spawnSync(vite, ['build', '--config', join(dir, 'vite.config.mjs')], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (r.status !== 0) throw new Error('bare page: vite build failed');

  const cache = new Map<string, { raw: Buffer; br: Buffer; gz: Buffer }>();
  const file = (path: string) => {
    let entry = cache.get(path);
    if (!entry) {
      const raw = readFileSync(path);
      entry = {
        raw,
        br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gz: gzipSync(raw, { level: 9 }),
      };
      cache.set(path, entry);
    }
    return entry;
  };
  const server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    const rel = normalize(pathname === '/' ? '/index.html' : pathname);
    if (rel.includes('..')) {
      res.writeHead(400).end();
      return;
    }
    let entry: ReturnType<typeof file>;
    try {
      entry = file(join(dist, rel));
    } catch {
      res.writeHead(404).end();
      return;
    }
    const accept = String(req.headers['accept-encoding'] ?? '');
    const [body, encoding] = /\bbr\b/.test(accept)
      ? [entry.br, 'br']
      : /\bgzip\b/.test(accept)
        ? [entry.gz, 'gzip']
        : [entry.raw, undefined];
    res.writeHead(200, {
      'Content-Type': TYPES[extname(rel)] ?? 'application/octet-stream',
      'Content-Length': body.length,
      'Cache-Control': rel.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...(encoding ? { 'Content-Encoding': encoding, Vary: 'Accept-Encoding' } : {}),
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const bytes = readdirSync(join(dist, 'assets'))
    .filter((f) => f.endsWith('.js') || f.endsWith('.css'))
    .reduce((sum, f) => sum + file(join(dist, 'assets', f)).br.length, 0);
  return {
    url: `http://127.0.0.1:${port}/`,
    bytes,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
