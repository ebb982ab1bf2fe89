import { beforeAll, describe, expect, it } from 'vitest';
import { type AdminData, type AreaName, loadAdminData, loadAreaNames, parseAreaNames } from './admin-data';

// English direction words (and Amharic "Mirab" in a Latin name) → the one Amharic word for each.
const DIRECTIONS: Record<string, string> = {
  North: 'ሰሜን',
  Northern: 'ሰሜን',
  South: 'ደቡብ',
  Southern: 'ደቡብ',
  East: 'ምስራቅ',
  Eastern: 'ምስራቅ',
  West: 'ምዕራብ',
  Western: 'ምዕራብ',
  Mirab: 'ምዕራብ',
  Central: 'ማዕከላዊ',
};
const AMHARIC_DIRECTIONS = new Set(Object.values(DIRECTIONS));
// Other spellings and forms of the same words, which would make one list read two ways.
const VARIANTS = ['ምሥራቅ', 'ምእራብ', 'ሰሜናዊ', 'ደቡባዊ', 'ምስራቃዊ', 'ምዕራባዊ', 'መካከለኛ', 'መካከል'];

const words = (name: string) => name.split(/[\s()/]+/).filter(Boolean);
const englishDirections = (name: string) =>
  words(name).flatMap((w) => (DIRECTIONS[w] === undefined ? [] : [DIRECTIONS[w]]));
const amharicDirections = (name: string) => words(name).filter((w) => AMHARIC_DIRECTIONS.has(w));

describe('names-am.csv, the Amharic names of regions and zones', () => {
  let data: AdminData;
  let names: AreaName[];
  let byCode: Map<string, string>;
  let areas: Array<{ code: string; name: string; parent: string }>;
  beforeAll(async () => {
    [data, names] = await Promise.all([loadAdminData(), loadAreaNames('am')]);
    byCode = new Map(names.map((n) => [n.code, n.name]));
    areas = [
      ...data.regions.map((r) => ({ code: r.code, name: r.name, parent: '' })),
      ...data.zones.map((z) => ({ code: z.code, name: z.name, parent: z.region_code })),
    ];
  });

  it('names every region and zone of the seed exactly once, and nothing else', () => {
    expect(areas).toHaveLength(14 + 125);
    const codes = names.map((n) => n.code);
    expect(codes.filter((c, i) => codes.indexOf(c) !== i)).toEqual([]);
    expect([...codes].sort()).toEqual(areas.map((a) => a.code).sort());
  });

  it('writes each name in Ethiopic script, tidy, without Latin letters', () => {
    const bad = names.filter(
      ({ name }) =>
        !/\p{Script=Ethiopic}/u.test(name) ||
        /\p{Script=Latin}/u.test(name) ||
        name !== name.trim() ||
        /\s{2}/.test(name),
    );
    expect(bad).toEqual([]);
  });

  it('gives each English direction word its one Amharic word, in the same order', () => {
    const mismatched = areas
      .map((a) => ({ ...a, name_am: byCode.get(a.code) ?? '' }))
      .filter((a) => englishDirections(a.name).join(' ') !== amharicDirections(a.name_am).join(' '));
    expect(mismatched).toEqual([]);
    const variants = names.filter((n) => VARIANTS.some((v) => n.name.includes(v)));
    expect(variants).toEqual([]);
  });

  it('uses the established forms', () => {
    expect(byCode.get('ET03')).toBe('አማራ');
    expect(byCode.get('ET04')).toBe('ኦሮሚያ');
    expect(byCode.get('ET14')).toBe('አዲስ አበባ');
    expect(byCode.get('ET0301')).toBe('ሰሜን ጎንደር');
    expect(byCode.get('ET0417')).toBe('ምዕራብ አርሲ');
    expect(byCode.get('ET0413')).toBe('ደቡብ ምዕራብ ሸዋ');
    // Direction-only names are zones; numbered zones keep their number.
    expect(byCode.get('ET0103')).toBe('ምስራቅ ዞን');
    expect(byCode.get('ET0201')).toBe('አውሲ (ዞን 1)');
    // City administrations, special zones and special woredas.
    expect(byCode.get('ET0434')).toBe('አምቦ ከተማ አስተዳደር');
    expect(byCode.get('ET0423')).toBe('ቢሾፍቱ ልዩ ዞን');
    expect(byCode.get('ET0605')).toBe('ማኦ ኮሞ ልዩ ወረዳ');
  });

  it('follows the Latin name’s markers: City Admin, Liyu, Special, Subcity, Zone N', () => {
    const marked: Array<[RegExp, RegExp]> = [
      [/City Admin$/, / ከተማ አስተዳደር$/],
      [/Liyu( Zone)?$/, / ልዩ ዞን$/],
      [/Special( woreda)?$/, / ልዩ ወረዳ$/],
      [/Subcity$/, / ክፍለ ከተማ$/],
      [/Zone ?(\d)$/, /\(ዞን \d\)$/],
    ];
    for (const [latin, amharic] of marked) {
      const areasMarked = areas.filter((a) => latin.test(a.name));
      expect(areasMarked.length, String(latin)).toBeGreaterThan(0);
      for (const a of areasMarked) expect(byCode.get(a.code), a.name).toMatch(amharic);
      // …and only those.
      const others = areas.filter((a) => !latin.test(a.name) && amharic.test(byCode.get(a.code) ?? ''));
      expect(others, String(amharic)).toEqual([]);
    }
  });

  it('keeps the numbers of the Latin names', () => {
    const digits = (s: string) => s.replace(/\D/g, '');
    const changed = areas.filter((a) => digits(a.name) !== digits(byCode.get(a.code) ?? ''));
    expect(changed).toEqual([]);
  });

  it('keeps sibling names apart, as the Latin ones are', () => {
    const keys = areas.map((a) => `${a.parent}/${byCode.get(a.code)}`);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });
});

describe('parseAreaNames', () => {
  it('skips the notes at the top, and a byte-order mark', () => {
    const text = '\uFEFF# notes\n# more notes\ncode,name_am\nET01,ትግራይ\n';
    expect(parseAreaNames(text, 'am')).toEqual([{ code: 'ET01', name: 'ትግራይ' }]);
    expect(parseAreaNames('code,name_am\r\nET03,አማራ\r\n', 'am')).toEqual([{ code: 'ET03', name: 'አማራ' }]);
    expect(parseAreaNames('code,name_om\nET07,Itoophiyaa Giddugaleessaa\n', 'om')).toEqual([
      { code: 'ET07', name: 'Itoophiyaa Giddugaleessaa' },
    ]);
  });

  it('refuses a file without its columns', () => {
    expect(() => parseAreaNames('# only notes\ncode,name\nET01,x\n', 'am')).toThrow(/name_am/);
  });
});
