import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { freshIndexedDb } from '../../test-kit/indexed-db';
import { outsideTelegram, setLaunchForTests } from '../launch/launch';
import { closeForTests, keep, kept, MAX_AGE_MS, MAX_ENTRIES } from './store';

const asUser = (userId: number | undefined) => setLaunchForTests({ ...outsideTelegram, userId });
const GROUPS = ['listDevelopmentGroups', { query: { kebele: 42 } }];

describe('the offline read cache (IndexedDB)', () => {
  beforeEach(async () => {
    await freshIndexedDb();
    window.history.replaceState(null, '', '/');
    document.head.innerHTML = '';
    asUser(501);
  });
  afterEach(async () => {
    await closeForTests();
    vi.unstubAllGlobals();
    setLaunchForTests(undefined);
  });

  it('keeps an answer with the time it was fetched', async () => {
    await keep(GROUPS, [{ id: 3, group_name: 'Tesfa' }], 1_000);
    expect(await kept(GROUPS, 2_000)).toEqual({ at: 1_000, data: [{ id: 3, group_name: 'Tesfa' }] });
    expect(await kept(['listDevelopmentGroups', { query: { kebele: 43 } }])).toBeUndefined();
  });

  it('never shows one Telegram user’s data to another, and drops it', async () => {
    await keep(GROUPS, [{ id: 3, group_name: 'Tesfa', phone: '0911223344' }]);
    await closeForTests();
    asUser(502);
    expect(await kept(GROUPS)).toBeUndefined();
    // Back to the first user: their data went when the other user opened the app.
    await closeForTests();
    asUser(501);
    expect(await kept(GROUPS)).toBeUndefined();
  });

  it('a signed link’s user owns the data when there is no initData; no user, nothing kept', async () => {
    asUser(undefined);
    window.history.replaceState(null, '', '/farmer_registration?da_id=1&kebele_id=42&tg=501&exp=9&sig=x');
    await keep(GROUPS, ['a']);
    expect((await kept(GROUPS))?.data).toEqual(['a']);
    await closeForTests();
    window.history.replaceState(null, '', '/farmer_registration?da_id=1&kebele_id=42&tg=501');
    await expect(kept(GROUPS)).rejects.toThrow(/no user/);
  });

  it('a new build drops what the old one kept', async () => {
    document.head.innerHTML = '<script type="module" src="/assets/index-AAAA.js"></script>';
    await keep(GROUPS, ['old build']);
    await closeForTests();
    document.head.innerHTML = '<script type="module" src="/assets/index-BBBB.js"></script>';
    expect(await kept(GROUPS)).toBeUndefined();
  });

  it('is bounded: the least recently fetched answers go, and old ones are not used', async () => {
    for (let i = 0; i <= MAX_ENTRIES; i++) await keep(['read', i], i, 10_000 + i);
    expect(await kept(['read', 0], 20_000)).toBeUndefined();
    expect(await kept(['read', 1], 20_000)).toEqual({ at: 10_001, data: 1 });
    expect(await kept(['read', MAX_ENTRIES], 10_000 + MAX_AGE_MS + MAX_ENTRIES + 1)).toBeUndefined();
  });
});
