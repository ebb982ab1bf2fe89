import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'bot',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One module graph per worker, not per file: importing the backend (Fastify, grammY, the
    // contract's schemas) again for each file was most of this project's time (223 s → 138 s,
    // 394 → 228 s of CPU on two cores). Each file builds its own app, database and clock, and a
    // test replaces a dependency with vi.spyOn on an object, never vi.mock of a shared module.
    isolate: false,
    // Builds the backend's migrated and seeded database template once per run (cached on disk).
    globalSetup: ['test/backend/global-setup.ts'],
  },
});
