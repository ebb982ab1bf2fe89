import { describe, expect, it } from 'vitest';
import { daFullName, daValuesFromPayload, emptyDaValues, matchRole, toDaPayload } from './da-values';

const roles = [
  { id: 1, name: 'Crop' },
  { id: 2, name: 'Livestock' },
];

describe('DA form values', () => {
  it('matches the role by the specialization label first, then by id, else nothing', () => {
    expect(matchRole(roles, { specialization: 'LIVESTOCK ', role: 1 })).toBe('2');
    expect(matchRole(roles, { specialization: 'Renamed', role: 1 })).toBe('1');
    expect(matchRole(roles, { specialization: null, role: 2 })).toBe('2');
    expect(matchRole(roles, { specialization: 'Gone', role: 9 })).toBe('');
  });

  it('prefills both phones with a leading 0, and nothing without a number', () => {
    expect(emptyDaValues('912345678')).toMatchObject({
      phone_number: '0912345678',
      telegram_phone_number: '0912345678',
    });
    expect(emptyDaValues(null)).toMatchObject({ phone_number: '', telegram_phone_number: '' });
  });

  it('sends normalised phones, sex for gender and created_by', () => {
    const payload = toDaPayload(
      {
        first_name: 'A',
        father_name: 'B',
        grand_father_name: 'C',
        phone_number: '0912345678',
        telegram_phone_number: '0712345678',
        gender: 'female',
        region: 1,
        zone: 2,
        woreda: 3,
        kebele: 4,
        role: 5,
      },
      8,
    );
    expect(payload).toEqual({
      first_name: 'A',
      father_name: 'B',
      grand_father_name: 'C',
      phone_number: '912345678',
      telegram_phone_number: '712345678',
      sex: 'female',
      region: 1,
      zone: 2,
      woreda: 3,
      kebele: 4,
      role: 5,
      created_by: 8,
    });
    expect(payload).not.toHaveProperty('gender');
  });

  it('names the DA by first, father and grandfather names', () => {
    expect(daFullName({ first_name: 'Abebe', father_name: ' Kebede', grand_father_name: '' })).toBe(
      'Abebe Kebede',
    );
  });

  it('reads a kept payload back into the form (a refused profile opened to fix it)', () => {
    const values = {
      first_name: 'Almaz',
      father_name: 'Kebede',
      grand_father_name: 'Tessema',
      phone_number: '0911223344',
      telegram_phone_number: '0722334455',
      gender: 'female' as const,
      region: '3',
      zone: '31',
      woreda: '311',
      kebele: '3111',
      role: '2',
    };
    const output = { ...values, region: 3, zone: 31, woreda: 311, kebele: 3111, role: 2 };
    expect(daValuesFromPayload(toDaPayload(output, 7))).toEqual(values);
    expect(daValuesFromPayload(null)).toBeNull();
  });
});
