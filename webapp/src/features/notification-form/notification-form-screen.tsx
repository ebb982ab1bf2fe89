import type { NotificationDetails } from '@gebere/contract';
import { useEffect, useState } from 'react';
import { Screen } from '../../components/screen';
import type { ApiError } from '../../lib/api';
import { describeApiError } from '../../lib/api-errors';
import { useT } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { parseId, useIdParams } from '../../lib/use-query-params';
import { getNotification } from './calls';
import { valuesOf } from './form-values';
import { NotificationForm } from './notification-form';
import './notification-form.css';

/** Spec §2 /notification/create?bot_user_id=: the creator is the link's bot user. */
function CreateScreen() {
  const t = useT();
  const { ids, missing } = useIdParams('bot_user_id');
  return (
    <Screen title={t('notification.title_create')} missing={missing}>
      {ids.bot_user_id && <NotificationForm mode="create" createdBy={ids.bot_user_id} />}
    </Screen>
  );
}

type Load =
  | { status: 'loading' }
  | { status: 'ready'; notification: NotificationDetails }
  | { status: 'error'; error: ApiError };

/**
 * Spec §2 /notification/update/{id}: the notification's details prefill the form. No creator
 * parameter is needed: the backend lets only the creator (from the launch's proof) read or
 * change it.
 */
function UpdateScreen({ id }: { id: number | undefined }) {
  const t = useT();
  const [state, setState] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!id) return;
    let live = true;
    setState({ status: 'loading' });
    void getNotification(id).then((r) => {
      if (!live) return;
      if (r.ok) setState({ status: 'ready', notification: r.data });
      else {
        setState({ status: 'error', error: r.error });
        toast.error(t('notification.error_getting_notification_detail'));
      }
    });
    return () => {
      live = false;
    };
    // attempt: Try Again re-runs the load
  }, [id, attempt, t]);

  return (
    <Screen
      title={t('notification.title_update')}
      missing={id ? undefined : ['id']}
      loading={state.status === 'loading'}
      error={
        state.status === 'error'
          ? { message: describeApiError(state.error), onRetry: () => setAttempt((n) => n + 1) }
          : null
      }
    >
      {state.status === 'ready' && (
        <NotificationForm
          mode="update"
          notification={state.notification}
          initial={valuesOf(state.notification)}
          deliveries={state.notification.deliveries}
        />
      )}
    </Screen>
  );
}

export function NotificationFormScreen({ mode, id }: { mode: 'create' | 'update'; id?: string }) {
  return mode === 'update' ? <UpdateScreen key={id} id={parseId(id)} /> : <CreateScreen />;
}
