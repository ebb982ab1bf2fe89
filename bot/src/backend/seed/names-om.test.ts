import { beforeAll, describe, expect, it } from 'vitest';
import { type AdminData, loadAdminData, loadAreaNames } from './admin-data';

// The English words of the Latin names (and the few spellings the data has of them).
const ENGLISH =
  /\b(North|Northern|South|Southern|East|Eastern|West|Western|Central|Ethiopian?|Zone|Special|woreda|Town|City|Citiy|Admin\w*|Adm\w*stration|Adim\w*|Subcity|urban|rural|and)\b/;
const DIRECTIONS: Record<string, string> = {
  North: 'Kaabaa',
  Northern: 'Kaabaa',
  South: 'Kibbaa',
  Southern: 'Kibbaa',
  East: 'Bahaa',
  Eastern: 'Bahaa',
  West: 'Lixaa',
  Western: 'Lixaa',
  Central: 'Giddugaleessaa',
};
const OROMO_DIRECTION = /^(Kaaba|Kibba|Baha|Lixa|Giddugaleessa)a?$/;
const words = (name: string) => name.split(/[\s()/]+/).filter(Boolean);

describe('names-om.csv, the Afaan Oromo names of areas with English words', () => {
  let data: AdminData;
  let byCode: Map<string, string>;
  let areas: Array<{ code: string; name: string; level: string }>;
  beforeAll(async () => {
    const [admin, names] = await Promise.all([loadAdminData(), loadAreaNames('om')]);
    data = admin;
    byCode = new Map(names.map((n) => [n.code, n.name]));
    expect(byCode.size).toBe(names.length);
    areas = [
      ...data.regions.map((r) => ({ ...r, level: 'region' })),
      ...data.zones.map((z) => ({ ...z, level: 'zone' })),
      ...data.woredas.map((w) => ({ ...w, level: 'woreda' })),
    ];
  });

  it('names every region, zone and woreda whose Latin name has an English word, and only areas', () => {
    const missing = areas.filter((a) => ENGLISH.test(a.name) && !byCode.has(a.code));
    expect(missing).toEqual([]);
    const codes = new Set(areas.map((a) => a.code));
    expect([...byCode.keys()].filter((c) => !codes.has(c))).toEqual([]);
  });

  it('leaves no English word, and never repeats the Latin name', () => {
    const left = areas.filter((a) => byCode.has(a.code) && ENGLISH.test(byCode.get(a.code) ?? ''));
    expect(left).toEqual([]);
    expect(areas.filter((a) => byCode.get(a.code) === a.name)).toEqual([]);
    // Latin script, the ASCII apostrophe, tidy spaces.
    const bad = [...byCode.values()].filter(
      (n) => /\p{Script=Ethiopic}|[\u2019\u02BC]/u.test(n) || n !== n.trim() || /\s{2}/.test(n),
    );
    expect(bad).toEqual([]);
  });

  it('gives each English direction its one Oromo word, in the same order', () => {
    const mismatched = areas
      .filter((a) => byCode.has(a.code))
      .filter((a) => {
        const english = words(a.name).flatMap((w) => (DIRECTIONS[w] ? [DIRECTIONS[w].slice(0, 4)] : []));
        const oromo = words(byCode.get(a.code) ?? '')
          .filter((w) => OROMO_DIRECTION.test(w))
          .map((w) => w.slice(0, 4));
        return english.join(' ') !== oromo.join(' ') && !/^Mirab /.test(a.name);
      });
    expect(mismatched).toEqual([]);
  });

  it('uses the glossary’s words and the conventions of its notes', () => {
    expect(byCode.get('ET07')).toBe('Itoophiyaa Giddugaleessaa');
    expect(byCode.get('ET11')).toBe('Itoophiyaa Kibba Lixaa');
    expect(byCode.get('ET0301')).toBe('Gondar Kaabaa');
    expect(byCode.get('ET0103')).toBe('Godina Bahaa');
    expect(byCode.get('ET0201')).toBe('Awsi (Godina 1)');
    expect(byCode.get('ET0423')).toBe('Godina Addaa Bishoftu');
    expect(byCode.get('ET0605')).toBe('Aanaa Addaa Mao Komo');
    expect(byCode.get('ET031309')).toBe('Bulchiinsa Magaalaa Adet');
    expect(byCode.get('ET010212')).toBe('Magaalaa Adwa');
    expect(byCode.get('ET1408')).toBe('Kutaa Magaalaa Bole');
    // A place name without English words keeps its Latin name: none is written for it.
    expect(byCode.has('ET03')).toBe(false);
    expect(byCode.has('ET031702')).toBe(false);
  });

  it('keeps the numbers of the Latin names, and siblings apart', () => {
    const digits = (s: string) => s.replace(/\D/g, '');
    const named = areas.filter((a) => byCode.has(a.code));
    expect(named.filter((a) => digits(a.name) !== digits(byCode.get(a.code) ?? ''))).toEqual([]);
    const parent = new Map<string, string>([
      ...data.zones.map((z) => [z.code, z.region_code] as const),
      ...data.woredas.map((w) => [w.code, w.zone_code] as const),
    ]);
    const keys = areas.map((a) => `${parent.get(a.code) ?? ''}/${byCode.get(a.code) ?? a.name}`);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });
});
