import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'webapp',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.{ts,mjs}'],
    environment: 'jsdom',
    setupFiles: ['./src/test-kit/setup.ts'],
    css: false,
    testTimeout: 20_000,
  },
});
