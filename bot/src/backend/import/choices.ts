import { type Language, languages, lookup } from '@gebere/i18n';
import { z } from 'zod';

/** How a typed word is compared: case, edge spaces, and spaces or dashes for underscores. */
const fold = (s: string) =>
  s
    .trim()
    .toLocaleLowerCase()
    .replace(/[\s-]+/g, '_');

/**
 * A column whose cell names one of a few codes (gender, level, question type). An operator may
 * type the code or its name in English, Amharic or Afaan Oromo as the i18n resources give it
 * (`Female`, `ሴት`, `Dubartii`, and Oromia forms' `Dhalaa`), in any case, or the English name's initial where no other
 * choice shares it (`F`); a wrong cell's message lists the choices in the reader's language.
 */
export interface Choice<T extends string> {
  schema: z.ZodType<T>;
  describe(lang: Language): string;
}

export function choice<T extends string>(
  codes: readonly [T, ...T[]],
  nameKey?: (code: T) => string,
  /** Other words printed forms use for a code, beyond the app's own texts. */
  also: Partial<Record<T, readonly string[]>> = {},
): Choice<T> {
  const name = (lang: Language, code: T) => (nameKey ? lookup(lang, nameKey(code)) : undefined);
  const spellings = new Map<string, T>();
  for (const code of codes) {
    spellings.set(fold(code), code);
    for (const lang of languages) {
      const word = name(lang, code);
      if (word) spellings.set(fold(word), code);
    }
    for (const word of also[code] ?? []) spellings.set(fold(word), code);
  }
  // Initials only of named choices: `M`/`F` are what forms print, `S` of SELECT_… means nothing.
  const initials = codes.map((code) => (nameKey ? fold(name('en', code) ?? code).charAt(0) : ''));
  codes.forEach((code, i) => {
    const initial = initials[i] as string;
    if (initial && initials.indexOf(initial) === initials.lastIndexOf(initial) && !spellings.has(initial))
      spellings.set(initial, code);
  });
  const schema = z.preprocess(
    (v) => (typeof v === 'string' ? (spellings.get(fold(v)) ?? v.trim()) : v),
    z.enum(codes as unknown as [T, ...T[]]),
  ) as unknown as z.ZodType<T>;
  return {
    schema,
    describe: (lang) =>
      codes
        .map((code) => {
          const word = name(lang, code);
          return word && fold(word) !== fold(code) ? `${code} (${word})` : code;
        })
        .join(', '),
  };
}
