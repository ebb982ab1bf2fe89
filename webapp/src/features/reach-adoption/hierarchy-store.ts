import type { AdvisoryText } from '@gebere/contract/rules';

/**
 * Spec §2's hierarchy: value chain category → value chain → practice → sub-practice →
 * advisory, each level a list of checkboxes. Checking a node loads its children into the next
 * level; unchecking removes them and everything below; a node whose list of children has a
 * single child gets that child checked by itself. Plain state (no React) so the rules are
 * testable alone; the screen subscribes with useSyncExternalStore.
 */
export const LEVELS = [
  'value_chain_category',
  'value_chain',
  'practice',
  'sub_practice',
  'advisory',
] as const;
export type Level = (typeof LEVELS)[number];
export const LAST_LEVEL = LEVELS.length - 1;

export interface HierarchyNode {
  id: number;
  name: string;
  name_am?: string | null;
  name_om?: string | null;
  /** The value chain above (value chains: themselves); advisories are looked up by it. */
  valueChainId?: number;
  /** Advisory level: the text its label is made from (@gebere/contract/rules advisoryLabel). */
  advisory?: AdvisoryText;
}

export type LoadResult = { ok: true; items: HierarchyNode[] } | { ok: false; message: string };

/** Children of `parent` at level `LEVELS[levelIndex]` (categories: parent null). */
export type Loader = (levelIndex: number, parent: HierarchyNode | null) => Promise<LoadResult>;

export type ChildList =
  | { status: 'loading'; parent: HierarchyNode | null; token: number }
  | { status: 'error'; parent: HierarchyNode | null; message: string }
  | { status: 'ready'; parent: HierarchyNode | null; items: HierarchyNode[] };

/** Parent id → its children at a level; categories hang under ROOT. Insertion order = screen order. */
export type LevelLists = ReadonlyMap<number, ChildList>;

export interface HierarchyState {
  lists: readonly LevelLists[];
  checked: readonly ReadonlySet<number>[];
}

export const ROOT = 0;

export class HierarchyStore {
  private state: HierarchyState = {
    lists: LEVELS.map(() => new Map()),
    checked: LEVELS.map(() => new Set()),
  };
  private listeners = new Set<() => void>();
  private seq = 0;

  constructor(private readonly loader: Loader) {}

  getState = (): HierarchyState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Loads the categories. */
  start(): void {
    if (!this.state.lists[0]?.has(ROOT)) this.load(0, null);
  }

  toggle(levelIndex: number, node: HierarchyNode, on: boolean): void {
    if (on) this.check(levelIndex, node);
    else this.uncheck(levelIndex, node.id);
  }

  /** Loads a list that failed again. */
  retry(levelIndex: number, parentId: number): void {
    const list = this.state.lists[levelIndex]?.get(parentId);
    if (list?.status === 'error') this.load(levelIndex, list.parent);
  }

  /** Checked advisory ids. */
  checkedAt(levelIndex: number): number[] {
    return [...(this.state.checked[levelIndex] ?? [])];
  }

  private emit(next: HierarchyState) {
    this.state = next;
    for (const l of this.listeners) l();
  }

  private setList(levelIndex: number, parentId: number, list: ChildList | undefined) {
    const lists = this.state.lists.map((m, i) => {
      if (i !== levelIndex) return m;
      const copy = new Map(m);
      if (list) copy.set(parentId, list);
      else copy.delete(parentId);
      return copy;
    });
    this.emit({ ...this.state, lists });
  }

  private setChecked(levelIndex: number, id: number, on: boolean) {
    const checked = this.state.checked.map((s, i) => {
      if (i !== levelIndex) return s;
      const copy = new Set(s);
      if (on) copy.add(id);
      else copy.delete(id);
      return copy;
    });
    this.emit({ ...this.state, checked });
  }

  private load(levelIndex: number, parent: HierarchyNode | null) {
    const parentId = parent?.id ?? ROOT;
    const token = ++this.seq;
    this.setList(levelIndex, parentId, { status: 'loading', parent, token });
    void this.loader(levelIndex, parent)
      .catch((): LoadResult => ({ ok: false, message: '' }))
      .then((result) => {
        const current = this.state.lists[levelIndex]?.get(parentId);
        // Unchecked (or reloaded) while this was on its way: its answer is no longer wanted.
        if (current?.status !== 'loading' || current.token !== token) return;
        if (!result.ok) {
          this.setList(levelIndex, parentId, { status: 'error', parent, message: result.message });
          return;
        }
        this.setList(levelIndex, parentId, { status: 'ready', parent, items: result.items });
        const only = result.items.length === 1 ? result.items[0] : undefined;
        if (only) this.check(levelIndex, only);
      });
  }

  private check(levelIndex: number, node: HierarchyNode) {
    if (this.state.checked[levelIndex]?.has(node.id)) return;
    this.setChecked(levelIndex, node.id, true);
    if (levelIndex < LAST_LEVEL) this.load(levelIndex + 1, node);
  }

  private uncheck(levelIndex: number, id: number) {
    if (!this.state.checked[levelIndex]?.has(id)) return;
    this.setChecked(levelIndex, id, false);
    this.clearChildren(levelIndex + 1, id);
  }

  /** Removes the children of `parentId` at `levelIndex`, and theirs, all the way down. */
  private clearChildren(levelIndex: number, parentId: number) {
    if (levelIndex > LAST_LEVEL) return;
    const list = this.state.lists[levelIndex]?.get(parentId);
    if (!list) return;
    this.setList(levelIndex, parentId, undefined);
    if (list.status === 'ready') for (const item of list.items) this.uncheck(levelIndex, item.id);
  }
}

/** Items shown at a level, over all its lists. */
export function itemCount(lists: LevelLists): number {
  let n = 0;
  for (const list of lists.values()) if (list.status === 'ready') n += list.items.length;
  return n;
}

/**
 * Spec §2: a level with a single child is auto-selected and its title hidden. The title stays
 * while the level is loading or failed (the user knows what is coming), and when the level
 * holds the lists of several parents (one of them may say 'not found').
 */
export function titleHidden(lists: LevelLists): boolean {
  if (lists.size !== 1) return false;
  for (const list of lists.values()) if (list.status !== 'ready') return false;
  return itemCount(lists) === 1;
}
