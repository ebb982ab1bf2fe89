import { describe, expect, it } from 'vitest';
import { type HierarchyNode, HierarchyStore, type LoadResult, titleHidden } from './hierarchy-store';

/** Loaders whose answers the test releases one by one. */
function manualLoader() {
  const pending: { levelIndex: number; parent: HierarchyNode | null; resolve: (r: LoadResult) => void }[] =
    [];
  const loader = (levelIndex: number, parent: HierarchyNode | null) =>
    new Promise<LoadResult>((resolve) => pending.push({ levelIndex, parent, resolve }));
  return { pending, loader };
}
const node = (id: number, name = `n${id}`): HierarchyNode => ({ id, name });
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('HierarchyStore', () => {
  it('loads children on check, clears them and everything below on uncheck', async () => {
    const { pending, loader } = manualLoader();
    const store = new HierarchyStore(loader);
    store.start();
    pending.shift()?.resolve({ ok: true, items: [node(1), node(2)] });
    await flush();
    store.toggle(0, node(1), true);
    expect(store.getState().lists[1]?.get(1)?.status).toBe('loading');
    pending.shift()?.resolve({ ok: true, items: [node(10), node(11)] });
    await flush();
    store.toggle(1, node(10), true);
    pending.shift()?.resolve({ ok: true, items: [node(100), node(101)] });
    await flush();
    store.toggle(2, node(100), true);
    expect(store.getState().lists[3]?.size).toBe(1);

    store.toggle(0, node(1), false);
    const s = store.getState();
    expect(s.lists.slice(1).map((l) => l.size)).toEqual([0, 0, 0, 0]);
    expect(s.checked.map((c) => c.size)).toEqual([0, 0, 0, 0, 0]);
    // The answer for the sub-practices arrives after the uncheck: ignored.
    pending.shift()?.resolve({ ok: true, items: [node(1000)] });
    await flush();
    expect(store.getState().lists[3]?.size).toBe(0);
  });

  it('checks a single child by itself, all the way down, and hides that level title', async () => {
    const { pending, loader } = manualLoader();
    const store = new HierarchyStore(loader);
    store.start();
    pending.shift()?.resolve({ ok: true, items: [node(2), node(3)] });
    await flush();
    store.toggle(0, node(2), true);
    for (const id of [20, 200, 2000, 9]) {
      pending.shift()?.resolve({ ok: true, items: [node(id)] });
      await flush();
    }
    const s = store.getState();
    expect(s.checked.map((c) => [...c])).toEqual([[2], [20], [200], [2000], [9]]);
    expect(titleHidden(s.lists[0] ?? new Map())).toBe(false);
    expect([1, 2, 3, 4].map((i) => titleHidden(s.lists[i] ?? new Map()))).toEqual([true, true, true, true]);
    expect(store.checkedAt(4)).toEqual([9]);
  });

  it('groups children of several checked parents in one level; a failed list can be retried', async () => {
    const { pending, loader } = manualLoader();
    const store = new HierarchyStore(loader);
    store.start();
    pending.shift()?.resolve({ ok: true, items: [node(1), node(2)] });
    await flush();
    store.toggle(0, node(1), true);
    store.toggle(0, node(2), true);
    pending.shift()?.resolve({ ok: true, items: [node(10)] });
    pending.shift()?.resolve({ ok: false, message: 'Network Error' });
    await flush();
    // Auto-checked child of 1 loads its own children; 2's list failed.
    pending.shift();
    const level1 = store.getState().lists[1];
    expect([...(level1?.keys() ?? [])]).toEqual([1, 2]);
    expect(level1?.get(2)).toMatchObject({ status: 'error', message: 'Network Error' });
    expect(titleHidden(level1 ?? new Map())).toBe(false);
    store.retry(1, 2);
    expect(pending.at(-1)?.parent?.id).toBe(2);
    pending.pop()?.resolve({ ok: true, items: [node(20), node(21)] });
    await flush();
    expect(store.getState().lists[1]?.get(2)?.status).toBe('ready');
  });
});
