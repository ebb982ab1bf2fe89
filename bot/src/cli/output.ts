import { NATIONAL_PHONE_PATTERN } from '@gebere/phone';

/**
 * The operator command line's one way to print: results to stdout, problems to stderr. Commands
 * take an {@link Output} so tests read what an operator would see.
 */
export interface Output {
  out(line: string): void;
  err(line: string): void;
}

export const stdio: Output = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/** Columns padded to their widest cell, a header row first. */
export function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}

/** A size as an operator reads it: `64 MB`. */
export const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** A stored (national) phone as an operator types it, `0911234567`. */
export const displayPhone = (national: string) =>
  NATIONAL_PHONE_PATTERN.test(national) ? `0${national}` : national;

/**
 * A phone the operator did not type, masked: `0911****67`. The CLI never prints a full phone
 * number beyond the one given on its command line.
 */
export function maskPhone(national: string): string {
  const shown = displayPhone(national);
  if (shown.length <= 6) return '*'.repeat(shown.length);
  return `${shown.slice(0, 4)}${'*'.repeat(shown.length - 6)}${shown.slice(-2)}`;
}
