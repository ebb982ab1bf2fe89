import { Button, Cell, Checkbox, Section, Spinner } from '@telegram-apps/telegram-ui';
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
import { advisoryLabel, categoryName } from './labels';

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
    if (node.advisory) return advisoryLabel(node.advisory, localName(node, lang), lang);
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
  if (list.status === 'loading')
    return [
      <div key={key('loading')} className="ra-row-status" role="status" aria-label={t('common.loading')}>
        <Spinner size="s" />
      </div>,
    ];
  if (list.status === 'error')
    return [
      <div key={key('error')} className="ra-row-status ra-row-error" role="alert">
        <span>{list.message || t('errors.unknown')}</span>
        <Button size="s" mode="bezeled" onClick={() => props.onRetry(levelIndex, parentId)}>
          {t('common.try_again')}
        </Button>
      </div>,
    ];
  if (list.items.length === 0)
    return [
      <p key={key('empty')} className="ra-empty">
        {levelIndex === LAST_LEVEL ? t('reach.advisory_not_found') : t('common.no_options')}
      </p>,
    ];
  const checked = props.state.checked[levelIndex];
  return list.items.map((node) => {
    const name = nameOf(levelIndex, node);
    return (
      <Cell
        key={key(String(node.id))}
        Component="label"
        multiline
        before={
          <Checkbox
            checked={checked?.has(node.id) ?? false}
            onChange={(e) => props.onToggle(levelIndex, node, e.currentTarget.checked)}
            disabled={props.disabled}
            aria-label={name}
          />
        }
      >
        {name}
      </Cell>
    );
  });
}

/**
 * An advisory named after its sub-practice (spec §2's last fallback) right under that
 * sub-practice would read as the same line twice: its level keeps its title then.
 */
function echoesParent(levelIndex: number, lists: LevelLists | undefined, nameOf: NameOf): boolean {
  if (levelIndex !== LAST_LEVEL || !lists) return false;
  for (const list of lists.values()) {
    if (list.status !== 'ready' || !list.parent) continue;
    const parentName = nameOf(levelIndex - 1, list.parent);
    if (list.items.some((node) => nameOf(levelIndex, node) === parentName)) return true;
  }
  return false;
}

/**
 * Spec §2's hierarchy, one Section per level that has something to show. When several nodes
 * of a level are checked, their children are grouped under their parent's name. A level with a
 * single child has it checked for the user and shows no title (unless it repeats its parent's
 * name: echoesParent).
 */
export function HierarchyLevels(props: HierarchyLevelsProps) {
  const t = useT();
  const nameOf = useNodeName();
  const { state, titles, error } = props;
  const lastShown = state.lists.reduce((last, lists, i) => (lists.size ? i : last), 0);
  return LEVELS.map((level, levelIndex) => {
    const lists = state.lists[levelIndex];
    if (!lists?.size) return null;
    const grouped = lists.size > 1;
    const showError = error && levelIndex === lastShown;
    return (
      <Section
        key={level}
        data-level={level}
        header={titleHidden(lists) && !echoesParent(levelIndex, lists, nameOf) ? undefined : titles[level]}
        footer={
          showError ? (
            <Section.Footer>
              <span className="ra-error" role="alert">
                {error}
              </span>
            </Section.Footer>
          ) : undefined
        }
      >
        {[...lists.entries()]
          .flatMap(([parentId, list]) => [
            grouped && list.parent ? (
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
