import type { Backend } from './backend';
import type { Output } from './output';

/** What a command runs with: where to print, and the backend (connected on first use). */
export interface CommandContext {
  out: Output;
  backend(): Backend;
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
  run(words: string[], ctx: CommandContext): Promise<void>;
}
