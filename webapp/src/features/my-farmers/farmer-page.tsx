import type { FarmerRecordEntry, FarmerPage as Page } from '@gebere/contract';
import { prefillPhone } from '@gebere/phone';
import { Button, Cell, List, Section } from '@telegram-apps/telegram-ui';
import { useEffect, useState } from 'react';
import { ScreenMessage } from '../../components/screen';
import { describeApiError } from '../../lib/api/errors';
import type { ApiError } from '../../lib/api/lazy-client';
import { momentDayText } from '../../lib/i18n/dates';
import { useT } from '../../lib/i18n/texts';
import { getFarmer } from './calls';

type Load = { status: 'loading' } | { status: 'ready'; farmer: Page } | { status: 'error'; error: ApiError };

/** One farmer's page from the server (or as kept for offline use); none while `id` is undefined. */
export function useFarmer(id: number | undefined) {
  const [state, setState] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (id === undefined) return;
    let live = true;
    setState({ status: 'loading' });
    void getFarmer(id).then((r) => {
      if (live) setState(r.ok ? { status: 'ready', farmer: r.data } : { status: 'error', error: r.error });
    });
    return () => {
      live = false;
    };
    // attempt: Try Again asks again
  }, [id, attempt]);
  return { state, retry: () => setAttempt((n) => n + 1) };
}

function Records({ title, records }: { title: string; records: readonly FarmerRecordEntry[] }) {
  const t = useT();
  return (
    <Section header={title}>
      {records.length === 0 ? (
        <Cell multiline>{t('farmer.mine.no_records')}</Cell>
      ) : (
        records.map((r) => (
          <Cell key={r.id} multiline subtitle={`${momentDayText(r.created_at)} · ${r.created_by_name}`}>
            {r.advisory_label}
          </Cell>
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
}: {
  state: Exclude<Load, { status: 'loading' }>;
  retry: () => void;
}) {
  const t = useT();
  if (state.status === 'error')
    return (
      <ScreenMessage
        text={state.error.status === 404 ? t('farmer.mine.not_found') : describeApiError(state.error)}
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
      <Section header={[f.farmer_name, f.father_name, f.grand_father_name].join(' ')}>
        {f.retired_reason && (
          <Cell multiline className="mf-retired">
            {t('farmer.mine.retired', { reason: t(`farmer.mine.reasons.${f.retired_reason}`) })}
          </Cell>
        )}
        <Cell subhead={t('farmer.fields.phone_number')}>{prefillPhone(f.phone_number) || '—'}</Cell>
        <Cell subhead={t('farmer.fields.gender')}>{t(`common.gender.${f.gender}`)}</Cell>
        <Cell subhead={t('farmer.fields.development_group')}>{f.group_name}</Cell>
        <Cell multiline>
          {t('farmer.mine.registered', { date: momentDayText(f.created_at), name: f.created_by_name })}
        </Cell>
      </Section>
      <Records title={t('farmer.mine.reach')} records={f.reach} />
      <Records title={t('farmer.mine.adoption')} records={f.adoption} />
    </List>
  );
}
