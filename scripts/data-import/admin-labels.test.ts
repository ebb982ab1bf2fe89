import { describe, expect, it } from 'vitest';
import { cleanLabel, disambiguate, kebeleKind, type Labelled } from './admin-labels';

describe('cleanLabel', () => {
  it.each([
    ['Hayalo_01', 'Hayalo 01'],
    ['Behera_ 01', 'Behera 01'],
    ['Chole  Beyam', 'Chole Beyam'],
    ['Ensekole Baherg\\worgise', 'Ensekole Bahergworgise'],
    ['Sharo Kerensa;', 'Sharo Kerensa'],
    ['Domo`o', "Domo'o"],
    ["Ada'a Malke", "Ada'a Malke"],
    ['Mekoy [01]', 'Mekoy (01)'],
    ['Frekalsi(01)', 'Frekalsi (01)'],
    ['Kebele-02 (enjit )', 'Kebele-02 (enjit)'],
    ['Rafu Hergisa.', 'Rafu Hergisa'],
    ['daela  geter', 'Daela geter'],
    ['  Ambo City Admin ', 'Ambo City Admin'],
    ['L/hahyle', 'L/hahyle'],
    ['Bobe,a Uke', 'Bobe,a Uke'],
  ])('%s → %s', (raw, clean) => {
    expect(cleanLabel(raw, 'kebele')).toBe(clean);
  });

  it('gives a bare number the level word and keeps the digits as written', () => {
    expect(cleanLabel('1', 'kebele')).toBe('Kebele 1');
    expect(cleanLabel('02', 'woreda')).toBe('Woreda 02');
    expect(cleanLabel('Kebele 02', 'kebele')).toBe('Kebele 02');
  });
});

describe('disambiguate', () => {
  const items = (...rows: [string, string, string][]): Labelled[] =>
    rows.map(([code, parent, name]) => ({ code, parent, name }));

  it('tells urban from rural kebeles by their code', () => {
    const list = items(['ET110407888002', 'W', 'Aba Bonga'], ['ET110407101001', 'W', 'aba bonga']);
    expect(disambiguate(list, kebeleKind)).toBe(2);
    expect(list.map((i) => i.name)).toEqual(['Aba Bonga (rural)', 'aba bonga (urban)']);
  });

  it('numbers same-kind siblings in code order and leaves other parents alone', () => {
    const list = items(
      ['ET01888002', 'W', 'Chinba'],
      ['ET01888001', 'W', 'Chinba'],
      ['ET02888001', 'V', 'Chinba'],
    );
    expect(disambiguate(list, kebeleKind)).toBe(1);
    expect(list.map((i) => i.name)).toEqual(['Chinba (2)', 'Chinba', 'Chinba']);
  });

  it('numbers within a kind when kinds are mixed', () => {
    const list = items(
      ['ET0000008880001', 'W', 'Yeha'],
      ['ET0000001010001', 'W', 'Yeha'],
      ['ET0000008880002', 'W', 'Yeha'],
    );
    disambiguate(list, (i) => (i.code.slice(8, 11) === '888' ? 'rural' : 'urban'));
    expect(list.map((i) => i.name).sort()).toEqual(['Yeha (rural 2)', 'Yeha (rural)', 'Yeha (urban)']);
  });

  it('fails rather than ship a name that still repeats', () => {
    const list = items(['A', 'W', 'Gora'], ['B', 'W', 'Gora'], ['C', 'W', 'Gora (2)']);
    expect(() => disambiguate(list)).toThrow(/still repeats/);
  });
});
