import { defineConfig } from 'vitest/config';

// Every package is a Vitest project; `npm test` runs them all in one run with one summary.
export default defineConfig({
  test: {
    projects: ['shared/*', 'bot', 'webapp', 'scripts'],
    // 2 cores: parallel but modest. Four, because the journeys wait on Chromium and the network
    // they emulate, the backend suites on PostgreSQL: at three the cores were a quarter idle
    // (a fresh clone's run 9.2 min at three, 8.6–9.1 at four, on one machine the same hour).
    maxWorkers: 4,
  },
});
