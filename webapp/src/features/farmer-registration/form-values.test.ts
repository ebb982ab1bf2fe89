import { LIMITS } from '@gebere/contract/rules';
import { describe, expect, it } from 'vitest';
import {
  batchResult,
  buildFarmerPayload,
  EMPTY_FARMER_FORM,
  type FarmerRegistered,
  farmerRegisteredResult,
  farmerValuesFromPayload,
  initialValues,
} from './form-values';
import { groups, savedFarmer } from './test-kit';

const person = {
  farmer_name: 'Abebe',
  father_name: 'Kebede',
  grand_father_name: 'Tadesse',
  phone_number: '0711223344',
  gender: 'male' as const,
};
const context = { daId: 5, kebeleId: 9 };
const sent = { ...person, phone_number: '711223344', created_by: 5, kebele: 9 };

describe('buildFarmerPayload (spec §3 variants)', () => {
  it('existing group without a creator → development_group: id', () => {
    const r = buildFarmerPayload({ ...person, add_dev_group: false, development_group: 11 }, groups, context);
    expect(r).toEqual({ ok: true, payload: { ...sent, development_group: 11 }, groupName: 'Abay' });
  });

  it('existing group with a creator → outbound_development_group: id', () => {
    const r = buildFarmerPayload({ ...person, add_dev_group: false, development_group: 12 }, groups, context);
    expect(r).toEqual({ ok: true, payload: { ...sent, outbound_development_group: 12 }, groupName: 'Tesfa' });
  });

  it('new group → development_group: {type, name} (spec §3)', () => {
    const r = buildFarmerPayload(
      { ...person, add_dev_group: true, group_name: 'Birhan', group_type: 'men_only' },
      groups,
      context,
    );
    expect(r).toEqual({
      ok: true,
      payload: { ...sent, development_group: { type: 'men_only', name: 'Birhan' } },
      groupName: 'Birhan',
    });
  });

  it('names the field at fault when the group is unknown or the phone does not normalise', () => {
    expect(
      buildFarmerPayload({ ...person, add_dev_group: false, development_group: 99 }, groups, context),
    ).toEqual({
      ok: false,
      field: 'development_group',
    });
    expect(
      buildFarmerPayload(
        { ...person, phone_number: '12', add_dev_group: false, development_group: 11 },
        groups,
        context,
      ),
    ).toEqual({ ok: false, field: 'phone_number' });
  });
});

describe('initialValues', () => {
  it('starts empty, or from the draft, dropping a group that no longer exists', () => {
    expect(initialValues({}, groups)).toEqual(EMPTY_FARMER_FORM);
    expect(initialValues({ farmer_name: 'Abebe', development_group: '12' }, groups)).toMatchObject({
      farmer_name: 'Abebe',
      development_group: '12',
    });
    expect(initialValues({ development_group: '99' }, groups).development_group).toBe('');
  });

  it('switches to a new group when the kebele has none', () => {
    expect(initialValues({}, []).add_dev_group).toBe(true);
  });
});

describe('hand-back result', () => {
  it('names the farmer in full and the group', () => {
    expect(farmerRegisteredResult(savedFarmer() as never, 'Abay')).toEqual({
      kind: 'farmer_registered',
      farmer_id: 77,
      name: 'Abebe Kebede Tadesse',
      group_name: 'Abay',
      status_code: 201,
      data: savedFarmer(),
    });
  });

  it('keeps the saved farmer whole within 4096 bytes, even with 255-character Ethiopic names', () => {
    const long = 'ሀ'.repeat(255);
    const farmer = savedFarmer({ farmer_name: long, father_name: long, grand_father_name: long });
    const r = farmerRegisteredResult(farmer as never, 'ለ'.repeat(255));
    expect(r.data).toEqual(farmer);
    expect(new TextEncoder().encode(JSON.stringify(r)).length).toBeLessThanOrEqual(4096);
    // every character escaped in JSON (6 bytes each): cut until it fits
    const odd = '\u0001'.repeat(255);
    const cut = farmerRegisteredResult(
      savedFarmer({ farmer_name: odd, father_name: odd, grand_father_name: odd }) as never,
      'g',
    );
    expect(new TextEncoder().encode(JSON.stringify(cut)).length).toBeLessThanOrEqual(4096);
    expect(cut.data?.farmer_name.length).toBeGreaterThan(0);
  });

  it('fits the contract: names are cut to 200 characters', () => {
    const long = 'ሀ'.repeat(150);
    const r = farmerRegisteredResult(
      savedFarmer({ farmer_name: long, father_name: long, grand_father_name: long }) as never,
      'ለ'.repeat(255),
    );
    expect(r.kind === 'farmer_registered' && [r.name.length, r.group_name.length]).toEqual([200, 200]);
  });

  it('names the farmer as the lists do: blanks and the literal nan left out', () => {
    const r = farmerRegisteredResult(
      savedFarmer({ farmer_name: 'Almaz', father_name: 'nan', grand_father_name: 'Bekele' }) as never,
      'Abay',
    );
    expect(r.name).toBe('Almaz Bekele');
    expect(
      farmerRegisteredResult(
        savedFarmer({ farmer_name: 'Abebe', father_name: ' ', grand_father_name: 'Tadesse' }) as never,
        'Abay',
      ).name,
    ).toBe('Abebe Tadesse');
  });
});

describe('batchResult (Register another)', () => {
  const farmer = (id: number, name: string): FarmerRegistered => ({
    kind: 'farmer_registered',
    farmer_id: id,
    name,
    group_name: name,
  });

  it('is nothing for no farmer, the spec’s farmer_registered for one', () => {
    expect(batchResult([])).toBeNull();
    expect(batchResult([farmer(1, 'Abebe')])).toEqual(farmer(1, 'Abebe'));
  });

  it('lists every farmer of the largest batch with its data and 201, names shortened to fit sendData', async () => {
    const { encodeResult } = await import('@gebere/contract');
    const long = 'ሀ'.repeat(LIMITS.textMax);
    // The largest ids and the longest names the backend stores: the worst case for the bytes.
    const saved = Array.from({ length: LIMITS.farmerBatchMax }, (_, i) =>
      farmerRegisteredResult(
        savedFarmer({
          id: 9_000_000_000 + i,
          farmer_name: long,
          father_name: long,
          grand_father_name: long,
          kebele: 9_000_000_000,
          development_group: 9_000_000_000,
          created_by: 9_000_000_000,
        }) as never,
        'ለ'.repeat(LIMITS.textMax),
      ),
    );
    const result = batchResult(saved);
    expect(result?.kind).toBe('farmers_registered');
    if (result?.kind !== 'farmers_registered') return;
    expect(result.farmers.map((f) => [f.farmer_id, f.status_code, f.data?.id])).toEqual(
      saved.map((f) => [f.farmer_id, 201, f.farmer_id]),
    );
    expect(result.farmers[0]?.name.endsWith('…')).toBe(true);
    expect(() => encodeResult(result)).not.toThrow();
  });

  it('hands back each farmer’s saved data and status_code 201 (spec §4)', () => {
    const saved = [1, 2].map((id) =>
      farmerRegisteredResult(savedFarmer({ id, farmer_name: `F${id}` }) as never, 'Abay'),
    );
    const result = batchResult(saved);
    expect(result).toEqual({
      kind: 'farmers_registered',
      farmers: saved.map((f) => ({
        farmer_id: f.farmer_id,
        name: f.name,
        group_name: 'Abay',
        status_code: 201,
        data: f.data,
      })),
    });
  });
});

describe('a kept payload back into the form (a refused farmer opened to fix it)', () => {
  const context = { daId: 5, kebeleId: 9 };
  const back = (
    values: Parameters<typeof buildFarmerPayload>[0],
    kept: Parameters<typeof buildFarmerPayload>[3] = [],
  ) => {
    const built = buildFarmerPayload(values, groups, context, kept);
    return built.ok ? farmerValuesFromPayload(built.payload) : null;
  };
  const typed = { ...EMPTY_FARMER_FORM, ...person, phone_number: '0711223344' };

  it('an existing group (either variant), a new group, and a group kept offline', () => {
    expect(back({ ...person, add_dev_group: false, development_group: 11 })).toEqual({
      ...typed,
      development_group: '11',
    });
    expect(back({ ...person, add_dev_group: false, development_group: 12 })).toEqual({
      ...typed,
      development_group: '12',
    });
    expect(back({ ...person, add_dev_group: true, group_name: 'Lemlem', group_type: 'mixed' })).toEqual({
      ...typed,
      add_dev_group: true,
      group_name: 'Lemlem',
      group_type: 'mixed',
    });
    // A farmer an older app kept with the group as {group_name, group_type}.
    expect(
      farmerValuesFromPayload({
        ...person,
        phone_number: '711223344',
        development_group: { group_name: 'Lemlem', group_type: 'mixed' },
      }),
    ).toEqual({ ...typed, add_dev_group: true, group_name: 'Lemlem', group_type: 'mixed' });
    const kept = [
      { key: 'g1', name: 'Birhan', kebele: 9, ref: { $outbox: 'g1', field: 'id' }, waiting: true },
    ];
    expect(back({ ...person, add_dev_group: false, development_group: '@g1' }, kept)).toEqual({
      ...typed,
      development_group: '@g1',
    });
  });
});
