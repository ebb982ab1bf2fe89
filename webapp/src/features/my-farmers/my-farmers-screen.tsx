import type { KebeleFarmer } from '@gebere/contract';
import { screens } from '@gebere/contract/screens';
import registryTexts from '@gebere/i18n/locales/en/registry.json';
import { Button } from '@telegram-apps/telegram-ui';
import { lazy, Suspense, useCallback } from 'react';
import { useSearch } from 'wouter';
import { Screen, ScreenMessage } from '../../components/screen';
import { describeApiError } from '../../lib/api/errors';
import type { ApiError } from '../../lib/api/lazy-client';
import { addEnglish } from '../../lib/i18n/resources-en';
import { useT } from '../../lib/i18n/texts';
import { useLoad } from '../../lib/loading';
import { useScreenParams } from '../../lib/navigation';
import { listKebeleFarmers } from './calls';
import { FarmerList } from './farmer-list';
import { FarmerPage, useFarmer } from './farmer-page';
import './my-farmers.css';

// This screen's own English texts come with its chunk (lib/i18n/resources-en.ts).
addEnglish('registry', registryTexts);

// A correction's form (react-hook-form, the save protocol) comes when it is opened.
const CorrectForm = lazy(() => import('./correct-form').then((m) => ({ default: m.CorrectForm })));

type Load =
  | { status: 'loading' }
  | { status: 'ready'; farmers: KebeleFarmer[] }
  | { status: 'error'; error: ApiError };

function useKebeleFarmers(values: Parameters<typeof listKebeleFarmers>[0] | undefined) {
  // The kebele decides the list.
  return useLoad<Load>(
    values &&
      (async () => {
        const r = await listKebeleFarmers(values);
        return r.ok ? { status: 'ready', farmers: r.data } : { status: 'error', error: r.error };
      }),
    [values?.kebele_id],
  );
}

/**
 * My farmers (beyond the spec; docs/decisions.md "Correcting records"): the farmers of the DA's
 * kebele by group, the groups with the DA's own first; a search by any part of a name, in either
 * script, or by phone, on the phone itself (search.ts: instant on 5,000, and offline from the
 * list kept by read-through.ts); `farmer` opens one farmer's page with their records.
 */
export function MyFarmersScreen() {
  const t = useT();
  const { values, missing, complete } = useScreenParams('myFarmers');
  const search = useSearch();
  const farmerId = complete ? values.farmer : undefined;
  const { state, retry } = useKebeleFarmers(complete && farmerId === undefined ? values : undefined);
  const editing = complete && values.edit === true;
  const farmer = useFarmer(farmerId, editing);
  const hrefOf = useCallback(
    (farmer: number, edit = false) => {
      const query = new URLSearchParams(search);
      query.set('farmer', String(farmer));
      if (edit) query.set('edit', 'true');
      return `${screens.myFarmers.path}?${query}`;
    },
    [search],
  );

  let body = null;
  let loading = false;
  if (farmerId !== undefined) {
    if (farmer.state.status === 'loading') loading = true;
    else if (editing && farmer.state.status === 'ready')
      body = (
        <Suspense fallback={null}>
          <CorrectForm farmer={farmer.state.farmer} done={() => window.history.back()} />
        </Suspense>
      );
    else body = <FarmerPage state={farmer.state} retry={farmer.retry} hrefOf={hrefOf} />;
  } else if (state.status === 'loading') loading = true;
  else if (state.status === 'error')
    body = (
      <ScreenMessage
        text={`${t('registry.error_loading')} ${describeApiError(state.error)}`}
        action={
          <Button size="m" onClick={retry}>
            {t('common.try_again')}
          </Button>
        }
      />
    );
  else if (state.farmers.length === 0) body = <ScreenMessage text={t('registry.none')} />;
  else if (complete) body = <FarmerList farmers={state.farmers} daId={values.da_id} hrefOf={hrefOf} />;

  return (
    <Screen title={t('registry.title')} missing={missing} loading={loading}>
      {body}
    </Screen>
  );
}

export { MyFarmersScreen as default };
