import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadAdminData } from '@gebere/bot/seed';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanAdmin, fixZoneCode, regionCode } from './admin-clean';
import { DEFAULT_SRC, runCleanAdmin } from './clean-admin';

// A miniature of the raw data with one instance of each flaw the README lists.
const raw = {
  region: 'label,name\nOromia,region_et04\nSidama,region_et16\nSouth Ethiopian,region_et08\n',
  zone: [
    'region,name,label',
    'region_et04,ET0414,Guji',
    'region_et04,ET0407,East Shewa',
    'region_et04,ET0421,East Bale',
    'region_et04,ET0403,Ilu Aba Bora',
    'region_et16,ET1600,Sidama',
    'region_et08,ET0802,Gamo',
    'region_et99,ET9901,Nowhere zone',
  ].join('\n'),
  woreda: [
    'zone,name,label',
    'ET0414,ET041401,Uraga',
    'ET0414,e,Odo Shakiso',
    'ET0414,41499,Shakiso_town',
    '421,42101,Aba Geda',
    'ET0421,ET042101,Gololcha',
    '802,80202,Hawassa Zuriya',
    'ET0802,ET080202,Arbaminch Zuriya',
    'ET9999,ET999901,Lost',
  ].join('\n'),
  kebele: [
    'name,label,woreda',
    'ET041405888011,"Bobe,a Uke",ET041405',
    'ET041401888001,Ale_ 01,ET041401',
    'ET041401101001,Ale 01,ET041401',
    'ET041401888002,1,ET041401',
    'ET041401888003,Domo`o,ET041401',
    'ET041401888004,Chinba,ET041401',
    'ET041401888005,Chinba,ET041401',
    'ET042101101001,06 Kebele,ET042101',
    'ET044001888001,Abogna,ET042101',
    'ET080202888001,Dore Bafano 01,ET080202',
    'ET070212888001,Chano Mile,ET080202',
    'ET041499101001,Shakiso 01,ET041499',
    'ET099999888001,Nowhere,ET099999',
  ].join('\n'),
};

describe('cleanAdmin on a miniature', () => {
  const { data, report } = cleanAdmin(raw);
  const woreda = (code: string) => data.woredas.find((w) => w.code === code);
  const kebele = (code: string) => data.kebeles.find((k) => k.code === code);

  it('rewrites region codes and drops a zone whose region does not exist', () => {
    expect(data.regions.map((r) => r.code)).toEqual(['ET04', 'ET08', 'ET16']);
    expect(data.zones.map((z) => z.code)).not.toContain('ET9901');
    expect(report.zones.skipped).toEqual([
      { code: 'ET9901', parent: 'region_et99', reason: 'region not found' },
    ]);
  });

  it('keeps ET codes, pads bare numbers, suffixes colliding ones and fixes `e`', () => {
    expect(woreda('ET041401')?.name).toBe('Uraga');
    expect(woreda('ET041499')?.name).toBe('Shakiso town');
    expect(woreda('ET041405')).toEqual({ code: 'ET041405', zone_code: 'ET0414', name: 'Odo Shakiso' });
    expect(woreda('ET042101')?.name).toBe('Gololcha');
    expect(woreda('ET042101-2')?.name).toBe('Aba Geda');
    expect(report.woredas.codeSuffixed.sort()).toEqual(['ET042101-2', 'ET080202-2']);
  });

  it('rewrites bare zone codes, then relocates the woredas the rewrite misplaces', () => {
    expect(fixZoneCode('421', new Set(['ET0421']))).toBe('ET0421');
    expect(report.woredas.zoneRewritten).toBe(2);
    expect(woreda('ET042101-2')?.zone_code).toBe('ET0407');
    expect(woreda('ET080202-2')?.zone_code).toBe('ET1600');
    expect(woreda('ET080202')?.zone_code).toBe('ET0802');
    expect(report.woredas.skipped).toEqual([
      { code: 'ET999901', parent: 'ET9999', reason: 'zone not found' },
    ]);
  });

  it('resolves kebeles exactly, after padding, and splits collisions by the kebele code', () => {
    expect(kebele('ET041405888011')).toEqual({
      code: 'ET041405888011',
      woreda_code: 'ET041405',
      name: 'Bobe,a Uke',
    });
    expect(kebele('ET041499101001')?.woreda_code).toBe('ET041499');
    expect(kebele('ET042101101001')?.woreda_code).toBe('ET042101-2');
    expect(kebele('ET044001888001')?.woreda_code).toBe('ET042101');
    expect(kebele('ET080202888001')?.woreda_code).toBe('ET080202-2');
    expect(kebele('ET070212888001')?.woreda_code).toBe('ET080202');
    expect(report.kebeles.skipped).toEqual([
      { code: 'ET099999888001', parent: 'ET099999', reason: 'woreda not found' },
    ]);
    expect(data.kebeles).toHaveLength(12);
  });

  it('cleans names and disambiguates siblings', () => {
    expect(kebele('ET041401888002')?.name).toBe('Kebele 1');
    expect(kebele('ET041401888003')?.name).toBe("Domo'o");
    expect(kebele('ET041401888001')?.name).toBe('Ale 01 (rural)');
    expect(kebele('ET041401101001')?.name).toBe('Ale 01 (urban)');
    expect(kebele('ET041401888004')?.name).toBe('Chinba');
    expect(kebele('ET041401888005')?.name).toBe('Chinba (2)');
    expect(report.kebeles.labelsNumbered).toBe(1);
  });

  it('lists parents left empty', () => {
    expect(report.zones.withoutWoredas).toEqual(['ET0403 Ilu Aba Bora']);
  });

  it('leaves other region codes alone', () => {
    expect(regionCode('region_et07')).toBe('ET07');
    expect(regionCode('ET07')).toBe('ET07');
  });
});

// The raw data sits beside the repository, in the design folder; a checkout without it skips.
describe.skipIf(!existsSync(DEFAULT_SRC))(
  'runCleanAdmin on the real data (needs the raw admin data in ../shared/data/ethiopia-admin)',
  () => {
    const out = mkdtemp(join(tmpdir(), 'gebere-admin-'));
    afterAll(async () => rm(await out, { recursive: true, force: true }));

    it('writes files the loader reads back, identical to the shipped ones', async () => {
      const dir = await out;
      const report = await runCleanAdmin(DEFAULT_SRC, dir);
      expect(report.kebeles.in).toBe(19_535);
      const data = await loadAdminData(dir);
      expect(data.kebeles).toHaveLength(report.kebeles.out);
      // The committed files must be what the script makes today.
      const shipped = new URL('../../bot/src/backend/seed/admin/', import.meta.url);
      for (const name of ['regions.csv', 'zones.csv', 'woredas.csv', 'kebeles.csv']) {
        expect(await readFile(join(dir, name), 'utf8'), name).toBe(
          await readFile(new URL(name, shipped), 'utf8'),
        );
      }
      // The README's facts must match; how a Markdown formatter pads its tables does not matter.
      const tableInsensitive = (md: string) =>
        md.replace(/^\|.*$/gm, (row) => row.replace(/\s+/g, '').replace(/-+/g, '-').replace(/:?-:?/g, '-'));
      expect(tableInsensitive(await readFile(join(dir, 'README.md'), 'utf8'))).toBe(
        tableInsensitive(await readFile(new URL('README.md', shipped), 'utf8')),
      );
    });
  },
);
