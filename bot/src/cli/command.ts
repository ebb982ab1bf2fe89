import type { Writable } from 'node:stream';
import type { FlagOption, ValueOption } from './args';
import type { Backend, CliSettings } from './backend-client';
import type { Output } from './output';

/** What a command runs with: where to print, and the backend (connected on first use). */
export interface CommandContext {
  out: Output;
  backend(): Backend;
  /** This directory's settings (database, DATA_DIR), for the commands that work offline. */
  settings(): CliSettings;
  /** Where a command that writes a file's bytes (an export without --out) writes them. */
  stdout: Writable;
  /** A path as the operator typed it, made absolute from where they ran the command. */
  path(typed: string): string;
  /** npm printed its `> gebere …` banner on stdout before the command ran (no --silent). */
  npmBanner: boolean;
  options: Partial<Record<ValueOption, string>>;
  /** Who runs this command, as the audit trail keeps it (commands.ts operatorLabel). */
  label: string;
  flags: ReadonlySet<FlagOption>;
}

/** One `gebere <name> …` command. */
export interface Command {
  name: string;
  /** The arguments, e.g. `<phone> <role> <area>`. */
  args: string;
  /** One line for `gebere help`. */
  summary: string;
  /** Further lines for `gebere <name> --help`: arguments, an example, what happens. */
  details: string[];
  /** The options of {@link VALUE_OPTIONS} and {@link FLAG_OPTIONS} it takes (none by default). */
  options?: ReadonlyArray<ValueOption | FlagOption>;
  /** Its command line for the audit trail, where options matter (default: the words). */
  labelWords?(words: string[], options: CommandContext['options'], flags: CommandContext['flags']): string[];
  run(words: string[], ctx: CommandContext): Promise<void>;
}
