import { userInfo } from 'node:os';
import { resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { isLanguage, type Language, languages } from '@gebere/i18n/languages';
import { maskPhones } from '../log';
import { areasCommand } from './areas';
import { CliError, EXIT, parseArgs, usageError } from './args';
import { auditCommand } from './audit';
import { type Backend, backendUrlOf, type CliSettings, connect } from './backend-client';
import { backupCommand, restoreCommand, restoreTestCommand } from './backup';
import type { Command } from './command';
import { duplicatesCommand, mergeCommand } from './duplicates';
import { approveCommand, pendingCommand, rejectCommand } from './enrolment';
import { exportCommand } from './export';
import { grantCommand, grantsCommand, revokeCommand } from './grants';
import { importCommand } from './import';
import { notificationsCommand } from './notifications';
import type { Output } from './output';
import { statusCommand } from './status';
import { whoCommand } from './who';

export { type CliSettings, settingsFromConfig } from './backend-client';

/** Every command, in the order `gebere help` lists them. */
export const COMMANDS: readonly Command[] = [
  grantCommand,
  revokeCommand,
  grantsCommand,
  notificationsCommand,
  statusCommand,
  pendingCommand,
  approveCommand,
  rejectCommand,
  whoCommand,
  areasCommand,
  importCommand,
  exportCommand,
  duplicatesCommand,
  mergeCommand,
  backupCommand,
  restoreCommand,
  restoreTestCommand,
  auditCommand,
];

const OPTIONS = [
  'Options:',
  "  --url <server>  the server to talk to (default: this directory's server, http://127.0.0.1:$PORT;",
  '                  its backend is <server>/backend)',
  "  --help, -h      this help, or a command's",
];

export function helpLines(): string[] {
  // A long synopsis (export's filters) goes on its own line, so the others stay narrow.
  const WIDE = 50;
  const width = Math.max(...COMMANDS.map((c) => `${c.name} ${c.args}`.length).filter((n) => n <= WIDE));
  const line = (c: Command) => {
    const synopsis = `${c.name} ${c.args}`;
    return synopsis.length > WIDE
      ? [`  ${synopsis}`, `  ${''.padEnd(width)}  ${c.summary}`]
      : [`  ${synopsis.padEnd(width)}  ${c.summary}`];
  };
  return [
    'gebere: the operator command line (npm run --silent gebere -- <command> [args])',
    '',
    'Commands:',
    ...COMMANDS.flatMap(line),
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
  /** Where an export without --out writes its CSV (process.stdout). */
  stdout?: Writable;
  /** Where the operator ran the command (npm's INIT_CWD), and whether npm printed its banner. */
  invocation?: { cwd: string; npmBanner: boolean };
}

/**
 * Runs one command line (without `gebere` itself) and returns the exit code: 0 done, 1 the server
 * refused or could not be reached, 2 a wrong command line. Never throws for an operator's mistake.
 */
/** `--lang en|am|om`: the language of the server's messages. */
function langOf(value: string | undefined): Language | undefined {
  if (value === undefined || isLanguage(value)) return value;
  throw usageError(`--lang takes ${languages.join(', ')}, e.g. --lang am`);
}

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
    const takes = new Set<string>(command.options ?? []);
    const unknown = [
      ...args.unknown,
      ...Object.keys(args.options)
        .filter((o) => !takes.has(o))
        .map((o) => `--${o}`),
      ...[...args.flags].filter((o) => !takes.has(o)).map((o) => `--${o}`),
    ];
    if (unknown.length > 0) throw usageError(`unknown option ${unknown.join(' ')}`, command.name);
    if (args.help) {
      for (const line of commandHelp(command)) out.out(line);
      return EXIT.ok;
    }
    let backend: Backend | undefined;
    let settings: CliSettings | undefined;
    const label = operatorLabel(name, command.labelWords?.(words, args.options, args.flags) ?? words);
    const url = args.url === undefined ? undefined : backendUrlOf(args.url);
    const settingsOnce = () => {
      settings ??= url ? { ...deps.settings(), backendUrl: url } : deps.settings();
      return settings;
    };
    await command.run(words, {
      out,
      backend: () => {
        backend ??= connect(settingsOnce(), deps.fetch, langOf(args.options.lang), label);
        return backend;
      },
      settings: settingsOnce,
      stdout: deps.stdout ?? process.stdout,
      path: (typed) => resolve(deps.invocation?.cwd ?? process.cwd(), typed),
      npmBanner: deps.invocation?.npmBanner ?? false,
      options: args.options,
      flags: args.flags,
      label,
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

/**
 * What the audit trail keeps of who ran a command: the command line (its phones masked) and the OS
 * user, e.g. `gebere import roster roster.xlsx (os user admin)`. A label, not a proof: whoever holds
 * the service token could send another (docs/authorization.md "Audit trail").
 */
export function operatorLabel(name: string, words: readonly string[]): string {
  let user: string;
  try {
    user = userInfo().username;
  } catch {
    user = 'unknown';
  }
  return maskPhones(`gebere ${[name, ...words].join(' ')} (os user ${user})`);
}

function find(name: string): Command {
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) throw usageError(`unknown command "${name}"`);
  return command;
}
