import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { EARLY_ENTRY, earlyScript } from './scripts/early-script.ts';
import { purgeTguiCss } from './scripts/purge-tgui-css.ts';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

const backend = 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), purgeTguiCss(), earlyScript()],
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
      // index.html, and the launch screen's early GET as an entry of its own (scripts/early-script.ts).
      input: { index: here('index.html'), early: here(EARLY_ENTRY) },
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        codeSplitting: {
          groups: [
            // The early GET's entry and what it imports (small, zod-free), in one file of their own:
            // otherwise the shell group below takes them and the early script would wait for the
            // whole shell. Both entries import it, so it runs once.
            {
              name: 'early',
              test: /src[\\/]app[\\/]early\.ts|src[\\/]lib[\\/](early-get|language|runtime-config)\.ts|api-client[\\/]src[\\/](transport|errors)\.ts|contract[\\/]src[\\/](route-paths|idempotency|auth)\.ts|i18n[\\/]src[\\/]languages\.ts/,
              priority: 4,
            },
            // React changes least often: its own long-cached chunk, with the bundler's runtime, the
            // telegram-ui blocks nearly every screen renders (lists, and the inputs the forms and
            // the feedback questions use, ~4 KB) and the phone rules: loaded with the shell, they
            // spare the screens as many separate files. Everything else is split along the lazy
            // routes, so a screen pulls only the components it uses.
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|telegram-ui[\\/].*[\\/](Section|Cell|List|VisuallyHidden|FormInput|Input|Select|Switch|Radio|Checkbox|Textarea)[\\/]|shared[\\/]phone[\\/]|^\0?rolldown[:/]runtime/,
              priority: 3,
            },
            // What the form screens share (react-hook-form and the field components, ~15 KB): one
            // file beside the screen instead of five, and none of it on screens without a form.
            {
              name: 'forms',
              test: /node_modules[\\/](react-hook-form|@hookform)[\\/]|src[\\/]lib[\\/](form-resolver|field-errors)\.ts|src[\\/]components[\\/](select-field|radio-group-field|text-field|field-error)\.tsx/,
              priority: 1,
            },
            // Everything else index.html needs before the first render, in one chunk: over HTTP/1.1
            // (6 connections) each extra file of the first load costs a round trip in a queue.
            // (Above the form kit's priority, so what the forms import from the shell stays there.)
            { name: 'shell', tags: ['$initial'], priority: 2 },
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
