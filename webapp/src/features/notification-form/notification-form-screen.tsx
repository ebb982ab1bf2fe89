import type { NotificationDetails } from '@gebere/contract';
import type { ScreenName } from '@gebere/contract/screens';
import notificationTexts from '@gebere/i18n/locales/en/notification.json';
import { Screen } from '../../components/screen';
import { describeApiError } from '../../lib/api/errors';
import { type ApiError, NETWORK_ERROR } from '../../lib/api/lazy-client';
import { useManagerGrants } from '../../lib/api/my-grants';
import { addEnglish } from '../../lib/i18n/resources-en';
import { useT } from '../../lib/i18n/texts';
import { useLoad } from '../../lib/loading';
import { useScreenParams } from '../../lib/navigation';
import { toast } from '../../lib/ui/toast';
import { getNotification } from './calls';
import { useFormChunk } from './use-form-chunk';

// This screen's own English texts come with its chunk (lib/i18n/resources-en.ts).
addEnglish('notification', notificationTexts);

/** Spec §2 /notification/create?bot_user_id=: the creator is the link's bot user. */
function CreateScreen() {
  const t = useT();
  const { values: ids, missing } = useScreenParams('notificationCreate');
  const { chunk, retry } = useFormChunk();
  // The areas the form offers are the manager's grants' (asked beside the form's code).
  const grants = useManagerGrants(missing.length === 0);
  return (
    <Screen
      title={t('notification.title_create')}
      missing={missing}
      loading={chunk.status === 'loading' || grants === 'loading'}
      error={chunk.status === 'failed' ? { message: describeApiError(NETWORK_ERROR), onRetry: retry } : null}
    >
      {chunk.status === 'ready' && grants !== 'loading' && ids.bot_user_id && (
        <chunk.Form mode="create" createdBy={ids.bot_user_id} grants={grants} />
      )}
    </Screen>
  );
}

type Details =
  | { status: 'loading' }
  | { status: 'ready'; notification: NotificationDetails }
  | { status: 'error'; error: ApiError };

function useDetails(id: number | undefined) {
  const t = useT();
  const { state, retry } = useLoad<Details>(
    id
      ? async () => {
          const r = await getNotification(id);
          if (r.ok) return { status: 'ready', notification: r.data };
          toast.error(t('notification.error_getting_notification_detail'));
          return { status: 'error', error: r.error };
        }
      : undefined,
    [id, t],
  );
  return { details: state, retry };
}

/**
 * Spec §2 /notification/update/{id}: the notification's details prefill the form. No creator
 * parameter is needed: the backend lets only the creator (from the launch's proof) read or
 * change it.
 */
function UpdateScreen({ id }: { id: number | undefined }) {
  const t = useT();
  const { details, retry: reload } = useDetails(id);
  const { chunk, retry: redownload } = useFormChunk();
  const grants = useManagerGrants(Boolean(id));
  const error =
    details.status === 'error'
      ? { message: describeApiError(details.error), onRetry: reload }
      : chunk.status === 'failed'
        ? { message: describeApiError(NETWORK_ERROR), onRetry: redownload }
        : null;
  return (
    <Screen
      title={t('notification.title_update')}
      missing={id ? undefined : ['id']}
      loading={details.status === 'loading' || chunk.status === 'loading' || grants === 'loading'}
      error={error}
    >
      {details.status === 'ready' && chunk.status === 'ready' && grants !== 'loading' && (
        <chunk.Form
          mode="update"
          notification={details.notification}
          deliveries={details.notification.deliveries}
          grants={grants}
        />
      )}
    </Screen>
  );
}

/** The notification to update is the path's `id`; a new id is a new screen. */
function UpdateRoute() {
  const { id } = useScreenParams('notificationUpdate').values;
  return <UpdateScreen key={id} id={id} />;
}

export function NotificationFormScreen({ mode }: { mode: 'create' | 'update' }) {
  return mode === 'update' ? <UpdateRoute /> : <CreateScreen />;
}

/** The registry's two screens this folder draws. */
export default function NotificationFormView({ screen }: { screen: ScreenName }) {
  return <NotificationFormScreen mode={screen === 'notificationUpdate' ? 'update' : 'create'} />;
}
