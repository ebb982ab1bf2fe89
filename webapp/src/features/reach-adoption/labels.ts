import type { Advisory, FarmerListed, HierarchyItem } from '@gebere/contract';
import { localName, type TFunction } from '../../lib/i18n';

/** Spec §9: an advisory without a label shows at most this many characters of its text. */
export const ADVISORY_LABEL_CHARS = 80;

// Farmers imported from spreadsheets carry pandas' empty cell, the text "nan", in name parts.
const isRealNamePart = (part: string) => part !== '' && part.toLowerCase() !== 'nan';

/** Spec §2: farmer_name, father_name and grand_father_name, ignoring the literal `nan`. */
export function farmerFullName(
  farmer: Pick<FarmerListed, 'farmer_name' | 'father_name' | 'grand_father_name'>,
) {
  return [farmer.farmer_name, farmer.father_name, farmer.grand_father_name]
    .map((part) => (part ?? '').trim())
    .filter(isRealNamePart)
    .join(' ');
}

const CATEGORY_KEYS = ['plant_science', 'animal_science', 'natural_resource_management'] as const;

/**
 * The three categories the spec names have their own texts (`reach.categories.*`), so an
 * organisation's backend without `name_am` still shows them in Amharic. Others: localName.
 */
export function categoryName(item: Pick<HierarchyItem, 'name' | 'name_am'>, lang: string, t: TFunction) {
  if (lang === 'am' && item.name_am?.trim()) return localName(item, lang);
  const key = item.name
    .trim()
    .toLowerCase()
    .replace(/[^a-z]+/g, '_');
  const known = CATEGORY_KEYS.find((k) => k === key);
  return known ? t(`reach.categories.${known}`) : item.name;
}

export type AdvisoryText = Pick<Advisory, 'label' | 'template_content' | 'template_content_am'>;

/**
 * Spec §2: the advisory's label; else the first 80 characters of its text followed by an
 * ellipsis (only when something was cut: a short text is shown whole); else the name of the
 * sub-practice it belongs to. The text is the Amharic one when the user reads Amharic and the
 * advisory has it.
 */
export function advisoryLabel(advisory: AdvisoryText, subPracticeName: string, lang: string): string {
  const label = advisory.label?.trim();
  if (label) return label;
  const am = lang === 'am' ? advisory.template_content_am : undefined;
  const lines = am?.some((s) => s.trim()) ? am : advisory.template_content;
  const text = lines
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' ');
  if (text) {
    // Code points, not UTF-16 units: never cut a character in half.
    const chars = Array.from(text);
    return chars.length > ADVISORY_LABEL_CHARS ? `${chars.slice(0, ADVISORY_LABEL_CHARS).join('')}…` : text;
  }
  return subPracticeName;
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
