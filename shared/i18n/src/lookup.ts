import type { Language } from './languages';

/**
 * The lookup rules over one language's texts, without the texts themselves: the bot's `translate`
 * passes the bundled resources, the webapp the one language it has loaded (so importing this
 * brings no language along).
 */

const pluralRules = new Map<Language, Intl.PluralRules>();
function pluralCategory(lang: Language, count: number): string {
  let rules = pluralRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(lang);
    pluralRules.set(lang, rules);
  }
  return rules.select(count);
}

function walk(tree: unknown, path: string): string | undefined {
  let node = tree;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) {
      return undefined;
    }
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * The raw text of a dotted key in `tree` (one language's texts), without fallback or
 * interpolation; with a numeric `count`, a plural base resolves to its `_one`/`_other` form by
 * CLDR rules (as i18next does).
 */
export function lookupIn(tree: unknown, lang: Language, key: string, count?: number): string | undefined {
  const direct = walk(tree, key);
  if (direct !== undefined || typeof count !== 'number') return direct;
  return walk(tree, `${key}_${pluralCategory(lang, count)}`) ?? walk(tree, `${key}_other`);
}

/** Every text of a resource tree by its dotted key, e.g. for checks over all of a language's texts. */
export function textsByKey(tree: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [p, v] of textsByKey(value, path)) out.set(p, v);
  }
  return out;
}
