import type { Location } from '@gebere/contract';
import { Button, Section } from '@telegram-apps/telegram-ui';
import { useEffect, useMemo, useState } from 'react';
import {
  type FieldPath,
  type FieldValues,
  type PathValue,
  type UseFormReturn,
  useWatch,
} from 'react-hook-form';
import { type AdminLevel, ALL, loadAdminAreas } from '../lib/api/admin-areas';
import { describeApiError } from '../lib/api/errors';
import type { ApiError } from '../lib/api/lazy-client';
import { currentLanguage, localName, sortByShownName, useT } from '../lib/i18n/texts';
import { SelectField, type SelectOption } from './select-field';

/**
 * Which areas a level offers, given the ids chosen above it (top down): every area or only
 * these, and whether 'All' (the area above, or the nation) may head the list.
 */
export type CascadeOffer = (
  level: AdminLevel,
  above: readonly number[],
) => { all: boolean; ids: ReadonlySet<number> | 'every' };

export interface AdminCascadeProps<T extends FieldValues, TOut extends FieldValues = T> {
  /** The form; its output type (TOut) may differ from what the inputs hold. */
  form: UseFormReturn<T, unknown, TOut>;
  /** Levels to show, top down: all four by default; the report user stops at woreda. */
  levels?: readonly AdminLevel[];
  /** Form field of each level when it is not named like the level. */
  names?: Partial<Record<AdminLevel, FieldPath<T>>>;
  /** Notification targeting: every list starts with 'All', and choosing it hides the levels below. */
  allowAll?: boolean;
  /** Only these areas (a manager's grants); the value a field holds stays listed whatever it is. */
  offer?: CascadeOffer | null;
  disabled?: boolean;
  /** Section header above the selects. */
  header?: string;
}

type Areas =
  | { status: 'idle' | 'loading' }
  | { status: 'ready'; areas: Location[] }
  | { status: 'error'; error: ApiError };

function useAreas(level: AdminLevel, parent: string | undefined, enabled: boolean) {
  const [state, setState] = useState<Areas>({ status: 'idle' });
  const [attempt, setAttempt] = useState(0);
  const parentId = parent && parent !== ALL ? Number(parent) : undefined;
  useEffect(() => {
    if (!enabled || (level !== 'region' && !parentId)) {
      setState({ status: 'idle' });
      return;
    }
    let live = true;
    setState({ status: 'loading' });
    loadAdminAreas(level, parentId).then(
      (areas) => live && setState({ status: 'ready', areas }),
      (error: ApiError) => live && setState({ status: 'error', error }),
    );
    return () => {
      live = false;
    };
    // attempt: a retry re-runs the effect
  }, [level, parentId, enabled, attempt]);
  return { state, retry: () => setAttempt((n) => n + 1) };
}

/**
 * A level's options: each area by its name in the screen's language (the Amharic one when the
 * area has it, else the Latin one), in the order of those names as the language sorts them.
 */
function areaOptions(areas: readonly Location[], lang: string): SelectOption[] {
  const options = areas.map((a) => ({ value: String(a.id), label: localName(a, lang) }));
  return sortByShownName(options, (o) => o.label, lang);
}

/**
 * Region → zone → woreda → kebele selects from the backend (spec §4): changing a level clears
 * the levels below; a level is disabled until the one above is chosen; with `allowAll`, 'All'
 * heads every list and hides the levels below it. Field values are ids as strings, '' for
 * none, 'all' for all; each level's error shows under its select.
 */
export function AdminCascade<T extends FieldValues, TOut extends FieldValues = T>({
  form,
  levels = ['region', 'zone', 'woreda', 'kebele'],
  names = {},
  allowAll = false,
  offer = null,
  disabled = false,
  header,
}: AdminCascadeProps<T, TOut>) {
  const fieldOf = (level: AdminLevel) => (names[level] ?? level) as FieldPath<T>;
  const values = useWatch({ control: form.control, name: levels.map(fieldOf) }) as (string | undefined)[];

  const clearBelow = (index: number) => {
    for (const level of levels.slice(index + 1)) {
      form.setValue(fieldOf(level), '' as PathValue<T, FieldPath<T>>, { shouldDirty: true });
      form.clearErrors(fieldOf(level));
    }
  };

  // A level shows while no level above it is 'all'.
  const allAt = values.indexOf(ALL);
  const visible = allAt === -1 ? levels : levels.slice(0, allAt + 1);

  return (
    <Section header={header}>
      {visible.map((level, i) => (
        <CascadeSelect
          key={level}
          form={form}
          level={level}
          name={fieldOf(level)}
          parent={i === 0 ? undefined : values[i - 1]}
          enabled={i === 0 || Boolean(values[i - 1])}
          allowAll={allowAll}
          offered={offer?.(level, values.slice(0, i).map(Number)) ?? null}
          disabled={disabled}
          onChange={() => clearBelow(i)}
        />
      ))}
    </Section>
  );
}

interface CascadeSelectProps<T extends FieldValues, TOut extends FieldValues> {
  form: UseFormReturn<T, unknown, TOut>;
  level: AdminLevel;
  name: FieldPath<T>;
  parent: string | undefined;
  enabled: boolean;
  allowAll: boolean;
  offered: ReturnType<CascadeOffer> | null;
  disabled: boolean;
  onChange: () => void;
}

function CascadeSelect<T extends FieldValues, TOut extends FieldValues>({
  form,
  level,
  name,
  parent,
  enabled,
  allowAll,
  offered,
  disabled,
  onChange,
}: CascadeSelectProps<T, TOut>) {
  const t = useT();
  const { state, retry } = useAreas(level, parent, enabled);
  const current = useWatch({ control: form.control, name }) as string | undefined;
  const ids = offered?.ids ?? 'every';
  const loaded = state.status === 'ready' ? state.areas : [];
  const areas = useMemo(
    () => (ids === 'every' ? loaded : loaded.filter((a) => ids.has(a.id) || String(a.id) === current)),
    [loaded, ids, current],
  );
  const lang = currentLanguage();
  const options = useMemo(() => areaOptions(areas, lang), [areas, lang]);
  const all = allowAll && (offered?.all ?? true);
  const shown =
    state.status === 'ready' && (all || (allowAll && current === ALL))
      ? [{ value: ALL, label: t('common.all') }, ...options]
      : options;
  const placeholder =
    state.status === 'loading'
      ? t('common.loading')
      : state.status === 'ready' && !areas.length
        ? t('common.no_options')
        : undefined;
  return (
    <>
      <SelectField
        control={form.control}
        name={name}
        label={t(`common.location.${level}`)}
        options={shown}
        placeholder={placeholder}
        disabled={disabled || !enabled || state.status !== 'ready'}
        onValueChange={onChange}
      />
      {state.status === 'error' && (
        <div className="cascade-error" role="alert">
          <span>{describeApiError(state.error)}</span>
          <Button size="s" mode="plain" onClick={retry}>
            {t('common.retry')}
          </Button>
        </div>
      )}
    </>
  );
}
