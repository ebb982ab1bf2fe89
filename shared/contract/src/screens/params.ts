import { isDay } from '../reports';

// A screen link's parameters: how each is read from its text and written back.

/** How a link carries one parameter: its text to a value (undefined: absent or malformed) and back. */
export interface ParamType<T> {
  parse(raw: string | null): T | undefined;
  /** Comma-separated values: a request field bound to it must be one of them. */
  readonly list?: true;
  /** The text for a value; undefined leaves the parameter out of the link. */
  format(value: T): string | undefined;
}

export interface Param<T, Required extends boolean = boolean> extends ParamType<T> {
  /** A screen without it shows "missing information" instead of its content. */
  readonly required: Required;
}

/** A positive integer id (`da_id`, `kebele_id`…), or undefined. */
export function parseId(value: string | null | undefined): number | undefined {
  if (!value || !/^\d+$/.test(value.trim())) return undefined;
  const n = Number(value.trim());
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** Comma-separated ids (`selectedids=4,5,6`): the valid ones, de-duplicated, in order. */
export function parseIdList(value: string | null | undefined): number[] {
  const ids = (value ?? '').split(',').map(parseId);
  return [...new Set(ids.filter((n): n is number => n !== undefined))];
}

/** A yes/no parameter (`update`, `update_outbound`): `true`/`1`/`yes`/`on` is yes, anything else no. */
export function parseFlag(value: string | null | undefined): boolean {
  return /^(true|1|yes|on)$/i.test((value ?? '').trim());
}

export const ID: ParamType<number> = { parse: parseId, format: String };
/** A Telegram chat id: negative for groups. */
export const CHAT: ParamType<number> = {
  parse: (raw) => (raw !== null && /^-?\d{1,16}$/.test(raw.trim()) ? Number(raw.trim()) : undefined),
  format: String,
};
/** Present but holding no valid id is `[]` (the screen says so), absent is undefined. */
export const IDS: ParamType<readonly number[]> = {
  list: true,
  parse: (raw) => (raw === null ? undefined : parseIdList(raw)),
  format: (ids) => ids.join(','),
};
/**
 * Comma-separated keys of records kept on the phone (the outbox's `Idempotency-Key`s: letters,
 * digits, `-`, `_`), the ones that are valid, de-duplicated, in order.
 */
export const KEYS: ParamType<readonly string[]> = {
  list: true,
  parse: (raw) =>
    raw === null
      ? undefined
      : [...new Set(raw.split(',').map((k) => k.trim()))].filter((k) => /^[\w-]{1,100}$/.test(k)),
  format: (keys) => (keys.length ? keys.join(',') : undefined),
};
export const FLAG: ParamType<boolean> = { parse: parseFlag, format: (on) => (on ? 'true' : undefined) };
export const TEXT: ParamType<string> = { parse: (raw) => raw ?? undefined, format: (text) => text };
/** One of a few words; any other text is absent. */
export const oneOf = <W extends string>(...words: readonly W[]): ParamType<W> => ({
  parse: (raw) => words.find((w) => w === raw?.trim()),
  format: (word) => word,
});

/** A calendar day, `YYYY-MM-DD`. */
export const DAY: ParamType<string> = {
  parse: (raw) => (raw && isDay(raw.trim()) ? raw.trim() : undefined),
  format: (d) => d,
};

export const required = <T>(type: ParamType<T>): Param<T, true> => ({ ...type, required: true });
export const optional = <T>(type: ParamType<T>): Param<T, false> => ({ ...type, required: false });

/** Every link also carries the chat's language, so a screen speaks it whatever Telegram's is. */
export const LANG_PARAM = 'lang';

export type Params = Record<string, Param<unknown>>;
type ValueOf<P> = P extends ParamType<infer T> ? T : never;
type RequiredKeys<P> = { [K in keyof P]: P[K] extends Param<unknown, true> ? K : never }[keyof P];
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** A screen's parameter values: the required ones present, the others optional. */
export type ParamValues<P> = Simplify<
  { [K in RequiredKeys<P>]: ValueOf<P[K]> } & { [K in Exclude<keyof P, RequiredKeys<P>>]?: ValueOf<P[K]> }
>;
