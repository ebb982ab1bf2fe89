// Whether this run has a PostgreSQL server for the tests: one rule for the backend suites, the
// CLI's backup round trip, shared secrets and the operator journey. No Vitest or database
// imports, so scripts/ can use it too.
const url = process.env.TEST_DATABASE_URL;

/**
 * Why this run skips the PostgreSQL cases, or undefined when they run: with TEST_DATABASE_URL
 * (`npm test` starts a throwaway cluster when PostgreSQL is installed; .ci/run always), and with
 * CI=true, where a missing PostgreSQL is a failure, not a skip.
 */
export const postgresSkipReason =
  url || process.env.CI === 'true'
    ? undefined
    : 'no PostgreSQL: TEST_DATABASE_URL is not set (npm test starts a throwaway cluster when PostgreSQL is installed)';

/** The PostgreSQL server the tests use (a superuser URL); throws why when there is none. */
export function postgresUrl(): string {
  if (url) return url;
  throw new Error(
    'the PostgreSQL tests need TEST_DATABASE_URL (with CI=true a missing PostgreSQL fails the run)',
  );
}
