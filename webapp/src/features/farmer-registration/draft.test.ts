import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearDraft, draftKey, loadDraft, saveDraft } from './draft';

const key = draftKey(5, 9);

describe('farmer draft', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.sessionStorage.clear();
  });

  it('round-trips what was typed, and a blank form removes it', () => {
    saveDraft(key, { farmer_name: 'Abebe', gender: 'female', add_dev_group: true, group_type: 'mixed' });
    expect(loadDraft(key)).toEqual({
      farmer_name: 'Abebe',
      gender: 'female',
      add_dev_group: true,
      group_type: 'mixed',
    });
    saveDraft(key, { farmer_name: '  ', add_dev_group: true });
    expect(window.sessionStorage.getItem(key)).toBeNull();
  });

  it('keeps only known fields of the right type from storage', () => {
    window.sessionStorage.setItem(
      key,
      JSON.stringify({
        farmer_name: 7,
        father_name: 'Kebede',
        gender: 'other',
        group_type: 'x',
        add_dev_group: 'yes',
        extra: 1,
      }),
    );
    expect(loadDraft(key)).toEqual({ father_name: 'Kebede' });
    window.sessionStorage.setItem(key, '{not json');
    expect(loadDraft(key)).toEqual({});
  });

  it('works without storage (private mode, full storage)', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(() => saveDraft(key, { farmer_name: 'Abebe' })).not.toThrow();
    expect(loadDraft(key)).toEqual({});
    expect(() => clearDraft(key)).not.toThrow();
  });
});
