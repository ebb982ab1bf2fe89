import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The browser journeys first, the accessibility sweep (every screen, four runs, the longest
 * file) foremost, then every other file in Vitest's own order. Vitest queues projects one after
 * the other by name, which started the longest files a little before the end and left the run's
 * last minute to the sweep while the cores idled; started first, the short files fill in around
 * them. Vitest's own order (failed, then slowest, from its cache) still decides within each part.
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) =>
      f.moduleId.endsWith('/e2e/a11y-sweep.test.ts') ? 0 : f.moduleId.includes('/scripts/e2e/') ? 1 : 2;
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

// Every package is a Vitest project; `npm test` runs them all in one run with one summary.
export default defineConfig({
  test: {
    projects: ['shared/*', 'bot', 'webapp', 'scripts'],
    // 2 cores: parallel but modest. Four, because the journeys wait on Chromium and the network
    // they emulate, the backend suites on PostgreSQL: at three the cores were a quarter idle
    // (a fresh clone's run 9.2 min at three, 8.6–9.1 at four, on one machine the same hour).
    maxWorkers: 4,
    sequence: { sequencer: LongestFirst },
  },
});
