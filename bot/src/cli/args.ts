import { type ParseArgsConfig, parseArgs as parseArgv } from 'node:util';
import {
  ADMIN_LEVELS,
  type AdminLevel,
  GRANT_ROLES,
  type GrantRole,
  type LocationType,
  VERIFICATION_STATUSES,
  type VerificationStatus,
} from '@gebere/contract';
import { normalizePhone } from '@gebere/phone';

/** Exit codes: 0 done, 1 the server refused or could not be reached, 2 a wrong command line. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/** A problem the operator can fix; its message is printed as is, after `gebere: `. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.failed,
    /** The command whose usage to show after the message (wrong command lines). */
    readonly usageOf?: string,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export const usageError = (message: string, command?: string) => new CliError(message, EXIT.usage, command);

/** Options that take a value (`--out x.csv`, `--out=x.csv`); a command says which it accepts. */
export const VALUE_OPTIONS = [
  'region',
  'zone',
  'woreda',
  'kebele',
  'from',
  'to',
  'out',
  'lang',
  'into',
  'phone',
  'encoding',
  'sheet',
  'format',
  'record',
  'area',
  'limit',
  'drop',
] as const;
/** Options without a value. */
export const FLAG_OPTIONS = ['force', 'dry-run', 'keep', 'paused', 'unmask'] as const;
export type ValueOption = (typeof VALUE_OPTIONS)[number];
export type FlagOption = (typeof FLAG_OPTIONS)[number];

/** A command line split into its words and its options (`--url X`, `--url=X`, `--help`). */
export interface ParsedArgs {
  words: string[];
  url: string | undefined;
  help: boolean;
  /** Values of {@link VALUE_OPTIONS}, by name without the dashes. */
  options: Partial<Record<ValueOption, string>>;
  flags: Set<FlagOption>;
  /** Options nobody takes; reported once the command is known, with its usage. */
  unknown: string[];
}

const isValueOption = (name: string): name is ValueOption =>
  (VALUE_OPTIONS as readonly string[]).includes(name);
const isFlagOption = (name: string): name is FlagOption => (FLAG_OPTIONS as readonly string[]).includes(name);

const CONFIG = {
  options: {
    help: { type: 'boolean', short: 'h' },
    url: { type: 'string' },
    ...Object.fromEntries(VALUE_OPTIONS.map((name) => [name, { type: 'string' }])),
    ...Object.fromEntries(FLAG_OPTIONS.map((name) => [name, { type: 'boolean' }])),
  },
  strict: false,
  allowPositionals: true,
  tokens: true,
} satisfies ParseArgsConfig;

/**
 * node:util's parser, not strict: an option nobody takes is kept (as typed) for the command's
 * usage, and a value option followed by another option (`--out --force`) lacks its value rather
 * than taking the option as it (`-`, standard input or output, is a value).
 */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  const parsed: ParsedArgs = {
    words: [],
    url: undefined,
    help: false,
    options: {},
    flags: new Set(),
    unknown: [],
  };
  const { tokens } = parseArgv({ ...CONFIG, args: [...argv] });
  // By position: a group of short options (`-xy`) is one word, as typed.
  const unknown = new Map<number, string>();
  for (const token of tokens) {
    if (token.kind === 'positional') parsed.words.push(token.value);
    if (token.kind !== 'option') continue;
    const arg = argv[token.index] as string;
    const { name, value, inlineValue } = token;
    const next = inlineValue ? value : value?.startsWith('-') ? undefined : value;
    if (!token.rawName.startsWith('--')) {
      if (arg === '-h') parsed.help = true;
      else unknown.set(token.index, arg);
    } else if (name === 'url') {
      if (next === undefined) throw usageError('--url needs a URL, e.g. --url http://localhost:8080');
      parsed.url = next;
    } else if (isValueOption(name)) {
      const given = value === '-' ? value : next;
      if (given === undefined) throw usageError(`--${name} needs a value`);
      if (parsed.options[name] !== undefined) throw usageError(`--${name} given twice`);
      parsed.options[name] = given;
    } else if (inlineValue) unknown.set(token.index, arg);
    else if (name === 'help') parsed.help = true;
    else if (isFlagOption(name)) parsed.flags.add(name);
    else unknown.set(token.index, arg);
  }
  parsed.unknown = [...unknown.values()];
  return parsed;
}

/** The national form the backend stores (`911234567`); the operator may type any usual form. */
export function parsePhone(raw: string, command: string): string {
  const phone = normalizePhone(raw);
  if (!phone)
    throw usageError(
      `bad phone number "${raw}": give an Ethiopian mobile number such as 0911234567 or +251911234567`,
      command,
    );
  return phone;
}

/** `notification_manager` (also `notification-manager`) or `supervisor`. */
export function parseRole(raw: string, command: string): GrantRole {
  const role = raw.trim().toLowerCase().replace(/-/g, '_');
  if ((GRANT_ROLES as readonly string[]).includes(role)) return role as GrantRole;
  throw usageError(`unknown role "${raw}": use one of ${GRANT_ROLES.join(', ')}`, command);
}

export interface Area {
  location_type: LocationType;
  location_id: number | null;
}

/** An area as typed: by id, or by its code (resolved against the public lists, areas.ts). */
export type AreaArg = Area | { location_type: AdminLevel; code: string };

const AREA_FORMS = `all, or ${ADMIN_LEVELS.map((l) => `${l}:<id>`).join(', ')}`;

/** `all`, or `region:<id>`, `zone:<id>`, `woreda:<id>`, `kebele:<id>`; a code instead of an id. */
export function parseArea(raw: string, command: string): AreaArg {
  const text = raw.trim();
  if (text.toLowerCase() === 'all') return { location_type: 'all', location_id: null };
  const [rawLevel, value, ...rest] = text.split(':');
  const level = rawLevel?.toLowerCase() as AdminLevel;
  if (!ADMIN_LEVELS.includes(level) || !value || rest.length > 0)
    throw usageError(`bad area "${raw}": use ${AREA_FORMS} (e.g. region:3)`, command);
  if (/^\d{1,15}$/.test(value) && Number(value) >= 1)
    return { location_type: level, location_id: Number(value) };
  if (/^[A-Za-z]{2}\d{1,14}$/.test(value)) return { location_type: level, code: value.toUpperCase() };
  throw usageError(
    `bad area "${raw}": after ${level}: give its id or its code, e.g. ${level}:3 (\`gebere areas\` lists them)`,
    command,
  );
}

/** An area as the operator types it, so a listed grant can be pasted into `gebere revoke`. */
export const formatArea = (a: Area) =>
  a.location_type === 'all' ? 'all' : `${a.location_type}:${a.location_id}`;

export function parseStatus(raw: string, command: string): VerificationStatus {
  const status = raw.trim().toUpperCase();
  if ((VERIFICATION_STATUSES as readonly string[]).includes(status)) return status as VerificationStatus;
  throw usageError(`unknown status "${raw}": use one of ${VERIFICATION_STATUSES.join(', ')}`, command);
}

export function parseTelegramId(raw: string, command: string): number {
  if (/^\d{1,15}$/.test(raw) && Number(raw) > 0) return Number(raw);
  throw usageError(`bad Telegram id "${raw}": it is the user's numeric Telegram id, e.g. 123456789`, command);
}

/**
 * A person by phone or Telegram id: `09…`, `+251…`, `251…` are phones, `tg:<id>` a Telegram id;
 * bare digits that also read as a phone (`911234567`) may be either, and the caller looks both up.
 */
export type PersonRef = { phone?: string; telegramId?: number };

export function parsePersonRef(raw: string, command: string): PersonRef {
  const text = raw.trim();
  const tg = /^tg:(\d{1,15})$/i.exec(text);
  if (tg) return { telegramId: parseTelegramId(tg[1] as string, command) };
  // 251…: a phone with its country code; 9/7 and eight digits: a phone or a Telegram id.
  if (/^\d{1,15}$/.test(text) && !text.startsWith('0') && !/^251\d{9}$/.test(text)) {
    const phone = normalizePhone(text);
    return { ...(phone ? { phone } : {}), telegramId: parseTelegramId(text, command) };
  }
  const phone = normalizePhone(text);
  if (phone) return { phone };
  throw usageError(
    `bad phone number or Telegram id "${raw}": give the user's phone (0911234567, +251911234567) ` +
      'or their numeric Telegram id (e.g. 123456789)',
    command,
  );
}

/** The words a command takes, exactly: too few or too many is a usage error naming them. */
export function expectWords(
  words: readonly string[],
  names: readonly string[],
  command: string,
  optional = 0,
): void {
  const required = names.length - optional;
  if (words.length < required) {
    const missing = names.slice(words.length, required).map((n) => `<${n}>`);
    throw usageError(`${command}: missing ${missing.join(' ')}`, command);
  }
  if (words.length > names.length)
    throw usageError(`${command}: unexpected "${words.slice(names.length).join(' ')}"`, command);
}
