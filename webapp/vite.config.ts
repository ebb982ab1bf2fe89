import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { EARLY_ENTRY, earlyScript } from './scripts/early-script.ts';
import { firstLoadPlan } from './scripts/first-load-plan.ts';
import { purgeTguiCss } from './scripts/purge-tgui-css.ts';
import { serviceWorker } from './scripts/service-worker.ts';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

const backend = 'http://localhost:8080';

const plan = firstLoadPlan({
  root: here('.'),
  earlyEntry: EARLY_ENTRY,
  // The Amharic and Afaan Oromo texts: lazy chunks that initI18n awaits before the first render.
  languages: { am: 'src/lib/i18n/resources-am.ts', om: 'src/lib/i18n/resources-om.ts' },
  // The telegram-ui blocks nearly every screen renders (lists, and the inputs the forms and the
  // feedback questions use, ~4 KB) and the phone rules: loaded with the shell, they spare the
  // screens as many separate files.
  withShell: {
    '@telegram-apps/telegram-ui': [
      'Cell',
      'Checkbox',
      'Input',
      'List',
      'Radio',
      'Section',
      'Select',
      'Switch',
      'Textarea',
      'VisuallyHidden',
    ],
    '@gebere/phone': ['normalizePhone'],
  },
});

export default defineConfig({
  plugins: [react(), purgeTguiCss(), earlyScript(), plan.plugin, serviceWorker()],
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
        // Derived from the screens' first-load plans and the module graph (scripts/first-load-plan.ts).
        codeSplitting: { groups: plan.chunkGroups },
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
