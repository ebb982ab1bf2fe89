import { areasCommand } from './areas';
import { CliError, EXIT, parseArgs, usageError } from './args';
import { type Backend, backendUrlOf, type CliSettings, connect } from './backend';
import type { Command } from './command';
import { grantCommand, grantsCommand, revokeCommand } from './grants';
import { importCommand } from './import';
import type { Output } from './output';
import { statusCommand } from './status';

/** Every command, in the order `gebere help` lists them. */
export const COMMANDS: readonly Command[] = [
  grantCommand,
  revokeCommand,
  grantsCommand,
  statusCommand,
  areasCommand,
  importCommand,
];

const OPTIONS = [
  'Options:',
  "  --url <server>  the server to talk to (default: this directory's server, http://127.0.0.1:$PORT;",
  '                  its backend is <server>/backend)',
  "  --help, -h      this help, or a command's",
];

export function helpLines(): string[] {
  const width = Math.max(...COMMANDS.map((c) => `${c.name} ${c.args}`.length));
  return [
    'gebere: the operator command line (npm run gebere -- <command> [args])',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${`${c.name} ${c.args}`.padEnd(width)}  ${c.summary}`),
    `  ${'help [command]'.padEnd(width)}  This help, or a command's`,
    '',
    ...OPTIONS,
    '',
    'It calls the running server with the service token (BACKEND_SERVICE_TOKEN, or the one the',
    'server generated into DATA_DIR/secrets.json), so run it where the server runs, with its .env.',
  ];
}

export function commandHelp(command: Command): string[] {
  return [`usage: gebere ${command.name} ${command.args}`, '', `${command.summary}.`, '', ...command.details];
}

export interface CliDeps {
  out: Output;
  /** The server this directory's configuration describes; read only when a command calls it. */
  settings(): CliSettings;
  fetch?: typeof fetch;
}

/**
 * Runs one command line (without `gebere` itself) and returns the exit code: 0 done, 1 the server
 * refused or could not be reached, 2 a wrong command line. Never throws for an operator's mistake.
 */
export async function runCli(argv: readonly string[], deps: CliDeps): Promise<number> {
  const { out } = deps;
  let command: Command | undefined;
  try {
    const args = parseArgs(argv);
    const [name, ...words] = args.words;
    if (name === undefined || name === 'help') {
      if (args.unknown.length > 0) throw usageError(`unknown option ${args.unknown.join(' ')}`);
      const topic = words[0] === undefined ? undefined : find(words[0]);
      for (const line of topic ? commandHelp(topic) : helpLines()) out.out(line);
      return name === undefined && !args.help ? EXIT.usage : EXIT.ok;
    }
    command = find(name);
    const takes = command.options ?? [];
    const unknown = [
      ...args.unknown,
      ...(args.dryRun && !takes.includes('--dry-run') ? ['--dry-run'] : []),
      ...(args.lang && !takes.includes('--lang') ? ['--lang'] : []),
    ];
    if (unknown.length > 0) throw usageError(`unknown option ${unknown.join(' ')}`, command.name);
    if (args.help) {
      for (const line of commandHelp(command)) out.out(line);
      return EXIT.ok;
    }
    let backend: Backend | undefined;
    const url = args.url === undefined ? undefined : backendUrlOf(args.url);
    await command.run(words, {
      out,
      dryRun: args.dryRun,
      backend: () => {
        if (!backend) {
          const settings = deps.settings();
          backend = connect(url ? { ...settings, backendUrl: url } : settings, deps.fetch, args.lang);
        }
        return backend;
      },
    });
    return EXIT.ok;
  } catch (err) {
    if (!(err instanceof CliError)) throw err;
    out.err(`gebere: ${err.message}`);
    if (err.usageOf) {
      const usage = COMMANDS.find((c) => c.name === err.usageOf);
      if (usage) out.err(`usage: gebere ${usage.name} ${usage.args}  (gebere ${usage.name} --help)`);
    } else if (err.exitCode === EXIT.usage && !command) {
      out.err('`gebere help` lists the commands');
    }
    return err.exitCode;
  }
}

function find(name: string): Command {
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) throw usageError(`unknown command "${name}"`);
  return command;
}
