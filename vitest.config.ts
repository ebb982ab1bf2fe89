import { defineConfig } from 'vitest/config';

// Every package is a Vitest project; `npm test` runs them all in one run with one summary.
export default defineConfig({
  test: {
    projects: ['shared/*', 'bot', 'webapp', 'scripts'],
    // 2 cores: parallel but modest. Three, because a run at two kept the cores 70 % busy: the
    // journeys wait on Chromium, the backend suites on PostgreSQL.
    maxWorkers: 3,
  },
});
