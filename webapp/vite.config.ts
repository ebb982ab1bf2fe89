import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { purgeTguiCss } from './scripts/purge-tgui-css.ts';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * Deep imports the shared packages do not export (yet), for first-load bytes:
 * - `@gebere/contract/auth`: the contract's only zod-free module (proof header, signed-link
 *   parameter names). Any value from the contract's index brings zod and every schema.
 * - `@gebere/api-client/errors`, `@gebere/api-client/idempotency-key`: the client's zod-free
 *   helpers (`isRetryable`, `newIdempotencyKey`) that forms use before any call; the client's
 *   index brings the contract and zod.
 * - `@gebere/i18n/src/*`: the package index exports both languages (and the bot's texts) from
 *   one module, so importing it would put Amharic on every first load. The webapp assembles
 *   its resources per namespace (src/lib/resources-*.ts): English static, Amharic a lazy chunk.
 * Types still come from the packages' indexes through `import type`.
 */
export const sharedAliases = {
  '@gebere/contract/auth': here('../shared/contract/src/auth.ts'),
  '@gebere/api-client/errors': here('../shared/api-client/src/errors.ts'),
  '@gebere/api-client/idempotency-key': here('../shared/api-client/src/idempotency-key.ts'),
  '@gebere/i18n/src': here('../shared/i18n/src'),
};

const backend = 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), purgeTguiCss()],
  resolve: { alias: sharedAliases },
  // Chunk URLs are absolute from the server root, where bot/ serves these files.
  base: '/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Android System WebView on cheap phones: Chrome 80+ handles es2020 without helpers.
    target: 'es2020',
    cssTarget: 'chrome80',
    manifest: true,
    sourcemap: false,
    // Every browser that runs es2020 modules supports modulepreload except old Firefox/Safari,
    // which Telegram does not embed; the polyfill would cost bytes on every load.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        codeSplitting: {
          groups: [
            // React changes least often: its own long-cached chunk, with the few telegram-ui
            // blocks and the phone rules nearly every screen renders (~3 KB): loaded with the
            // shell, they spare the screens as many separate files. Everything else is split by
            // the bundler along the lazy routes, so a screen pulls only the components it uses.
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|telegram-ui[\\/].*[\\/](Section|Cell|List|VisuallyHidden)[\\/]|shared[\\/]phone[\\/]/,
              priority: 1,
            },
            // Everything else index.html needs before the first render, in one chunk: over HTTP/1.1
            // (6 connections) each extra file of the first load costs a round trip in a queue.
            { name: 'shell', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/backend': { target: backend, changeOrigin: true },
      '/tg': { target: backend, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/backend': { target: backend, changeOrigin: true },
      '/tg': { target: backend, changeOrigin: true },
    },
  },
});
