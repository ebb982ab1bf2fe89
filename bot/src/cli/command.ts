import type { Backend } from './backend';
import type { Output } from './output';

/** What a command runs with: where to print, and the backend (connected on first use). */
export interface CommandContext {
  out: Output;
  backend(): Backend;
  /** `--dry-run` was given (only to commands whose `options` list it). */
  dryRun: boolean;
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
  /** Options beyond --url and --help that it takes, e.g. `--dry-run`, `--lang`. */
  options?: readonly ('--dry-run' | '--lang')[];
  run(words: string[], ctx: CommandContext): Promise<void>;
}
