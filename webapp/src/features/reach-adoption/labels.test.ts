import { advisoryLabel as rule } from '@gebere/contract/rules';
import { readScreenParams } from '@gebere/contract/screens';
import { describe, expect, it } from 'vitest';
import { t } from '../../lib/i18n/texts';
import { lowestAdminArea } from './admin-area';
import { categoryName, farmerFullName, mostRecent } from './labels';

/** The rule with the reach screen's arguments: the advisory, the sub-practice's name, the language. */
const advisoryLabel = (a: Parameters<typeof rule>[0], sub: string, lang: string) => rule(a, lang, sub);

describe('farmerFullName', () => {
  it('joins the three names, ignoring the literal nan and empty parts', () => {
    expect(farmerFullName({ farmer_name: 'Abebe', father_name: 'Kebede', grand_father_name: 'Alemu' })).toBe(
      'Abebe Kebede Alemu',
    );
    expect(farmerFullName({ farmer_name: 'Abebe', father_name: 'nan', grand_father_name: 'Alemu' })).toBe(
      'Abebe Alemu',
    );
    expect(farmerFullName({ farmer_name: ' Almaz ', father_name: 'NaN', grand_father_name: '' })).toBe(
      'Almaz',
    );
    expect(farmerFullName({ farmer_name: 'ሙሉ', father_name: 'nan', grand_father_name: 'nan' })).toBe('ሙሉ');
  });

  it('keeps names that merely contain the letters nan', () => {
    expect(farmerFullName({ farmer_name: 'Nanati', father_name: 'Hanan', grand_father_name: 'nan' })).toBe(
      'Nanati Hanan',
    );
  });
});

describe('advisoryLabel (spec §2)', () => {
  const sub = 'Seed rate';
  it('uses the label when there is one', () => {
    expect(advisoryLabel({ label: 'Teff seed rate', template_content: ['Long text'] }, sub, 'en')).toBe(
      'Teff seed rate',
    );
  });

  it('else the first 80 characters of the text, joined, followed by an ellipsis', () => {
    const text = [
      'Apply 50 kg of urea per hectare in two splits:',
      'half at tillering and half at booting, when moist.',
    ];
    const label = advisoryLabel({ label: null, template_content: text }, sub, 'en');
    expect(label).toBe(`${text.join(' ').slice(0, 80)}…`);
    expect(Array.from(label)).toHaveLength(81);
    // Exactly 80 characters: nothing cut, nothing added.
    const eighty = 'x'.repeat(80);
    expect(advisoryLabel({ label: '  ', template_content: [eighty] }, sub, 'en')).toBe(eighty);
    expect(advisoryLabel({ label: null, template_content: [`${eighty}y`] }, sub, 'en')).toBe(`${eighty}…`);
  });

  it('counts Ethiopic characters, and reads the Amharic text for Amharic readers', () => {
    const am = 'በ'.repeat(100);
    expect(
      advisoryLabel({ label: null, template_content: ['English'], template_content_am: [am] }, sub, 'am'),
    ).toBe(`${'በ'.repeat(80)}…`);
    expect(
      advisoryLabel({ label: null, template_content: ['English'], template_content_am: [am] }, sub, 'en'),
    ).toBe('English');
  });

  it('else the name of the sub-practice', () => {
    expect(advisoryLabel({ label: null, template_content: [] }, sub, 'en')).toBe('Seed rate');
    expect(advisoryLabel({ label: '', template_content: ['  '] }, sub, 'en')).toBe('Seed rate');
  });
});

describe('names in the user language', () => {
  it("names the spec's three categories from the i18n texts when the backend has no Amharic", () => {
    expect(categoryName({ name: 'Plant science' }, 'en', t)).toBe('Plant science');
    expect(categoryName({ name: 'Natural Resource Management' }, 'en', t)).toBe(
      'Natural resource management',
    );
    expect(categoryName({ name: 'Fisheries' }, 'en', t)).toBe('Fisheries');
    expect(categoryName({ name: 'Plant science', name_am: 'የእፅዋት' }, 'am', t)).toBe('የእፅዋት');
    // An organisation's own Oromo name, where it wrote one; else the name as in English.
    expect(categoryName({ name: 'Plant science', name_om: 'Saayinsii biqiltootaa' }, 'om', t)).toBe(
      'Saayinsii biqiltootaa',
    );
    expect(categoryName({ name: 'Fisheries', name_am: 'ዓሳ', name_om: ' ' }, 'om', t)).toBe('Fisheries');
  });
});

describe('mostRecent', () => {
  it('keeps only the most recently created advisory, whatever the order', () => {
    const list = [
      { id: 1, created_at: '2024-06-05T07:30:00.000Z' },
      { id: 2, created_at: '2025-06-05T07:30:00.000Z' },
      { id: 3, created_at: '2023-06-05T07:30:00.000Z' },
    ];
    expect(mostRecent(list)?.id).toBe(2);
    expect(mostRecent([...list].reverse())?.id).toBe(2);
    expect(mostRecent([])).toBeUndefined();
    expect(
      mostRecent([
        { id: 4, created_at: '2025-01-01T00:00:00Z' },
        { id: 5, created_at: '2025-01-01T00:00:00Z' },
      ])?.id,
    ).toBe(5);
  });
});

describe('lowestAdminArea', () => {
  const q = (s: string) => readScreenParams('recordReach', new URLSearchParams(s)).values;
  it('takes kebele, else woreda, else zone, else region from the link', () => {
    expect(lowestAdminArea(q('region_id=1&zone_id=2&woreda_id=3&kebele_id=4'))).toEqual({
      level: 'kebele',
      id: 4,
    });
    expect(lowestAdminArea(q('region_id=1&zone_id=2&woreda_id=3'))).toEqual({ level: 'woreda', id: 3 });
    expect(lowestAdminArea(q('region_id=1&zone_id=2&kebele_id=x'))).toEqual({ level: 'zone', id: 2 });
    expect(lowestAdminArea(q('region_id=1'))).toEqual({ level: 'region', id: 1 });
    expect(lowestAdminArea(q('user_id=7'))).toBeUndefined();
  });
});
