import { describe, expect, it } from 'vitest';
import { kebeleFarmerRows } from './da-reads';

const farmer = {
  id: 7,
  farmer_name: 'Almaz',
  father_name: 'Bekele',
  grand_father_name: 'Chala',
  phone_number: null,
  development_group: 3,
  group_name: 'Group A',
  created_by: 2,
};

describe('kebeleFarmerRows: the kebele farmers My farmers lists and the duplicate check reads', () => {
  it('reads a list and a page alike', () => {
    expect(kebeleFarmerRows([farmer])).toEqual([farmer]);
    expect(kebeleFarmerRows({ count: 1, results: [farmer] })).toEqual([farmer]);
  });

  it('leaves out a row without its id, names or group, and reads nothing from what is not a list', () => {
    const rows = [
      farmer,
      { ...farmer, id: '8' },
      { ...farmer, farmer_name: undefined },
      { ...farmer, group_name: 4 },
      null,
    ];
    expect(kebeleFarmerRows(rows)).toEqual([farmer]);
    for (const data of [undefined, null, 'farmers', { results: 'x' }, {}])
      expect(kebeleFarmerRows(data)).toEqual([]);
  });
});
