import { defaultLanguage, type en, interpolate, isLanguage, type Language, lookup } from '@gebere/i18n';

/**
 * Texts of the backend's answers (400 field messages and `detail`s), in the request's language:
 * the `server` namespace of @gebere/i18n, plus the validation keys the forms share (`required`,
 * the phone and text rules: `validation.*`), so the forms and the server say the same words.
 */

/** Keys answered from the forms' own `validation` namespace. */
const SHARED = [
  'required',
  'phone_number_validation',
  'telegram_phone_number_validation',
  'text_nul',
  'text_surrogate',
  'text_bidi',
  'text_line',
  'text_control',
] as const satisfies readonly (keyof typeof en.validation)[];
type SharedKey = (typeof SHARED)[number];

type Server = typeof en.server;
/** The `server` texts (not its `parts`) and the shared ones. */
type ServerKey = { [K in keyof Server]: Server[K] extends string ? K : never }[keyof Server];
export type MessageKey = ServerKey | SharedKey;

export type MessageVars = Record<string, string | number>;

const isShared = (key: string): key is SharedKey => (SHARED as readonly string[]).includes(key);
const text = (lang: Language, key: string) => lookup(lang, key) ?? lookup(defaultLanguage, key) ?? key;

/**
 * A payload field named inside a message (`{{field}}`), as the user reads it: `server.fields`,
 * else the column with spaces for underscores ("phone number").
 */
const fieldName = (lang: Language, field: string) =>
  lookup(lang, `server.parts.fields.${field}`) ?? field.replaceAll('_', ' ');

/**
 * The placeholders that hold a count, each filled with the count and its noun in the count's
 * plural form (`server.parts.<name>_one/_other`): "1 second", "5 seconds".
 */
const COUNTED = ['seconds', 'characters', 'elements', 'levels', 'notifications'] as const;
export type CountedVar = (typeof COUNTED)[number];

const countedPhrase = (lang: Language, name: CountedVar, value: string | number) =>
  interpolate(lookup(lang, `server.parts.${name}`, Number(value)) ?? `${value}`, { count: value });

export function message(lang: Language, key: MessageKey, vars?: MessageVars): string {
  if (isShared(key)) return text(lang, `validation.${key}`);
  const template = text(lang, `server.${key}`);
  if (!vars) return template;
  const values: MessageVars = { ...vars };
  if (vars.field !== undefined) values.field = fieldName(lang, String(vars.field));
  for (const name of COUNTED) {
    const value = vars[name];
    if (value !== undefined) values[name] = countedPhrase(lang, name, value);
  }
  return interpolate(template, values);
}

export function isMessageKey(s: string): s is MessageKey {
  return isShared(s) || (!s.includes('.') && lookup(defaultLanguage, `server.${s}`) !== undefined);
}

// Clients send the same few headers over and over; parse each once (bounded).
const picked = new Map<string, Language>();

/** The bundled language the client accepts first (by q); the default when it names none. */
export function pickLanguage(header: string | string[] | undefined): Language {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return defaultLanguage;
  const known = picked.get(value);
  if (known) return known;
  const lang = parseAcceptLanguage(value);
  if (picked.size >= 1000) picked.clear();
  picked.set(value, lang);
  return lang;
}

/** The bundled language an Accept-Language header names first, if it names one (`*` does not). */
export function namedLanguage(header: string | undefined): Language | undefined {
  return header ? bestLanguage(header) : undefined;
}

function parseAcceptLanguage(value: string): Language {
  return bestLanguage(value) ?? defaultLanguage;
}

function bestLanguage(value: string): Language | undefined {
  let best: { lang: Language; q: number } | null = null;
  for (const part of value.split(',')) {
    const [tag = '', ...opts] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (!isLanguage(primary)) continue;
    const qOpt = opts.map((o) => o.trim()).find((o) => o.startsWith('q='));
    const q = qOpt ? Number(qOpt.slice(2)) : 1;
    if (Number.isFinite(q) && q > 0 && (!best || q > best.q)) best = { lang: primary, q };
  }
  return best?.lang;
}
