import type { Advisory, HierarchyItem } from '@gebere/contract';
import { localName, type TFunction } from '../../lib/i18n/texts';

/** Spec §2's full name, ignoring the literal `nan` (@gebere/contract/rules). */
export { farmerFullName } from '@gebere/contract/rules';

const CATEGORY_KEYS = ['plant_science', 'animal_science', 'natural_resource_management'] as const;

/**
 * The three categories the spec names have their own texts (`reach.categories.*`), so an
 * organisation's backend without `name_am` or `name_om` still shows them in the reader's language.
 * Others: localName.
 */
export function categoryName(
  item: Pick<HierarchyItem, 'name' | 'name_am' | 'name_om'>,
  lang: string,
  t: TFunction,
) {
  const own = localName(item, lang);
  if (own !== item.name) return own;
  const key = item.name
    .trim()
    .toLowerCase()
    .replace(/[^a-z]+/g, '_');
  const known = CATEGORY_KEYS.find((k) => k === key);
  return known ? t(`reach.categories.${known}`) : item.name;
}

/** Spec §2: of the advisories found for a sub-practice, only the most recently created. */
export function mostRecent<T extends Pick<Advisory, 'created_at' | 'id'>>(
  advisories: readonly T[],
): T | undefined {
  let best: T | undefined;
  let bestTime = Number.NEGATIVE_INFINITY;
  for (const a of advisories) {
    const time = Date.parse(a.created_at);
    const at = Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
    // Same instant: the higher id was created later.
    if (!best || at > bestTime || (at === bestTime && a.id > best.id)) {
      best = a;
      bestTime = at;
    }
  }
  return best;
}
