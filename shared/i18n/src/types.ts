/**
 * Type machinery over the English resources, which are the single source of the key set.
 * English is declared `as const`, so its leaves are literal strings; {@link Shape} widens them
 * to `string` so Amharic can say something else while still having to match key for key.
 */

/** The key structure of a resource tree with every text widened to `string`. */
export type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/** Every dotted path to a text leaf, e.g. `'bot.welcome_back'` or `'farmer.fields.gender'`. */
export type LeafPath<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${LeafPath<T[K]>}`;
}[keyof T & string];

/**
 * i18next plurals are sibling keys `x_one` / `x_other`; callers name the base `x` and pass
 * `count`. The base is a valid key too.
 */
export type PluralBase<P extends string> = P extends `${infer B}_one` | `${infer B}_other` ? B : never;

/** The text at a dotted path (for a plural base, its `_other` form). */
export type TextAt<T, P extends string> = P extends `${infer H}.${infer R}`
  ? H extends keyof T
    ? TextAt<T[H], R>
    : never
  : P extends keyof T
    ? T[P]
    : `${P}_other` extends keyof T
      ? T[`${P}_other`]
      : never;

type Trim<S extends string> = S extends ` ${infer R}` ? Trim<R> : S extends `${infer R} ` ? Trim<R> : S;

/** The `{{var}}` names in a literal text: `'Hi {{name}}'` → `'name'`. */
export type VarNames<S> = S extends `${string}{{${infer V}}}${infer Rest}` ? Trim<V> | VarNames<Rest> : never;

/** Values interpolation accepts. */
export type TranslateVars = Readonly<Record<string, string | number>>;
