import { describe, expect, it } from 'vitest';
import { farmerFormSchema } from './form-schema';

const person = {
  farmer_name: ' Abebe ',
  father_name: 'Kebede',
  grand_father_name: 'Tadesse',
  phone_number: '0911223344',
  gender: 'female',
};

const issuesOf = (values: Record<string, unknown>) => {
  const r = farmerFormSchema.safeParse(values);
  return r.success ? [] : r.error.issues.map((i) => i.path.join('.')).sort();
};

describe('farmer form schema (spec §5)', () => {
  it.each([
    ['0911223344', true],
    ['0711223344', true],
    ['0812345678', false],
    ['091122334', false],
    ['09112233445', false],
    ['+251911223344', false],
    ['911223344', false],
    ['0911 223344', false],
    [' 0911223344', false],
    ['', false],
  ])('phone %j matches ^(09|07)\\d{8}$: %s', (phone, ok) => {
    const issues = issuesOf({
      ...person,
      phone_number: phone,
      add_dev_group: false,
      development_group: '11',
    });
    expect(issues).toEqual(ok ? [] : ['phone_number']);
  });

  it('existing group: the group id is required, the new group fields are not', () => {
    expect(
      issuesOf({ ...person, add_dev_group: false, development_group: '', group_name: '', group_type: '' }),
    ).toEqual(['development_group']);
    const r = farmerFormSchema.parse({
      ...person,
      add_dev_group: false,
      development_group: '11',
      group_name: 'x',
    });
    expect(r).toEqual({ ...person, farmer_name: 'Abebe', add_dev_group: false, development_group: 11 });
  });

  it('new group: name and type are required, the existing group is not', () => {
    expect(
      issuesOf({ ...person, add_dev_group: true, development_group: '', group_name: ' ', group_type: '' }),
    ).toEqual(['group_name', 'group_type']);
    const r = farmerFormSchema.parse({
      ...person,
      add_dev_group: true,
      development_group: '',
      group_name: ' Birhan ',
      group_type: 'mixed',
    });
    expect(r).toEqual({
      ...person,
      farmer_name: 'Abebe',
      add_dev_group: true,
      group_name: 'Birhan',
      group_type: 'mixed',
    });
  });

  it('requires the names and a gender of male or female', () => {
    expect(
      issuesOf({
        farmer_name: '',
        father_name: '  ',
        grand_father_name: '',
        phone_number: '0911223344',
        gender: 'other',
        add_dev_group: false,
        development_group: '11',
      }),
    ).toEqual(['farmer_name', 'father_name', 'gender', 'grand_father_name']);
  });
});
