import { advisoryLabel } from '@gebere/contract/rules';
import { Section } from '@telegram-apps/telegram-ui';
import type { ReactNode } from 'react';
import type { TFunction } from '../../lib/i18n/texts';
import { currentLanguage, localName, useT } from '../../lib/i18n/texts';
import {
  type ChildList,
  type HierarchyNode,
  type HierarchyState,
  LAST_LEVEL,
  LEVELS,
  type Level,
  type LevelLists,
  titleHidden,
} from './hierarchy-store';
import { categoryName } from './labels';
import { checkRow, errorFooter, statusRow } from './list-rows';

interface HierarchyLevelsProps {
  state: HierarchyState;
  /** Level → title: the reach titles or the record-adoption titles. */
  titles: Record<Level, string>;
  onToggle: (levelIndex: number, node: HierarchyNode, on: boolean) => void;
  onRetry: (levelIndex: number, parentId: number) => void;
  disabled: boolean;
  /** please_select_atleast_one_advisory after a submit without advisories. */
  error?: string | undefined;
}

type NameOf = (levelIndex: number, node: HierarchyNode) => string;

function useNodeName(): NameOf {
  const t = useT();
  const lang = currentLanguage();
  return (levelIndex: number, node: HierarchyNode): string => {
    if (levelIndex === 0) return categoryName(node, lang, t);
    // An advisory node carries its sub-practice's names, the label's last fallback.
    if (node.advisory) return advisoryLabel(node.advisory, lang, localName(node, lang));
    return localName(node, lang);
  };
}

/**
 * The rows of one parent's list. Rows, not a component: Section puts its dividers between its
 * direct children, and React.Children flattens arrays (not fragments).
 */
function listRows(
  levelIndex: number,
  parentId: number,
  list: ChildList,
  props: HierarchyLevelsProps,
  t: TFunction,
  nameOf: NameOf,
): ReactNode[] {
  const key = (part: string) => `${parentId}-${part}`;
  if (list.status !== 'ready' || list.items.length === 0)
    return [
      statusRow(
        key,
        list.status === 'loading'
          ? { loading: t('common.loading') }
          : list.status === 'error'
            ? {
                error: list.message || t('errors.unknown'),
                onRetry: () => props.onRetry(levelIndex, parentId),
              }
            : { empty: levelIndex === LAST_LEVEL ? t('reach.advisory_not_found') : t('common.no_options') },
        t,
      ),
    ];
  const checked = props.state.checked[levelIndex];
  return list.items.map((node) => {
    const name = nameOf(levelIndex, node);
    return checkRow({
      key: key(String(node.id)),
      label: name,
      checked: checked?.has(node.id) ?? false,
      onChange: (on) => props.onToggle(levelIndex, node, on),
      disabled: props.disabled,
      children: name,
    });
  });
}

/** Whether every item of a parent's list at the advisory level is named as that parent. */
function echoes(levelIndex: number, list: ChildList, nameOf: NameOf): boolean {
  if (levelIndex !== LAST_LEVEL || list.status !== 'ready' || !list.parent || !list.items.length)
    return false;
  const parentName = nameOf(levelIndex - 1, list.parent);
  return list.items.every((node) => nameOf(levelIndex, node) === parentName);
}

/**
 * An advisory named after its sub-practice (spec §2's last fallback) must not read as the same
 * line twice. Under a single sub-practice that was checked for the user (its own title hidden),
 * the advisory's level is not shown at all: the advisory, checked with it, is that one line.
 */
function standsInForParent(levelIndex: number, lists: readonly LevelLists[], nameOf: NameOf): boolean {
  const own = lists[levelIndex];
  const above = lists[levelIndex - 1];
  if (!own || !above || !titleHidden(own) || !titleHidden(above)) return false;
  return [...own.values()].every((list) => echoes(levelIndex, list, nameOf));
}

/**
 * Spec §2's hierarchy, one Section per level that has something to show. When several nodes
 * of a level are checked, their children are grouped under their parent's name (not when the
 * only child is named as the parent). A level with a single child has it checked for the user
 * and shows no title, unless that child repeats the name of a parent the user chose among
 * others: then the title says what the second line is.
 */
export function HierarchyLevels(props: HierarchyLevelsProps) {
  const t = useT();
  const nameOf = useNodeName();
  const { state, titles, error } = props;
  const shown = (lists: LevelLists | undefined, i: number) =>
    Boolean(lists?.size) && !standsInForParent(i, state.lists, nameOf);
  const lastShown = state.lists.reduce((last, lists, i) => (shown(lists, i) ? i : last), 0);
  return LEVELS.map((level, levelIndex) => {
    const lists = state.lists[levelIndex];
    if (!lists || !shown(lists, levelIndex)) return null;
    const grouped = lists.size > 1;
    const showError = error && levelIndex === lastShown;
    const repeats = [...lists.values()].some((list) => echoes(levelIndex, list, nameOf));
    return (
      <Section
        key={level}
        data-level={level}
        header={titleHidden(lists) && !repeats ? undefined : titles[level]}
        footer={errorFooter(showError && error)}
      >
        {[...lists.entries()]
          .flatMap(([parentId, list]) => [
            grouped && list.parent && !echoes(levelIndex, list, nameOf) ? (
              <div key={`${parentId}-parent`} className="ra-parent">
                {nameOf(levelIndex - 1, list.parent)}
              </div>
            ) : null,
            ...listRows(levelIndex, parentId, list, props, t, nameOf),
          ])
          .filter(Boolean)}
      </Section>
    );
  });
}
