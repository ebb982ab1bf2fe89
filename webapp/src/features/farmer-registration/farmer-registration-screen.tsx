import farmerTexts from '@gebere/i18n/locales/en/farmer.json';
import { Spinner } from '@telegram-apps/telegram-ui';
import { Screen, ScreenMessage } from '../../components/screen';
import { addEnglish } from '../../lib/i18n/resources-en';
import { useT } from '../../lib/i18n/texts';
import { useScreenParams } from '../../lib/navigation';
import { useFormData } from './use-form-data';

// This screen's own English texts come with its chunk (lib/i18n/resources-en.ts).
addEnglish('farmer', farmerTexts);

function GroupsLoading() {
  const t = useT();
  return (
    <div role="status" aria-live="polite" aria-busy="true" aria-label={t('farmer.loading_groups')}>
      <ScreenMessage text={t('farmer.loading_groups')}>
        <Spinner size="l" />
      </ScreenMessage>
    </div>
  );
}

/**
 * Spec §2 /farmer_registration?da_id=&kebele_id=: a loading indicator until the kebele's
 * development groups are loaded, then the form; the main button 'Register' submits. A failed
 * load shows an error with a retry. Toasts here: top-right, 5000 ms (§9).
 *
 * This chunk is the screen's whole first load beyond the shell (the "farmer form ready in
 * ≤ 2.5 s on 3G" budget): the form's code comes in parallel with the groups.
 */
export function FarmerRegistrationScreen() {
  const t = useT();
  const { complete, values: ids, missing } = useScreenParams('farmerRegistration');
  const { data, retry } = useFormData(complete ? ids : undefined);
  const error =
    data.status === 'error'
      ? { message: t('farmer.error_loading_groups'), onRetry: retry, retryText: t('common.retry') }
      : null;
  return (
    <Screen title={t('farmer.title')} missing={missing} error={error}>
      {data.status === 'loading' && <GroupsLoading />}
      {data.status === 'ready' && ids.da_id && ids.kebele_id && (
        <data.FarmerForm daId={ids.da_id} kebeleId={ids.kebele_id} groups={data.groups} />
      )}
    </Screen>
  );
}

export { FarmerRegistrationScreen as default };
