import { describe, expect, it } from 'vitest';
import { foldName, indexFarmers, searchFarmers, skeleton } from './search';

const farmer = (id: number, names: string, phone_number = `91100000${id}`) => {
  const [farmer_name = '', father_name = '', grand_father_name = ''] = names.split(' ');
  return { id, farmer_name, father_name, grand_father_name, phone_number };
};

const found = (farmers: ReturnType<typeof farmer>[], query: string) =>
  searchFarmers(indexFarmers(farmers), query).map((f) => f.id);

describe('finding a farmer by name', () => {
  it('meets a name in either script, whatever the case or the accents', () => {
    expect(foldName('አበበ')).toBe('abebe');
    expect(foldName('ABÉBÉ')).toBe('abebe');
    expect(foldName('  Tsega’ab  Kebede ')).toBe('tsegaab kebede');
    const farmers = [
      farmer(1, 'አበበ ከበደ አለሙ'),
      farmer(2, 'Abebe Kebede Alemu'),
      farmer(3, 'Chala Tola Gudina'),
    ];
    expect(found(farmers, 'abebe')).toEqual([1, 2]);
    expect(found(farmers, 'አበበ')).toEqual([1, 2]);
    expect(found(farmers, 'ABÉ')).toEqual([1, 2]);
  });

  it('finds any part of any of the three names: a father’s name typed in Ethiopic', () => {
    const farmers = [
      farmer(1, 'Almaz Tesfaye Bekele'),
      farmer(2, 'ተስፋዬ ጌታቸው ደሳለኝ'),
      farmer(3, 'Hana Girma Kassa'),
    ];
    expect(found(farmers, 'ጌታ')).toEqual([2]);
    expect(found(farmers, 'ተስፋ')).toEqual([1, 2]);
    expect(found(farmers, 'esfa')).toEqual([1, 2]);
  });

  it('meets the ways one name is spelt in Latin', () => {
    // The sixth order has no written vowel; ኘ is gn or ny; ቀ is q or k; Qubee writes ጫ as c and doubles vowels.
    expect(skeleton(foldName('ግርማ'))).toBe(skeleton(foldName('Girma')));
    const farmers = [farmer(1, 'ግርማ ተገኘ ቀበደ'), farmer(2, 'ጫላ ቶላ ጉዲና'), farmer(3, 'Bekele Molla Abera')];
    expect(found(farmers, 'Girma')).toEqual([1]);
    expect(found(farmers, 'Tegegne')).toEqual([1]);
    expect(found(farmers, 'Kebede')).toEqual([1]);
    expect(found(farmers, 'Caalaa')).toEqual([2]);
    expect(found(farmers, 'Guddinaa')).toEqual([2]);
  });

  it('needs every typed word, and a short fragment does not match by sound alone', () => {
    const farmers = [
      farmer(1, 'Abebe Kebede Alemu'),
      farmer(2, 'Abebe Tola Alemu'),
      farmer(3, 'Bekele Abdi Tola'),
    ];
    expect(found(farmers, 'abebe kebede')).toEqual([1]);
    expect(found(farmers, 'tola abebe')).toEqual([2]);
    expect(found(farmers, 'ab')).toEqual([1, 2, 3]);
    // "ek" is in Bekele; by its sound alone (one consonant) it would be in Kebede too.
    expect(found(farmers, 'ek')).toEqual([3]);
    expect(found(farmers, 'zzz')).toEqual([]);
  });

  it('lists names that start with the query first, then those that contain it, then those spelt another way', () => {
    const farmers = [
      farmer(1, 'Girum Lemma Ayele'),
      farmer(2, 'Tigist Hailu Gir'),
      farmer(3, 'Ayana Ogir Tola'),
      farmer(4, 'ግርማ ደጉ ታደሰ'),
    ];
    expect(found(farmers, 'gir')).toEqual([1, 2, 3, 4]);
    // Spelt another way, Girma sounds like Girum as much as like ግርማ: both are offered.
    expect(found(farmers, 'girma')).toEqual([1, 4]);
    expect(found(farmers, 'ogir')).toEqual([3]);
  });

  it('finds everyone, in their own order, when nothing is typed', () => {
    const farmers = [farmer(2, 'B B B'), farmer(1, 'A A A')];
    expect(found(farmers, '  ')).toEqual([2, 1]);
  });
});

describe('finding a farmer by phone', () => {
  const farmers = [
    farmer(1, 'A B C', '911234567'),
    farmer(2, 'D E F', '712000078'),
    farmer(3, 'G H I', null as unknown as string),
  ];

  it('takes the number in the forms a DA types it', () => {
    expect(found(farmers, '0911')).toEqual([1]);
    expect(found(farmers, '+251 911 23')).toEqual([1]);
    expect(found(farmers, '251-7120')).toEqual([2]);
    expect(found(farmers, '4567')).toEqual([1]);
    expect(found(farmers, '00')).toEqual([]);
    expect(found(farmers, '2000')).toEqual([2]);
  });

  it('waits for three digits before searching phones', () => {
    expect(found(farmers, '09')).toEqual([]);
  });
});
