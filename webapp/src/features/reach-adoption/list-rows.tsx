import { Button, Cell, Checkbox, Section, Spinner } from '@telegram-apps/telegram-ui';
import type { ReactNode } from 'react';
import type { TFunction } from '../../lib/i18n/texts';

/*
 * The rows the farmer groups and the hierarchy draw alike. Rows, not components: Section puts its
 * dividers between its direct children, and React.Children flattens arrays (not fragments).
 */

/** A list that is not ready: its spinner, its error with Try Again, or the words for an empty one. */
export function statusRow(
  key: (part: string) => string,
  state: { loading: string } | { error: string; onRetry: () => void } | { empty: string },
  t: TFunction,
): ReactNode {
  if ('loading' in state)
    return (
      <div key={key('loading')} className="ra-row-status" role="status" aria-label={state.loading}>
        <Spinner size="s" />
      </div>
    );
  if ('error' in state)
    return (
      <div key={key('error')} className="ra-row-status ra-row-error" role="alert">
        <span>{state.error}</span>
        <Button size="s" mode="bezeled" onClick={state.onRetry}>
          {t('common.try_again')}
        </Button>
      </div>
    );
  return (
    <p key={key('empty')} className="ra-empty">
      {state.empty}
    </p>
  );
}

/** A row to check: its box named `label` for a screen reader. */
export function checkRow(props: {
  key: string;
  label: string;
  checked: boolean;
  indeterminate?: boolean;
  onChange: (on: boolean) => void;
  disabled: boolean;
  className?: string;
  children: ReactNode;
}): ReactNode {
  return (
    <Cell
      key={props.key}
      Component="label"
      className={props.className}
      multiline
      before={
        <Checkbox
          checked={props.checked}
          indeterminate={props.indeterminate}
          onChange={(e) => props.onChange(e.currentTarget.checked)}
          disabled={props.disabled}
          aria-label={props.label}
        />
      }
    >
      {props.children}
    </Cell>
  );
}

/** A Section's footer that says what is missing (after a press without a choice). */
export function errorFooter(error: string | undefined | false): ReactNode {
  return error ? (
    <Section.Footer>
      <span className="ra-error" role="alert">
        {error}
      </span>
    </Section.Footer>
  ) : undefined;
}
