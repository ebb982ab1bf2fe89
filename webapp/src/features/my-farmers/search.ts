/**
 * Finding a farmer on the phone, with no signal: by any part of any of the three names, typed in
 * Ethiopic or Latin script, whichever script the name was registered in, case- and
 * diacritic-insensitive; or by a part of the phone number in any of the forms a DA types it.
 *
 * Every name is folded once into one Latin spelling (Ethiopic syllables transliterated, marks
 * and case dropped), so "አበበ", "Abebe" and "ABEBE" meet; and into a consonant skeleton, so the
 * ways a name is spelt in Latin meet too ("Girma" for ግርማ, whose sixth-order ግ has no written
 * vowel; "Tegegne" for ተገኘ; "Kebede"/"Qebede"; Qubee's "Caalaa" for ጫላ). A search then only
 * compares strings: a few milliseconds over a kebele's 5,000 farmers on a low-end phone
 * (scripts/bench/farmer-search.ts).
 */

/** What a search reads of a farmer. */
export interface SearchableFarmer {
  farmer_name: string;
  father_name: string;
  grand_father_name: string;
  phone_number?: string | null;
}

// Each row of the Ethiopic block (U+1200–U+135A) is one consonant in eight orders; its Latin
// consonant as names are usually spelt. '' for the glottal and pharyngeal rows (a vowel alone).
const CONSONANTS = [
  'h',
  'l',
  'h',
  'm',
  's',
  'r',
  's',
  'sh',
  'q',
  'qw',
  'q',
  'qw',
  'b',
  'v',
  't',
  'ch',
  'h',
  'hw',
  'n',
  'ny',
  '',
  'k',
  'kw',
  'h',
  'hw',
  'w',
  '',
  'z',
  'zh',
  'y',
  'd',
  'd',
  'j',
  'g',
  'gw',
  'g',
  't',
  'ch',
  'p',
  'ts',
  'ts',
  'f',
  'p',
];
// The orders' vowels: ä, u, i, a, e, ə (the sixth order: mostly no vowel at all), o, wa.
const VOWELS = ['e', 'u', 'i', 'a', 'e', '', 'o', 'wa'];
const FIRST = 0x1200;
const LAST_ROW = FIRST + CONSONANTS.length * 8;

function syllable(code: number): string | null {
  if (code >= FIRST && code < LAST_ROW) {
    const consonant = CONSONANTS[(code - FIRST) >> 3] as string;
    const order = (code - FIRST) & 7;
    // A vowel alone: አ is "a" (Abebe), እ "e" (Eshetu).
    if (consonant === '') return order === 0 ? 'a' : order === 5 ? 'e' : (VOWELS[order] as string);
    return consonant + (VOWELS[order] as string);
  }
  if (code === 0x1358) return 'rya';
  if (code === 0x1359) return 'mya';
  if (code === 0x135a) return 'fya';
  // The combining marks of gemination and length add no letter; punctuation and the word space
  // separate words.
  if (code >= 0x135d && code <= 0x135f) return '';
  if (code >= 0x1360 && code <= 0x1368) return ' ';
  return null;
}

/** One Latin spelling: Ethiopic transliterated, accents and case gone, words single-spaced. */
export function foldName(text: string): string {
  let latin = '';
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    latin += syllable(code) ?? char;
  }
  return (
    latin
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      // Tsega'ab is one name: an apostrophe joins, everything else between letters separates.
      .replace(/['’ʼʻ`]/g, '')
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim()
  );
}

// Latin spellings of one sound, to one letter: the digraphs, Qubee's x (ጥ) and c (ጨ), q as k.
const SAME_SOUND: [RegExp, string][] = [
  [/sh/g, 's'],
  [/ch|c/g, 'c'],
  [/zh/g, 'z'],
  [/t[sz]/g, 's'],
  [/ph/g, 'p'],
  [/dh/g, 'd'],
  [/kh/g, 'h'],
  [/ny|gn/g, 'n'],
  [/q/g, 'k'],
  [/x/g, 't'],
  [/v/g, 'b'],
];

/**
 * The consonants of a folded word, after an `a` where the word begins with a
 * vowel (any vowel: Eshetu, እሸቱ): what every Latin spelling of it shares.
 */
export function skeleton(folded: string): string {
  let s = folded;
  for (const [from, to] of SAME_SOUND) s = s.replace(from, to);
  const initial = /^[aeiou]/.test(s) ? 'a' : '';
  // A doubled letter is one sound (Qubee's Lammii is Lemi), two syllables are two (abebe).
  return initial + s.replace(/(.)\1+/g, '$1').replace(/[aeiouyw\s]/g, '');
}

/** The national 9 digits a phone query may be part of: what the DA typed, prefixes dropped. */
function phoneDigits(query: string): string | null {
  if (!/^[\d\s+()-]+$/.test(query)) return null;
  let digits = query.replace(/\D/g, '');
  if (digits.startsWith('251')) digits = digits.slice(3);
  if (digits.startsWith('0')) digits = digits.slice(1);
  return digits.length >= 3 ? digits : null;
}

interface Entry<F> {
  farmer: F;
  order: number;
  /** The three names folded, each on its own and the whole name. */
  words: string[];
  full: string;
  skeletons: string[];
  phone: string;
}

/** A kebele's farmers made ready to search, in the order they are listed when nothing is typed. */
export interface FarmerIndex<F> {
  readonly entries: readonly Entry<F>[];
}

export function indexFarmers<F extends SearchableFarmer>(farmers: readonly F[]): FarmerIndex<F> {
  // A kebele shares a few hundred given names: each is folded once.
  const folded = new Map<string, { words: string[]; skeletons: string[] }>();
  const fold = (name: string) => {
    let f = folded.get(name);
    if (!f) {
      const words = foldName(name).split(' ');
      f = { words, skeletons: words.map(skeleton) };
      folded.set(name, f);
    }
    return f;
  };
  return {
    entries: farmers.map((farmer, order) => {
      const names = [farmer.farmer_name, farmer.father_name, farmer.grand_father_name].map((n) =>
        fold(n ?? ''),
      );
      const words = names.flatMap((n) => n.words);
      const phone = (farmer.phone_number ?? '').replace(/\D/g, '').replace(/^(?:251|0)/, '');
      return {
        farmer,
        order,
        words,
        full: words.join(' '),
        skeletons: names.flatMap((n) => n.skeletons),
        phone,
      };
    }),
  };
}

/** How well one typed word meets a farmer: 0 a name starts with it, 1 contains it, 2 sounds alike; null not at all. */
function wordScore<F>(entry: Entry<F>, word: string, bones: string): number | null {
  if (entry.words.some((w) => w.startsWith(word))) return 0;
  if (entry.full.includes(word)) return 1;
  // From a name's start, and two sounds at least, or "ab" would sound like half the kebele.
  if (bones.length >= 2 && entry.skeletons.some((s) => s.startsWith(bones))) return 2;
  return null;
}

/**
 * The farmers a query finds, best first (a name that starts with what was typed, then one that
 * contains it, then one spelt another way), else in the index's own order. Every typed word must
 * meet the farmer ("abebe kebede"). Digits search the phone. An empty query finds everyone.
 */
export function searchFarmers<F>(index: FarmerIndex<F>, query: string): F[] {
  const trimmed = query.trim();
  if (!trimmed) return index.entries.map((e) => e.farmer);
  const digits = phoneDigits(trimmed);
  if (digits) return index.entries.filter((e) => e.phone.includes(digits)).map((e) => e.farmer);
  const words = foldName(trimmed).split(' ').filter(Boolean);
  if (words.length === 0) return [];
  const bones = words.map(skeleton);
  const found: { entry: Entry<F>; score: number }[] = [];
  for (const entry of index.entries) {
    let score = 0;
    for (const [i, word] of words.entries()) {
      const s = wordScore(entry, word, bones[i] as string);
      if (s === null) {
        score = -1;
        break;
      }
      score = Math.max(score, s);
    }
    if (score >= 0) found.push({ entry, score });
  }
  found.sort((a, b) => a.score - b.score || a.entry.order - b.entry.order);
  return found.map((f) => f.entry.farmer);
}
