import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { outsideTelegram, setLaunchForTests } from '../launch/launch';
import { DRAFT_DAYS, type DraftSpec, resetDraftsForTests, useDraft } from './draft';

interface Values {
  name: string;
  phone: string;
  agree: boolean;
}
const spec: DraftSpec<Values> = {
  screen: 'farmerRegistration',
  params: { daId: 5, kebeleId: 9 },
  base: { name: '', phone: '', agree: false },
};

/** The screen opened by Telegram user `userId` (a new page: drafts are swept again). */
function open(userId: number, s: DraftSpec<Values> = spec) {
  resetDraftsForTests();
  setLaunchForTests({ ...outsideTelegram, userId });
  return renderHook(() => useDraft(s));
}

describe('form drafts', () => {
  afterEach(() => setLaunchForTests(undefined));

  it('restores what was typed after the screen is opened again, and not once it is saved', () => {
    const first = open(501);
    expect(first.result.current.restored).toBe(false);
    act(() => first.result.current.keep({ name: 'Abebe', phone: '', agree: true }));
    first.unmount();

    const second = open(501);
    expect(second.result.current.initial).toEqual({ name: 'Abebe', phone: '', agree: true });
    expect(second.result.current.restored).toBe(true);
    // Only what differs from the form's starting values is kept.
    expect(JSON.parse(window.localStorage.getItem(window.localStorage.key(0) ?? '') ?? '{}').values).toEqual({
      name: 'Abebe',
      agree: true,
    });
    act(() => second.result.current.drop());
    second.unmount();
    expect(open(501).result.current.initial).toEqual(spec.base);
  });

  it('keeps drafts apart per screen parameters', () => {
    const first = open(501);
    act(() => first.result.current.keep({ name: 'Abebe' }));
    expect(open(501, { ...spec, params: { daId: 6, kebeleId: 9 } }).result.current.restored).toBe(false);
    expect(open(501).result.current.restored).toBe(true);
  });

  it('drops another Telegram user’s drafts (farmers’ names and phones) on a shared phone', () => {
    const first = open(501);
    act(() => first.result.current.keep({ name: 'Abebe', phone: '0911223344' }));
    expect(open(502).result.current.initial).toEqual(spec.base);
    expect(JSON.stringify({ ...window.localStorage })).not.toContain('0911223344');
    expect(open(501).result.current.restored).toBe(false);
  });

  it('keeps the submission’s key beside the values, and forgets old drafts', () => {
    const first = open(501);
    act(() => {
      first.result.current.keep({ name: 'Abebe' });
      first.result.current.keySlot.set({ key: 'k-1', values: '{"name":"Abebe"}' });
    });
    expect(open(501).result.current.keySlot.get()).toEqual({ key: 'k-1', values: '{"name":"Abebe"}' });

    const key = window.localStorage.key(0) ?? '';
    const stored = JSON.parse(window.localStorage.getItem(key) ?? '{}');
    window.localStorage.setItem(
      key,
      JSON.stringify({ ...stored, at: Date.now() - (DRAFT_DAYS + 1) * 864e5 }),
    );
    expect(open(501).result.current.restored).toBe(false);
  });

  it('restores only the fields the form has, with their types', () => {
    open(501).unmount();
    const key = `gebere:draft:501:farmerRegistration:${JSON.stringify(spec.params)}`;
    window.localStorage.setItem(
      key,
      JSON.stringify({ at: Date.now(), values: { name: 42, phone: '0911', agree: 'yes', extra: 'x' } }),
    );
    expect(open(501).result.current.initial).toEqual({ name: '', phone: '0911', agree: false });
    window.localStorage.setItem(key, '{not json');
    expect(open(501).result.current.initial).toEqual(spec.base);
  });
});
