/**
 * Label hygiene for the admin areas. The rules are deliberately few and mechanical: they fix
 * typing noise (underscores, stray `;` and `\`, doubled spaces) without guessing at spellings,
 * so a DA still recognises the name the woreda office uses.
 */

export type AdminLevelName = 'region' | 'zone' | 'woreda' | 'kebele';

const LEVEL_WORD: Record<AdminLevelName, string> = {
  region: 'Region',
  zone: 'Zone',
  woreda: 'Woreda',
  kebele: 'Kebele',
};

/**
 * Cleans one label:
 * - a backtick is an apostrophe typed on the wrong key (``Domo`o`` → `Domo'o`); real
 *   apostrophes (Oromo and Sidama glottal stops: `Ada'a`, `Domo'o`) are kept;
 * - `\` and `;` are removed (`Baherg\worgise`, `Sharo Kerensa;`, `Ko;ango 01`);
 * - `_` becomes a space (`Hayalo_01` → `Hayalo 01`);
 * - square brackets become round ones, a space goes before `(` and none inside the brackets;
 * - leading/trailing dots, commas, hyphens and slashes are dropped (`Rafu Hergisa.`);
 * - runs of spaces collapse, edges are trimmed;
 * - a label that starts with a lower-case letter gets a capital (`daela geter` → `Daela geter`);
 *   the rest of the casing is left alone, because title-casing would break `Ambo City Admin`
 *   style names and abbreviations;
 * - a bare number (`1`, `02`) gets the level's word in front (`Kebele 1`), so a select list does
 *   not show a lone digit; the number is kept as written.
 */
export function cleanLabel(raw: string, level: AdminLevelName): string {
  let s = raw
    .replaceAll('`', "'")
    .replace(/[\\;]/g, '')
    .replaceAll('_', ' ')
    .replaceAll('[', '(')
    .replaceAll(']', ')')
    .replace(/\s+/g, ' ')
    .replace(/([^\s(])\(/g, '$1 (')
    .replace(/\(\s+/g, '(')
    .replace(/\s+\)/g, ')')
    .trim()
    .replace(/^[.,\-/\s]+|[.,\-/\s]+$/g, '');
  if (/^\p{Ll}/u.test(s)) s = s.charAt(0).toUpperCase() + s.slice(1);
  if (/^\d+$/.test(s)) s = `${LEVEL_WORD[level]} ${s}`;
  return s;
}

export interface Labelled {
  code: string;
  parent: string;
  name: string;
}

/**
 * Makes names unique among siblings so a DA can tell them apart in a select. Siblings with the
 * same name (compared without case) are ordered by code; when a `kind` tells them apart
 * (a kebele's urban or rural code) the kind is appended, otherwise the second and later get a
 * number: `Aba Bonga (urban)` / `Aba Bonga (rural)`, `Chinba` / `Chinba (2)`.
 * Returns how many names were changed. Mutates `items`.
 */
export function disambiguate(items: Labelled[], kind?: (item: Labelled) => string): number {
  const groups = new Map<string, Labelled[]>();
  for (const item of items) {
    const key = `${item.parent}\u0000${item.name.toLowerCase()}`;
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  let changed = 0;
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    group.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
    const kinds = kind ? group.map(kind) : [];
    const useKind = new Set(kinds).size > 1;
    const seen = new Map<string, number>();
    group.forEach((item, i) => {
      const tag = useKind ? (kinds[i] as string) : '';
      const n = (seen.get(tag) ?? 0) + 1;
      seen.set(tag, n);
      const suffix = n === 1 ? tag : tag ? `${tag} ${n}` : String(n);
      if (suffix) {
        item.name = `${item.name} (${suffix})`;
        changed++;
      }
    });
  }
  // A new name could in theory equal an existing sibling's; fail loudly rather than ship it.
  const names = new Set<string>();
  for (const item of items) {
    const key = `${item.parent}\u0000${item.name.toLowerCase()}`;
    if (names.has(key))
      throw new Error(`name still repeats after disambiguation: ${item.parent} ${item.name}`);
    names.add(key);
  }
  return changed;
}

/**
 * Kebele codes are `ET` + woreda (6) + town (3) + kebele (3); town `888` marks rural kebeles
 * (16,409 of 19,535) and `101`, `201`, … urban kebeles of the woreda's towns. The same name
 * urban and rural (`Aba Bonga` in ET110407) is the commonest duplicate.
 */
export const kebeleKind = (k: { code: string }): string =>
  k.code.slice(8, 11) === '888' ? 'rural' : 'urban';
