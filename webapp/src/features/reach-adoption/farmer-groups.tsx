import { Button, Cell, Checkbox, Section, Spinner } from '@telegram-apps/telegram-ui';
import { type ReactNode, useState } from 'react';
import type { TFunction } from '../../lib/i18n/texts';
import { useT } from '../../lib/i18n/texts';
import type { RecordKind } from './calls';
import type { GroupState } from './use-groups';

interface FarmerGroupsProps {
  kind: RecordKind;
  title: string;
  groups: readonly GroupState[];
  selected: ReadonlySet<number | string>;
  onToggle: (farmerIds: readonly (number | string)[], on: boolean) => void;
  onRetry: (groupId: number | string) => void;
  disabled: boolean;
  /** please_select_atleast_one_farmer after a submit without farmers. */
  error?: string | undefined;
}

function Chevron({ open }: { open: boolean }) {
  return (
    <svg
      className={open ? 'ra-chevron ra-chevron-open' : 'ra-chevron'}
      viewBox="0 0 24 24"
      aria-hidden="true"
    >
      <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

type RowProps = Pick<FarmerGroupsProps, 'kind' | 'selected' | 'onToggle' | 'onRetry' | 'disabled'>;

/**
 * The rows of an open group. Rows, not a component: Section puts its dividers between its
 * direct children, and React.Children flattens arrays (not fragments).
 */
function groupRows(state: GroupState, props: RowProps, t: TFunction): ReactNode[] {
  const { kind, selected, onToggle, onRetry, disabled } = props;
  const key = (part: string) => `${state.id}-${part}`;
  if (state.status === 'loading')
    return [
      <div
        key={key('loading')}
        className="ra-row-status"
        role="status"
        aria-label={t('reach.loading_farmers')}
      >
        <Spinner size="s" />
      </div>,
    ];
  if (state.status === 'error')
    return [
      <div key={key('error')} className="ra-row-status ra-row-error" role="alert">
        <span>{state.message}</span>
        <Button size="s" mode="bezeled" onClick={() => onRetry(state.id)}>
          {t('common.try_again')}
        </Button>
      </div>,
    ];
  if (state.farmers.length === 0)
    return [
      <p key={key('empty')} className="ra-empty">
        {t(kind === 'reach' ? 'reach.reached_farmers_not_found' : 'reach.farmers_not_found')}
      </p>,
    ];
  const ids = state.farmers.map((f) => f.id);
  const count = ids.filter((id) => selected.has(id)).length;
  return [
    <Cell
      key={key('all')}
      Component="label"
      className="ra-indent"
      before={
        <Checkbox
          checked={count === ids.length}
          indeterminate={count > 0 && count < ids.length}
          onChange={(e) => onToggle(ids, e.currentTarget.checked)}
          disabled={disabled}
          aria-label={`${t('common.select_all')} · ${state.group.group_name}`}
        />
      }
    >
      <span className="ra-select-all">{t('common.select_all')}</span>
    </Cell>,
    ...state.farmers.map((f) => (
      <Cell
        key={key(String(f.id))}
        Component="label"
        className="ra-indent"
        multiline
        before={
          <Checkbox
            checked={selected.has(f.id)}
            onChange={(e) => onToggle([f.id], e.currentTarget.checked)}
            disabled={disabled}
            aria-label={f.name}
          />
        }
      >
        {f.name}
      </Cell>
    )),
  ];
}

/**
 * Spec §2: for each selected development group, an expandable list of its farmers with
 * checkboxes (and a 'select all' per group); a group without farmers says so (the reach
 * wording on the reach screen, the general one on adoption).
 */
export function FarmerGroups(props: FarmerGroupsProps) {
  const t = useT();
  const { groups, selected, title, error } = props;
  // One group: open from the start. Several: closed, so every group's name is in view.
  const [open, setOpen] = useState<ReadonlySet<number | string>>(
    () => new Set(groups.length === 1 ? [groups[0]?.id ?? 0] : []),
  );
  const toggleOpen = (id: number | string) =>
    setOpen((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <Section
      header={title}
      footer={
        error ? (
          <Section.Footer>
            <span className="ra-error" role="alert">
              {error}
            </span>
          </Section.Footer>
        ) : undefined
      }
    >
      {groups.flatMap((g) => {
        const expanded = open.has(g.id);
        const name = g.status === 'ready' ? g.group.group_name : t('common.loading');
        const count = g.status === 'ready' ? g.farmers.filter((f) => selected.has(f.id)).length : 0;
        const total = g.status === 'ready' ? g.farmers.length : undefined;
        return [
          <Cell
            key={`${g.id}-head`}
            Component="button"
            type="button"
            className="ra-group-head group-head"
            aria-expanded={expanded}
            onClick={() => toggleOpen(g.id)}
            after={
              <span className="ra-group-after">
                {total !== undefined && (
                  <span className={count ? 'ra-count ra-count-on' : 'ra-count'}>
                    {count}/{total}
                  </span>
                )}
                <Chevron open={expanded} />
              </span>
            }
            multiline
          >
            {name}
          </Cell>,
          ...(expanded ? groupRows(g, props, t) : []),
        ];
      })}
    </Section>
  );
}
