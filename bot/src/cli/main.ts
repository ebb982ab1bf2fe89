import { ConfigError, loadConfig } from '../config';
import { CliError, EXIT } from './args';
import { settingsFromConfig } from './backend';
import { runCli } from './commands';
import { stdio } from './output';

/**
 * `gebere`, the operator command line: `npm run gebere -- <command> [args]` (scripts/run.mjs runs
 * this file with tsx and the root .env). Settings come only from config.ts.
 */
async function main(): Promise<number> {
  return runCli(process.argv.slice(2), {
    out: stdio,
    settings: () => {
      try {
        return settingsFromConfig(loadConfig());
      } catch (err) {
        if (err instanceof ConfigError)
          throw new CliError(
            `${err.message}\n(the same settings the server reads: fix them in .env or the environment)`,
            EXIT.usage,
          );
        throw err;
      }
    },
  });
}

// `gebere grants | head`: a reader that stops early is not an error.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code !== 'EPIPE') throw err;
  process.exit(process.exitCode ?? EXIT.ok);
});

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    stdio.err(`gebere: unexpected error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exitCode = EXIT.failed;
  },
);
