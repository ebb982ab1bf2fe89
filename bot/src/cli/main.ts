import { DatabaseSetupError } from '../backend/db/explain';
import { ConfigError, invocationOf, loadConfig, SharedSecretsError, withSharedSecrets } from '../config';
import { CliError, EXIT } from './args';
import { type CliSettings, settingsFromConfig } from './backend-client';
import { runCli } from './commands';
import { stdio } from './output';

/**
 * `gebere`, the operator command line: `npm run gebere -- <command> [args]` (scripts/run.mjs runs
 * this file with tsx and the root .env). Settings come only from config.ts.
 */
async function main(): Promise<number> {
  // Read up front (a command may need it synchronously); a problem is reported only when a
  // command calls the server, so `gebere help` works with any configuration.
  let settings: CliSettings | CliError;
  try {
    settings = settingsFromConfig(await withSharedSecrets(loadConfig()));
  } catch (err) {
    if (err instanceof ConfigError)
      settings = new CliError(
        `${err.message}\n(the same settings the server reads: fix them in .env or the environment)`,
        EXIT.usage,
      );
    else if (err instanceof SharedSecretsError || err instanceof DatabaseSetupError)
      settings = new CliError(err.message, EXIT.failed);
    else throw err;
  }
  return runCli(process.argv.slice(2), {
    out: stdio,
    invocation: invocationOf(),
    settings: () => {
      if (settings instanceof CliError) throw settings;
      return settings;
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
