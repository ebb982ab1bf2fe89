import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'bot',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Builds the backend's migrated and seeded database template once per run (cached on disk).
    globalSetup: ['test/backend/global-setup.ts'],
  },
});
