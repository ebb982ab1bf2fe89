import { defineConfig } from 'vitest/config';

// Every package is a Vitest project; `npm test` runs them all in one run with one summary.
export default defineConfig({
  test: {
    projects: ['shared/*', 'bot', 'webapp', 'scripts'],
    // 2 cores: parallel but modest.
    maxWorkers: 2,
  },
});
