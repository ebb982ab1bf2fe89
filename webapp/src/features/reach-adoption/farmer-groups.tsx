import { Cell, Section } from '@telegram-apps/telegram-ui';
import { type ReactNode, useState } from 'react';
import type { TFunction } from '../../lib/i18n/texts';
import { useT } from '../../lib/i18n/texts';
import type { RecordKind } from './calls';
import { checkRow, errorFooter, statusRow } from './list-rows';
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
  if (state.status !== 'ready' || state.farmers.length === 0)
    return [
      statusRow(
        key,
        state.status === 'loading'
          ? { loading: t('reach.loading_farmers') }
          : state.status === 'error'
            ? { error: state.message, onRetry: () => onRetry(state.id) }
            : { empty: t(kind === 'reach' ? 'reach.reached_farmers_not_found' : 'reach.farmers_not_found') },
        t,
      ),
    ];
  const ids = state.farmers.map((f) => f.id);
  const count = ids.filter((id) => selected.has(id)).length;
  return [
    checkRow({
      key: key('all'),
      label: `${t('common.select_all')} · ${state.group.group_name}`,
      checked: count === ids.length,
      indeterminate: count > 0 && count < ids.length,
      onChange: (on) => onToggle(ids, on),
      disabled,
      className: 'ra-indent',
      children: <span className="ra-select-all">{t('common.select_all')}</span>,
    }),
    ...state.farmers.map((f) =>
      checkRow({
        key: key(String(f.id)),
        label: f.name,
        checked: selected.has(f.id),
        onChange: (on) => onToggle([f.id], on),
        disabled,
        className: 'ra-indent',
        children: f.name,
      }),
    ),
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
    <Section header={title} footer={errorFooter(error)}>
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
