import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AdminData, DEFAULT_ADMIN_DIR, loadAdminData } from './admin-data';

// Checks the shipped, generated files (see admin/README.md), not the cleaning rules.
describe('shipped admin data', () => {
  let data: AdminData;
  beforeAll(async () => {
    data = await loadAdminData();
  });

  it('has the 14 regions with ETNN codes', () => {
    expect(data.regions).toHaveLength(14);
    for (const r of data.regions) expect(r.code).toMatch(/^ET\d{2}$/);
    expect(data.regions.find((r) => r.code === 'ET16')?.name).toBe('Sidama');
  });

  it('keeps (nearly) every kebele', () => {
    expect(data.zones).toHaveLength(125);
    expect(data.woredas).toHaveLength(1182);
    expect(data.kebeles.length).toBeGreaterThan(19_500);
    expect(data.kebeles.length).toBeLessThanOrEqual(19_535);
  });

  it('has unique codes of the expected shapes', () => {
    const shapes: [keyof AdminData, RegExp][] = [
      ['zones', /^ET\d{4}$/],
      // ET0420112 (Sululta) is kept as written; `-2` marks a bare-number woreda whose padded code was taken.
      ['woredas', /^(ET\d{6}(-2)?|ET0420112)$/],
      ['kebeles', /^ET\d{12}$/],
    ];
    for (const [level, shape] of shapes) {
      const codes = data[level].map((x) => x.code);
      expect(new Set(codes).size, level).toBe(codes.length);
      for (const c of codes) expect(c, level).toMatch(shape);
    }
  });

  it('has every parent', () => {
    const regions = new Set(data.regions.map((r) => r.code));
    const zones = new Set(data.zones.map((z) => z.code));
    const woredas = new Set(data.woredas.map((w) => w.code));
    expect(data.zones.filter((z) => !regions.has(z.region_code))).toEqual([]);
    expect(data.woredas.filter((w) => !zones.has(w.zone_code))).toEqual([]);
    expect(data.kebeles.filter((k) => !woredas.has(k.woreda_code))).toEqual([]);
  });

  it('gives Sidama woredas and Odo Shakiso its kebeles', () => {
    expect(data.woredas.filter((w) => w.zone_code === 'ET1600').length).toBeGreaterThan(40);
    expect(data.woredas.find((w) => w.code === 'ET041405')?.name).toBe('Odo Shakiso');
    expect(data.kebeles.find((k) => k.code === 'ET041405888011')).toEqual({
      code: 'ET041405888011',
      woreda_code: 'ET041405',
      name: 'Bobe,a Uke',
    });
  });

  it('has tidy names, unique among siblings', () => {
    const all = [
      ...data.regions.map((r) => ({ parent: '', name: r.name })),
      ...data.zones.map((z) => ({ parent: z.region_code, name: z.name })),
      ...data.woredas.map((w) => ({ parent: w.zone_code, name: w.name })),
      ...data.kebeles.map((k) => ({ parent: k.woreda_code, name: k.name })),
    ];
    const bad = all.filter(
      ({ name }) => name === '' || name !== name.trim() || /[_\\;`]|\s{2}|^\d+$/.test(name),
    );
    expect(bad).toEqual([]);
    const keys = all.map(({ parent, name }) => `${parent}/${name.toLowerCase()}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('loads from a plain directory path as well as a URL', async () => {
    const again = await loadAdminData(fileURLToPath(DEFAULT_ADMIN_DIR));
    expect(again.regions).toEqual(data.regions);
  });
});
