import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'scripts',
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One module graph per worker, as in the bot's project: each journey starts its own product,
    // browser and emulator, and importing the product again for each file cost 332 s → 278 s
    // of this project's time (399 → 282 s of CPU on two cores).
    isolate: false,
  },
});
