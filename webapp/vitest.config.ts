import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'webapp',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.{ts,mjs}'],
    // happy-dom, not jsdom: the same tests pass on both at about 60 % of the time (decisions.md).
    environment: 'happy-dom',
    // A page's <script> and <link> are markup to these tests, never fetched or run.
    environmentOptions: {
      happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: true, disableCSSFileLoading: true } },
    },
    setupFiles: ['./src/test-kit/setup.ts'],
    css: false,
    testTimeout: 20_000,
  },
});
