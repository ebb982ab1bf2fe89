import type { FarmerRecordEntry, FarmerPage as Page } from '@gebere/contract';
import { farmerFullName } from '@gebere/contract/rules';
import { prefillPhone } from '@gebere/phone';
import { Button, Cell, List, Section } from '@telegram-apps/telegram-ui';
import { Fragment, lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { ScreenMessage } from '../../components/screen';
import { describeApiError } from '../../lib/api/errors';
import type { ApiError } from '../../lib/api/lazy-client';
import { momentDayText } from '../../lib/i18n/dates';
import { useT } from '../../lib/i18n/texts';
import { historyDepth } from '../../lib/navigation';
import { getFarmer } from './calls';

// The writes bring the save protocol and its form kit: loaded with the page, never with the list.
const actions = () => import('./farmer-actions');
const RetireFarmer = lazy(() => actions().then((m) => ({ default: m.RetireFarmer })));
const TakeBack = lazy(() => actions().then((m) => ({ default: m.TakeBack })));

type Load = { status: 'loading' } | { status: 'ready'; farmer: Page } | { status: 'error'; error: ApiError };

/**
 * One farmer's page from the server (or as kept for offline use); none while `id` is undefined.
 * `refresh` (after a change, or back from correcting) reads it again while the page stays shown.
 */
export function useFarmer(id: number | undefined, again?: unknown) {
  // What was read, and for whom: another farmer's page is never shown for this one, not even
  // for the moment between a link and its read (a DA would act on the wrong farmer).
  const [read, setRead] = useState<{ id: number; load: Exclude<Load, { status: 'loading' }> }>();
  const [attempt, setAttempt] = useState(0);
  // `again`, attempt: read again; the page stays while it does.
  useEffect(() => {
    if (id === undefined) return;
    let live = true;
    void getFarmer(id).then((r) => {
      if (!live) return;
      setRead({ id, load: r.ok ? { status: 'ready', farmer: r.data } : { status: 'error', error: r.error } });
    });
    return () => {
      live = false;
    };
  }, [id, attempt, again]);
  const state: Load = read && read.id === id ? read.load : { status: 'loading' };
  return { state, retry: () => setAttempt((n) => n + 1) };
}

function Records({
  farmer,
  kind,
  records,
  changed,
}: {
  farmer: Page;
  kind: 'reach' | 'adoption';
  records: readonly FarmerRecordEntry[];
  changed: () => void;
}) {
  const t = useT();
  const now = Date.now();
  return (
    <Section header={t(kind === 'reach' ? 'registry.reach' : 'registry.adoption')}>
      {records.length === 0 ? (
        <Cell multiline>{t('registry.no_records')}</Cell>
      ) : (
        records.map((r) => (
          <Fragment key={r.id}>
            <Cell multiline subtitle={`${momentDayText(r.created_at)} · ${r.created_by_name}`}>
              {r.advisory_label}
            </Cell>
            {/* Within 14 days of its capture, and not for a retired farmer's records. */}
            {!farmer.retired_at && Date.parse(r.take_back_until) > now && (
              <Suspense fallback={null}>
                <TakeBack farmer={farmer} kind={kind} record={r} done={changed} />
              </Suspense>
            )}
          </Fragment>
        ))
      )}
    </Section>
  );
}

/**
 * One farmer: names, phone, gender, group, who registered them and when, whether retired, and
 * the advisories that reached them and that they adopted (newest first, with when and by whom).
 */
export function FarmerPage({
  state,
  retry,
  hrefOf,
}: {
  state: Exclude<Load, { status: 'loading' }>;
  /** A farmer's page (`edit`: their correction). */
  hrefOf: (farmer: number, edit?: boolean) => string;
  retry: () => void;
}) {
  const t = useT();
  if (state.status === 'error')
    return (
      <ScreenMessage
        text={state.error.status === 404 ? t('registry.not_found') : describeApiError(state.error)}
        action={
          state.error.status === 404 ? undefined : (
            <Button size="m" onClick={retry}>
              {t('common.try_again')}
            </Button>
          )
        }
      />
    );
  const f = state.farmer;
  return (
    <List>
      <Section header={farmerFullName(f)}>
        {f.retired_reason && (
          <Cell multiline className="mf-retired">
            {t('registry.retired', { reason: t(`registry.reasons.${f.retired_reason}`) })}
          </Cell>
        )}
        {/* Merged (`gebere merge`): the farmer kept, whose page holds the records now. */}
        {f.duplicate_of !== null &&
          (f.duplicate_of_name ? (
            <Link href={hrefOf(f.duplicate_of)} state={{ depth: historyDepth() + 1 }} asChild>
              <Cell Component="a" multiline>
                {t('registry.merged_into', { name: f.duplicate_of_name })}
              </Cell>
            </Link>
          ) : (
            <Cell multiline>{t('registry.merged_elsewhere')}</Cell>
          ))}
        <Cell subhead={t('registry.fields.phone_number')}>{prefillPhone(f.phone_number) || '—'}</Cell>
        <Cell subhead={t('registry.fields.gender')}>{t(`common.gender.${f.gender}`)}</Cell>
        <Cell subhead={t('registry.fields.development_group')}>{f.group_name}</Cell>
        <Cell multiline>
          {t('registry.registered', { date: momentDayText(f.created_at), name: f.created_by_name })}
        </Cell>
      </Section>
      {!f.retired_at && (
        <div className="screen-actions">
          <Link href={hrefOf(f.id, true)} state={{ depth: historyDepth() + 1 }} asChild>
            <Button Component="a" size="m" mode="bezeled" stretched>
              {t('registry.correct')}
            </Button>
          </Link>
        </div>
      )}
      <Records farmer={f} kind="reach" records={f.reach} changed={retry} />
      <Records farmer={f} kind="adoption" records={f.adoption} changed={retry} />
      {!f.retired_at && (
        <Suspense fallback={null}>
          <RetireFarmer farmer={f} done={retry} />
        </Suspense>
      )}
    </List>
  );
}
